import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/api/', '/api-token-', '/media/', '/ws'];

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is revalidated,
 * and every other GET for a page gets it (the SPA fallback). Paths under the API prefixes
 * (uploaded media included) are left to the domains' routes. The build writes a brotli (`.br`)
 * and a gzip (`.gz`) copy of every text file of 1 KiB or more (apps/web/precompress.ts): a
 * request that accepts one gets it with `content-encoding`, others get the file as it is, and
 * every answer says `vary: accept-encoding` so a shared cache keeps them apart.
 */
export async function registerWeb(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;

  const indexFile = path.join(config.webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): serving the API only`);
    return;
  }
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
    // like any other file; setHeaders marks it no-cache).
    return reply.sendFile('index.html');
  });
}
