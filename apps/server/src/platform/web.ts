import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { FIRST_LOAD_PAGES } from '@bullpen/contract/web-build';
import type { FirstLoadPage } from '@bullpen/contract/web-build';

const API_PREFIXES = ['/api/', '/api-token-', '/media/', '/ws'];

/** A page's URL pattern as React Router matches it: any case, a trailing slash or none. */
function patternRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}

/**
 * The build's copies of index.html that preload a page's own chunks (apps/web/first-load.ts,
 * decision 026), each with the paths it answers; none for a build without them.
 */
function readFirstLoadPages(webDist: string): { path: RegExp; file: string }[] {
  const list = path.join(webDist, FIRST_LOAD_PAGES);
  if (!fs.existsSync(list)) return [];
  const pages = JSON.parse(fs.readFileSync(list, 'utf8')) as FirstLoadPage[];
  const params = (pattern: string) => pattern.split('/:').length;
  return (
    pages
      .filter(({ file }) => fs.existsSync(path.join(webDist, file)))
      // As React Router ranks them: `/contest/new` before `/contest/:id`, were there both.
      .sort((a, b) => params(a.pattern) - params(b.pattern))
      .map(({ pattern, file }) => ({ path: patternRegExp(pattern), file }))
  );
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is revalidated,
 * and every other GET for a page gets it (the SPA fallback). Paths under the API prefixes
 * (uploaded media included) are left to the domains' routes. The build writes a brotli (`.br`)
 * and a gzip (`.gz`) copy of every text file of 1 KiB or more (apps/web/precompress.ts): a
 * request that accepts one gets it with `content-encoding`, others get the file as it is, and
 * every answer says `vary: accept-encoding` so a shared cache keeps them apart. A page the build
 * wrote a copy of index.html for gets that copy, which names the page's chunks for the browser
 * to fetch beside the shell's.
 */
export async function registerWeb(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;

  const indexFile = path.join(config.webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): serving the API only`);
    return;
  }
  const firstLoadPages = readFirstLoadPages(config.webDist);
  await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      response.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    if (path.extname(url) !== '') return;
    // A page of the app: its routes are the client's, so every path gets index.html (compressed
    // like any other file; setHeaders marks it no-cache), or the page's copy of it.
    const page = firstLoadPages.find((candidate) => candidate.path.test(url));
    return reply.sendFile(page?.file ?? 'index.html');
  });
}
