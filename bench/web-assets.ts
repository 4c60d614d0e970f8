/**
 * Web assets: for each page, the JavaScript its first load needs, compressed as the server sends
 * it, against the 200 KiB target of the measured pages (docs/performance.md). "Needs" is read from the build's manifest
 * (apps/web/dist/.vite/manifest.json): the entry (index.html's module script) and everything it
 * imports statically, plus the page's lazy route module and its static imports, plus the
 * classic scripts index.html names. "As sent" is the `.br` file the build wrote
 * (apps/web/precompress.ts), or the file itself where it was too small to compress.
 * `npm run bench:web` builds the app first; `node --import tsx bench/web-assets.ts` reads the
 * current build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { COMPILE_HINT } from '../apps/web/compile-hints.ts';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const TARGET_BYTES = 200 * 1024;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

/**
 * Each page's lazy route module, as apps/web/src/app/router.tsx and app/routes/** import it,
 * and the English catalogues its route loads beside it (`withCatalogues` in router.tsx).
 */
const pages: { page: string; path: string; module: string; catalogues: string[] }[] = [
  {
    page: 'home',
    path: '/public/home',
    module: 'src/features/home/HomePage.tsx',
    catalogues: ['home'],
  },
  {
    page: 'signed-in home',
    path: '/home',
    module: 'src/features/home/SignedInHomePage.tsx',
    catalogues: ['home'],
  },
  {
    page: 'notifications',
    path: '/notifications',
    module: 'src/features/notifications/pages/NotificationsPage.tsx',
    catalogues: [],
  },
  {
    page: 'preview courses',
    path: '/public/preview-courses',
    module: 'src/features/learn/pages/PreviewCoursesPage.tsx',
    catalogues: ['learn'],
  },
  {
    page: 'support',
    path: '/public/support',
    module: 'src/features/support/pages/SupportPage.tsx',
    catalogues: ['support'],
  },
  {
    page: 'development',
    path: '/public/development',
    module: 'src/features/market/pages/DevelopmentPage.tsx',
    catalogues: ['market'],
  },
  {
    page: 'login',
    path: '/public/login',
    module: 'src/features/auth/pages/LoginPage.tsx',
    catalogues: ['auth'],
  },
  {
    page: 'my contests',
    path: '/my-contests',
    module: 'src/features/contests/pages/MyContestsPage.tsx',
    catalogues: ['contests', 'market'],
  },
  {
    page: 'contest',
    path: '/contest/:id',
    module: 'src/app/routes/contests/ContestRoute.tsx',
    catalogues: ['contests', 'market'],
  },
  {
    page: 'place order',
    path: '/place-order/:orderType/:contestId/:securityId',
    module: 'src/features/contests/pages/PlaceOrderPage.tsx',
    catalogues: ['contests'],
  },
  {
    page: 'lesson',
    path: '/public/lessons/:alias',
    module: 'src/app/routes/learn/PublicLessonRoute.tsx',
    catalogues: ['learn'],
  },
];

function readManifest(): Manifest {
  if (!fs.existsSync(manifestFile)) {
    console.error(`No build manifest at ${manifestFile}: run \`npm run build -w @bullpen/web\`.`);
    process.exit(1);
  }
  return JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
}

/** The files a chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest: has the route moved?`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** index.html's classic (non-module) scripts: not in the manifest, loaded by every page. */
function classicScripts(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<script(?![^>]*type="module")[^>]*\ssrc="\/([^"]+)"/g)].map(
    (match) => match[1] as string,
  );
}

type Sizes = { raw: number; sent: number };

/** The file's size, and what the server sends to a client that accepts brotli. */
function sizesOf(file: string): Sizes {
  const full = path.join(dist, file);
  const raw = fs.statSync(full).size;
  const compressed = `${full}.br`;
  return { raw, sent: fs.existsSync(compressed) ? fs.statSync(compressed).size : raw };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

const manifest = readManifest();
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The build manifest has no entry.');
const entryFiles = staticClosure(manifest, entryKey);
const classic = classicScripts();
const preloads = [
  ...fs.readFileSync(path.join(dist, 'index.html'), 'utf8').matchAll(/rel="modulepreload"/g),
].length;

const sizeCache = new Map<string, Sizes>();
function sized(file: string): Sizes {
  const known = sizeCache.get(file);
  if (known) return known;
  const sizes = sizesOf(file);
  sizeCache.set(file, sizes);
  return sizes;
}
function totalOf(files: Iterable<string>): Sizes {
  return [...files]
    .map(sized)
    .reduce((sum, sizes) => ({ raw: sum.raw + sizes.raw, sent: sum.sent + sizes.sent }), {
      raw: 0,
      sent: 0,
    });
}
const entryTotals = totalOf([...classic, ...entryFiles]);
console.log(
  `\nWeb: JavaScript each page's first load needs, brotli as sent (target ${kib(TARGET_BYTES)} KiB)`,
);
// The build marks the chunks every page runs at load for eager compiling (decision 022).
const hinted = [...entryFiles].filter((file) =>
  fs.readFileSync(path.join(dist, file), 'utf8').startsWith(COMPILE_HINT),
).length;
console.log(
  `entry ${manifest[entryKey]?.file}: ${entryFiles.size} chunks statically (${hinted} with V8's compile hint), ${preloads} modulepreloads in index.html, ${kib(entryTotals.raw)} KiB raw, ${kib(entryTotals.sent)} KiB brotli`,
);
console.log('| page | route module | chunks | raw KiB | brotli KiB | ratio to target | |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | --- |');
const overTarget = new Set<string>();
for (const { page, path: route, module, catalogues } of pages) {
  const files = new Set([
    ...classic,
    ...entryFiles,
    ...staticClosure(manifest, module),
    ...catalogues.flatMap((ns) => [...staticClosure(manifest, `src/locales/en/${ns}.json`)]),
  ]);
  const totals = totalOf(files);
  const ratio = totals.sent / TARGET_BYTES;
  if (ratio > 1) for (const file of files) overTarget.add(file);
  console.log(
    `| ${page} (${route}) | ${manifest[module]?.file} | ${files.size} | ${kib(totals.raw)} | ${kib(totals.sent)} | ${ratio.toFixed(3)} | ${ratio <= 1 ? 'pass' : 'short'} |`,
  );
}

if (overTarget.size > 0) {
  console.log('\nBiggest chunks among the pages over target (brotli as sent)');
  console.log('| chunk | raw KiB | brotli KiB | in the entry |');
  console.log('| --- | ---: | ---: | --- |');
  const biggest = [...overTarget].sort((a, b) => sized(b).sent - sized(a).sent).slice(0, 10);
  for (const file of biggest) {
    const sizes = sized(file);
    console.log(
      `| ${file} | ${kib(sizes.raw)} | ${kib(sizes.sent)} | ${entryFiles.has(file) ? 'yes' : 'no'} |`,
    );
  }
}
