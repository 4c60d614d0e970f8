// Compiles the server to one ES module per entry in dist/, with source maps, so production
// runs plain JavaScript (`node --enable-source-maps dist/main.js`) and stack traces in the
// logs point at the TypeScript. The npm packages are bundled in too: finding and reading some
// 900 modules' files one by one took a third of a first start (issue #13: under 3 s). Those
// that read files of their own at run time stay external, installed beside it. The source
// maps keep only the server's own code: mapping the bundled packages made a map eight times
// larger, which Node reads at start-up under --enable-source-maps (about a second).
// Then it writes the migrated, empty embedded database a new data directory starts from.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');

/** Packages left to Node's resolution, and why. */
const externalPackages = new Set([
  '@electric-sql/pglite', // its WebAssembly and data files, beside its modules
  '@node-rs/argon2', // native addon
  'sharp', // native addon, loaded by platform
  'pino', // its transports run in worker threads from its own files
  '@fastify/static', // serves files relative to its own folder
  '@fastify/swagger', // reads its own package.json
  '@fastify/swagger-ui', // the Swagger UI's static files
]);

function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Drops the mappings of bundled npm packages from a source map (their lines stay unmapped). */
function ownCodeOnly(mapFile) {
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
  const kept = map.sources.map((source) => !source.includes('node_modules/'));
  const newIndex = [];
  const sources = [];
  kept.forEach((keep, index) => {
    if (!keep) return;
    newIndex[index] = sources.length;
    sources.push(map.sources[index]);
  });
  const mappings = decode(map.mappings).map((line) =>
    line
      .filter((segment) => segment.length === 1 || kept[segment[1]])
      .map((segment) =>
        segment.length === 1 ? segment : [segment[0], newIndex[segment[1]], ...segment.slice(2)],
      ),
  );
  fs.writeFileSync(mapFile, JSON.stringify({ ...map, sources, mappings: encode(mappings) }));
}

await build({
  absWorkingDir: serverRoot,
  entryPoints: {
    main: 'src/main.ts',
    'market-import': 'src/market/import-cli.ts',
    'db-move': 'src/db-move.ts',
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
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: "import { createRequire as bundledRequire } from 'node:module'; const require = bundledRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'external-npm-packages',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('node:') || externalPackages.has(packageOf(args.path))
            ? { path: args.path, external: true }
            : undefined,
        );
      },
    },
  ],
});
for (const file of fs.readdirSync(path.join(serverRoot, 'dist'))) {
  if (file.endsWith('.js.map')) ownCodeOnly(path.join(serverRoot, 'dist', file));
}

execFileSync(process.execPath, [path.join(serverRoot, 'dist/pglite-template.js')], {
  stdio: 'inherit',
});
