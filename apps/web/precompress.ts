/**
 * Precompression at build: once Vite has written the app (public files included), every text
 * file of the output of at least {@link MIN_BYTES} gets a brotli (`.br`, quality 11) and a gzip
 * (`.gz`, level 9) sibling, so the server sends them as they are (@fastify/static's
 * `preCompressed`) instead of compressing on every request or not at all. Text means JavaScript,
 * CSS, HTML, SVG, JSON, plain text, XML and source maps; images other than SVG are compressed
 * already. Vite's own folder (`.vite/`, the manifest) is build metadata, never served, so it is
 * skipped. Node's zlib only: no package.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const TEXT_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.map',
]);
/** Below this, the saving does not pay for a second request path and the headers. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function isCompressible(file: string, outDir: string, size: number): boolean {
  if (size < MIN_BYTES) return false;
  if (path.relative(outDir, file).split(path.sep)[0] === '.vite') return false;
  return TEXT_EXTENSIONS.has(path.extname(file).toLowerCase());
}

async function compressFile(file: string, source: Buffer): Promise<void> {
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
}

/** Writes `.br` and `.gz` next to every text file of `outDir` of at least 1 KiB. */
export async function precompressDir(outDir: string): Promise<number> {
  let count = 0;
  for (const file of await listFiles(outDir)) {
    const source = await fs.readFile(file);
    if (!isCompressible(file, outDir, source.length)) continue;
    await compressFile(file, source);
    count += 1;
  }
  return count;
}

/** The Vite plugin: runs {@link precompressDir} on the build's output when the build is done. */
export function precompress(): Plugin {
  let outDir = '';
  let logger: ResolvedConfig['logger'] | undefined;
  return {
    name: 'bullpen:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const count = await precompressDir(outDir);
      logger?.info(`precompressed ${count} files (brotli and gzip)`);
    },
  };
}
