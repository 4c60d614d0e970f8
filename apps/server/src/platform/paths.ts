import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder, found by walking up from this module, so the same code finds
 * its migrations and the repository whether it runs from `src/` (tests, tsx) or from the
 * compiled bundle in `dist/`.
 */
function findServerRoot(start: string): string {
  for (let directory = start; ; directory = path.dirname(directory)) {
    const manifest = path.join(directory, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@bullpen/server') return directory;
    }
    if (path.dirname(directory) === directory) {
      throw new Error(`@bullpen/server's package.json not found above ${start}`);
    }
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
export const repoRoot = path.resolve(serverRoot, '../..');
