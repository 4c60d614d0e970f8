// Compiles the server to one ES module per entry in dist/, with source maps, so production
// runs plain JavaScript (`node --enable-source-maps dist/main.js`) and stack traces in the
// logs point at the TypeScript. npm packages stay external (installed beside it); the
// workspace's own contract package is bundled in, since Node does not run its .ts sources.
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');

await build({
  absWorkingDir: serverRoot,
  entryPoints: { main: 'src/main.ts', 'market-import': 'src/market/import-cli.ts' },
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
