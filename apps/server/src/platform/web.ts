import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/api/', '/api-token-', '/media/', '/ws'];

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is revalidated,
 * and every other GET for a page gets it (the SPA fallback). Paths under the API prefixes
 * (uploaded media included) are left to the domains' routes.
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
    cacheControl: false,
    setHeaders: (response, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      response.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const indexHtml = fs.readFileSync(indexFile);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    if (path.extname(url) !== '') return;
    // A page of the app: its routes are the client's, so every path gets index.html.
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
