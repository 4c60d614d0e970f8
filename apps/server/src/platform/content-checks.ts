import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Executor } from '../db/connection.ts';
import { readSetting, writeSetting } from './settings.ts';

/**
 * The built server's identity: the hash of the bundle beside this module (`dist/main.js`; the
 * template script in `dist/` sees the same one). Null when running from the sources (tests,
 * development), where checks always run.
 */
let build: string | null | undefined;
function serverBuild(): string | null {
  if (build === undefined) {
    try {
      const bundle = fs.readFileSync(path.join(import.meta.dirname, 'main.js'));
      build = createHash('sha256').update(bundle).digest('hex');
    } catch {
      build = null;
    }
  }
  return build;
}

/**
 * Runs a content check (it throws on a problem) unless this very build of the server has
 * already passed it for exactly this content, and remembers a pass in `app_settings`. Checking
 * the curriculum and the modules took a third of a second of every start (issue #13), for files
 * that rarely change; a new build or a changed file checks again. `npm test` and
 * `npm run content:report` always check in full.
 */
export async function checkOnce(
  db: Executor,
  name: string,
  content: unknown,
  check: () => void,
  identity: string | null = serverBuild(),
): Promise<void> {
  if (identity === null) {
    check();
    return;
  }
  const key = `content-checked:${name}`;
  const hash = createHash('sha256').update(identity).update(JSON.stringify(content)).digest('hex');
  if ((await readSetting(db, key)) === hash) return;
  check();
  await writeSetting(db, key, hash);
}
