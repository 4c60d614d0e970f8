// Run by the server's build: writes the migrated embedded database, with the repository's
// curriculum, the learn-and-earn modules and the platform rewards already written, that a new
// data directory starts from (see `pgliteTemplateFile`).
// A start with another CONTENT_DIR syncs that one over it, as it would any older curriculum.
import fs from 'node:fs/promises';
import path from 'node:path';
import { openPglite, pgliteTemplateFile } from './db/connection.ts';
import { lessonIdsBySlug, loadCurriculumOnce, syncCurriculum } from './learn/service.ts';
import { repoRoot } from './platform/paths.ts';
import { loadModulesOnce, syncModules } from './zogo/content-service.ts';
import { syncPlatformRewards } from './rewards/service.ts';

const handle = await openPglite();
await handle.migrate();
const contentDir = path.join(repoRoot, 'content');
// Checked here, so a first start of this build on the same files need not check them again.
await syncCurriculum(handle.db, await loadCurriculumOnce(handle.db, contentDir));
const lessonIds = await lessonIdsBySlug(handle.db);
await syncModules(
  handle.db,
  await loadModulesOnce(handle.db, contentDir, new Set(lessonIds.keys())),
  lessonIds,
);
await syncPlatformRewards(handle.db, new Date());
const dump = await handle.client.dumpDataDir('gzip');
await handle.close();
await fs.writeFile(pgliteTemplateFile, Buffer.from(await dump.arrayBuffer()));
