// npm start: builds the web app and the server when a build is missing or older than its
// sources, then starts the compiled server (app + API on one port) on the embedded database
// unless DATABASE_URL is set. `npm start` is the demo (SEED_DEMO=true unless set otherwise);
// `npm run start:production` (`--production`) asks for no demo data.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const wantedNode = fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
if (process.versions.node.split('.')[0] !== wantedNode.split('.')[0]) {
  console.error(
    `Bullpen runs on Node ${wantedNode}; this is Node ${process.versions.node}. ` +
      'Run `npm run setup` (it installs Node ' +
      wantedNode +
      ' into node_modules), then `npm start`.',
  );
  process.exit(1);
}

function newestChange(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce(
      (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
      stat.mtimeMs,
    );
}

const contract = path.join(root, 'packages/contract/src');
const builds = [
  {
    workspace: '@bullpen/web',
    output: path.join(root, 'apps/web/dist/index.html'),
    sources: [path.join(root, 'apps/web/src'), path.join(root, 'apps/web/index.html'), contract],
  },
  {
    workspace: '@bullpen/server',
    output: path.join(root, 'apps/server/dist/main.js'),
    sources: [path.join(root, 'apps/server/src'), contract],
  },
];

for (const { workspace, output, sources } of builds) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map(newestChange))) continue;
  console.warn(`Building ${workspace}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      NODE_ENV: 'production',
      ...(process.argv.includes('--production') ? {} : { SEED_DEMO: 'true' }),
      ...process.env,
    },
  },
);
// SIGHUP too: with WORKERS, the server's primary restarts its workers one at a time on it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
