// Run by the server's build: writes the migrated embedded database, with the repository's
// curriculum, the learn-and-earn modules and the platform rewards already written, that a new
// data directory starts from (see `pgliteTemplateFile`).
// A start with another CONTENT_DIR syncs that one over it, as it would any older curriculum.
import fs from 'node:fs/promises';
import path from 'node:path';
import { openPglite, pgliteTemplateFile } from './db/connection.ts';
import { lessonIdsBySlug, loadCurriculum, syncCurriculum } from './learn/service.ts';
import { repoRoot } from './platform/paths.ts';
import { loadModules, syncModules } from './zogo/content-service.ts';
import { syncPlatformRewards } from './rewards/service.ts';

const handle = await openPglite();
await handle.migrate();
const contentDir = path.join(repoRoot, 'content');
await syncCurriculum(handle.db, loadCurriculum(contentDir));
const lessonIds = await lessonIdsBySlug(handle.db);
await syncModules(handle.db, loadModules(contentDir, new Set(lessonIds.keys())), lessonIds);
await syncPlatformRewards(handle.db, new Date());
const dump = await handle.client.dumpDataDir('gzip');
await handle.close();
await fs.writeFile(pgliteTemplateFile, Buffer.from(await dump.arrayBuffer()));
