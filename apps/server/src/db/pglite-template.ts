// Run by the server's build: writes the migrated, empty embedded database that a new data
// directory starts from (see `pgliteTemplateFile`).
import fs from 'node:fs/promises';
import { openPglite, pgliteTemplateFile } from './connection.ts';

const handle = await openPglite();
await handle.migrate();
const dump = await handle.client.dumpDataDir('gzip');
await handle.close();
await fs.writeFile(pgliteTemplateFile, Buffer.from(await dump.arrayBuffer()));
