// `npm run setup`: installs the project's packages with npm running on the Node version in
// .nvmrc. When the machine's own Node is another (say Debian's Node 20), that Node comes from
// the npm registry first (the `node` package), so a fresh machine needs nothing else and npm
// checks every package's engines against the Node that will run it.
// Written for any Node from 18 on: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const wanted = fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
const npmArgs = process.argv.includes('--ci')
  ? ['ci', '--no-audit', '--no-fund']
  : ['install', '--no-audit', '--no-fund'];

const [command, ...args] =
  process.versions.node === wanted
    ? ['npm', ...npmArgs]
    : ['npx', '--yes', '--package', `node@${wanted}`, '--', 'npm', ...npmArgs];
console.log(
  `Installing with npm on Node ${wanted} (this machine's Node is ${process.versions.node})`,
);
const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
