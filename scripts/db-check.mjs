// Fails when the committed migrations do not match the Drizzle schema: `drizzle-kit check`
// (the migrations' snapshots agree with each other), then `drizzle-kit generate` into a
// temporary copy of apps/server/drizzle, which must come out unchanged. Leaves no file behind.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '../apps/server');
const drizzleKit = path.resolve(import.meta.dirname, '../node_modules/.bin/drizzle-kit');
const run = (args) =>
  execFileSync(drizzleKit, args, { cwd: server, encoding: 'utf8', stdio: 'pipe' });

function listing(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .sort()
    .map((file) => {
      const full = path.join(dir, file);
      return fs.statSync(full).isFile() ? `${file}:${fs.readFileSync(full, 'utf8')}` : file;
    });
}

run(['check', '--config', 'drizzle.config.ts']);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-db-check-'));
try {
  const out = path.join(scratch, 'drizzle');
  fs.cpSync(path.join(server, 'drizzle'), out, { recursive: true });
  const before = listing(out);
  run([
    'generate',
    '--dialect=postgresql',
    '--schema=./src/db/schema/index.ts',
    `--out=${out}`,
    '--casing=snake_case',
  ]);
  const after = listing(out);
  if (JSON.stringify(before) !== JSON.stringify(after)) {
    const added = after.filter((entry) => !before.includes(entry)).map((e) => e.split(':')[0]);
    console.error(
      `The schema has changes without a migration (drizzle-kit would write: ${added.join(', ')}).\n` +
        'Run `npm run db:generate` and commit the migration.',
    );
    process.exit(1);
  }
  console.log('db:check: migrations match the schema');
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
