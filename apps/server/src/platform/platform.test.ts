import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_PAGES } from '@bullpen/contract/web-build';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** As the web build leaves it (apps/web/precompress.ts): the file, its `.br` and its `.gz`. */
async function writePrecompressed(file: string, text: string): Promise<void> {
  await fs.writeFile(file, text);
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(text));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
}

const indexHtml = `<!doctype html><title>Bullpen</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}`;
/** A page's copy of index.html with its preloads, and the build's list of them (first-load.ts). */
const contestHtml = indexHtml.replace(
  '<title>',
  `${'<link rel="modulepreload" href="/assets/contest-page.js">'.repeat(20)}<title>`,
);
const firstLoadPages = [
  { pattern: '/contest/:id', file: 'first-load/contest-id.html' },
  { pattern: '/public/lessons/:alias', file: 'first-load/public-lessons-alias.html' },
  // A page whose copy is missing gets index.html.
  { pattern: '/my-contests', file: 'first-load/my-contests.html' },
];
const bundle = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i};`).join('\n');

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await writePrecompressed(path.join(webDist, 'index.html'), indexHtml);
  await writePrecompressed(path.join(webDist, 'assets', 'app-def456.js'), bundle);
  await fs.mkdir(path.join(webDist, 'first-load'));
  await fs.writeFile(path.join(webDist, FIRST_LOAD_PAGES), JSON.stringify(firstLoadPages));
  await writePrecompressed(path.join(webDist, 'first-load', 'contest-id.html'), contestHtml);
  await writePrecompressed(
    path.join(webDist, 'first-load', 'public-lessons-alias.html'),
    indexHtml.replace('<title>', '<link rel="modulepreload" href="/assets/lesson.js"><title>'),
  );
  await fs.writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await fs.writeFile(
    path.join(webDist, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('configuration', () => {
  it('lists every problem at once', () => {
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        SEED_DEMO: 'maybe',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'SEED_DEMO'])
        expect(problems).toContain(name);
    }
  });

  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      // Demo accounts have public passwords: only a start that asks for them gets them.
      seedDemo: false,
      mailLogLinks: false,
      publicUrl: 'http://localhost:3000',
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.workers).toBe(1);
  });

  it('takes several server processes (WORKERS) only with PostgreSQL', () => {
    const postgres = 'postgres://bullpen@db.internal/bullpen';
    expect(loadConfig({ WORKERS: '4', DATABASE_URL: postgres }).workers).toBe(4);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      /WORKERS: more than one server process needs PostgreSQL \(DATABASE_URL\)/,
    );
    for (const bad of ['0', '1.5', 'many']) {
      expect(() => loadConfig({ WORKERS: bad, DATABASE_URL: postgres })).toThrow(/WORKERS/);
    }
  });
});

describe('platform', () => {
  it('reports health with the database checked', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('is ready with the database, every migration and live jobs; not ready without one', async () => {
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    const body = ready.json();
    expect(body).toMatchObject({ status: 'ready', database: 'ok', closing: false });
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThan(30);
    expect(body.jobs.map((job: { name: string }) => job.name)).toEqual(
      expect.arrayContaining(['retention', 'consent sweep', 'account purge']),
    );

    // A job that has not finished a run for over three intervals (and a minute) is dead.
    t.app.deps.jobs.started('stuck job', 1, Date.now() - 62_000);
    const stuck = await t.app.inject({ url: '/api/ready' });
    expect(stuck.statusCode).toBe(503);
    expect(stuck.json().jobs).toContainEqual({
      name: 'stuck job',
      alive: false,
      last_run_at: null,
      failed: false,
    });
    t.app.deps.jobs.stopped('stuck job');
    t.app.deps.jobs.started('young job', 1, Date.now() - 30_000);
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    t.app.deps.jobs.stopped('young job');

    // A database behind this build's migrations: not ready until it has them all.
    const [last] = (
      (await t.deps.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
      )) as unknown as { rows: [{ id: number; hash: string; created_at: string }] }
    ).rows;
    await t.deps.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const behind = await t.app.inject({ url: '/api/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({
        status: 'not_ready',
        migrations: { applied: body.migrations.expected - 1 },
      });
    } finally {
      await t.deps.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
            values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
  });

  it('sends security headers with a real Content-Security-Policy', async () => {
    const response = await t.app.inject({ url: '/public/home' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No such endpoint: GET /api/nothing-here/' });
  });

  it('serves the SPA for every page path, and hashed assets with long-cache headers', async () => {
    for (const url of ['/', '/public/home', '/contest/12', '/some/unknown/path?x=1']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<title>Bullpen</title>');
    }
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
    const missing = await t.app.inject({ url: '/assets/gone.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the precompressed file the client accepts, the plain one otherwise, always varying on Accept-Encoding', async () => {
    const decode = {
      br: (body: Buffer) => zlib.brotliDecompressSync(body).toString(),
      gzip: (body: Buffer) => zlib.gunzipSync(body).toString(),
      identity: (body: Buffer) => body.toString(),
    };
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
      { accept: 'gzip', encoding: 'gzip' },
      { accept: 'identity', encoding: 'identity' },
      { accept: undefined, encoding: 'identity' },
    ] as const;
    for (const { accept, encoding } of cases) {
      const headers = accept ? { 'accept-encoding': accept } : {};
      const expectSent = async (
        url: string,
        sent: { type: string; cacheControl: string; body: string },
      ) => {
        const response = await t.app.inject({ url, headers });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(
          encoding === 'identity' ? undefined : encoding,
        );
        expect(response.headers.vary).toContain('accept-encoding');
        expect(response.headers['content-type']).toContain(sent.type);
        expect(response.headers['cache-control']).toBe(sent.cacheControl);
        expect(decode[encoding](response.rawPayload)).toBe(sent.body);
        if (encoding !== 'identity')
          expect(response.rawPayload.length).toBeLessThan(sent.body.length);
      };
      const immutable = 'public, max-age=31536000, immutable';
      await expectSent('/assets/app-def456.js', {
        type: 'javascript',
        cacheControl: immutable,
        body: bundle,
      });
      // The SPA fallback is index.html, or a page's copy of it, compressed the same way and
      // still revalidated.
      await expectSent('/public/home', {
        type: 'text/html',
        cacheControl: 'no-cache',
        body: indexHtml,
      });
      await expectSent('/contest/12', {
        type: 'text/html',
        cacheControl: 'no-cache',
        body: contestHtml,
      });
    }
  });

  it("answers a page's paths, as React Router matches them, with its copy of index.html", async () => {
    const contest = ['/contest/12', '/contest/12/', '/CONTEST/7', '/contest/12?tab=1'];
    for (const url of contest) expect((await t.app.inject({ url })).body, url).toBe(contestHtml);
    const lesson = await t.app.inject({ url: '/public/lessons/ways-to-earn' });
    expect(lesson.body).toContain('/assets/lesson.js');
    // Another path, one segment more or less, a page whose copy is missing: index.html.
    for (const url of ['/contest', '/contest/12/orders', '/contests/12', '/my-contests', '/']) {
      expect((await t.app.inject({ url })).body, url).toBe(indexHtml);
    }
    // The copy revalidates like index.html: the same ETag answers 304.
    const first = await t.app.inject({ url: '/contest/12' });
    expect(first.headers.etag).toBeDefined();
    const again = await t.app.inject({
      url: '/contest/12',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('sends a file too small to have been compressed as it is, still varying on Accept-Encoding', async () => {
    const response = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.body).toBe('console.log(1)');
  });

  it('publishes OpenAPI generated from the contract', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api-token-auth/',
        '/api-token-verify/',
        '/api/users/',
        '/api/users/{id}/',
      ]),
    );
    const login = document.paths['/api-token-auth/'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'username',
      'password',
    ]);
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});
