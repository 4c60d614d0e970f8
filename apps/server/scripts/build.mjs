// Compiles the server to one ES module per entry in dist/, with source maps, so production
// runs plain JavaScript (`node --enable-source-maps dist/main.js`) and stack traces in the
// logs point at the TypeScript. npm packages stay external (installed beside it); the
// workspace's own contract package is bundled in, since Node does not run its .ts sources.
// Then it writes the migrated, empty embedded database a new data directory starts from.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');

await build({
  absWorkingDir: serverRoot,
  entryPoints: {
    main: 'src/main.ts',
    'market-import': 'src/market/import-cli.ts',
    'pglite-template': 'src/pglite-template.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@bullpen/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

execFileSync(process.execPath, [path.join(serverRoot, 'dist/pglite-template.js')], {
  stdio: 'inherit',
});
