import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api } from '@bullpen/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';

/**
 * API paths are written once, in the contract (`api` in packages/contract/src/routes.ts): the
 * server registers their patterns and the web app builds them. These checks keep it so.
 */
const contractPatterns = new Set<string>(Object.values(api).map((entry) => entry.pattern));
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Routes that OpenAPI does not list (`schema.hide`), checked one by one. */
const hiddenRoutes = [api.websocket.pattern, api.docs.pattern];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

function served(pattern: string): boolean {
  return methods.some((method) => t.app.hasRoute({ method, url: pattern }));
}

describe('API paths', () => {
  it('registers no path the contract does not define', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    // OpenAPI spells params `{id}`; Fastify and the contract spell them `:id`.
    const registered = Object.keys(document.paths).map((openApiPath) =>
      openApiPath.replace(/\{(\w+)\}/g, ':$1'),
    );
    expect(registered.length).toBeGreaterThan(30);
    expect(registered.filter((pattern) => !contractPatterns.has(pattern))).toEqual([]);
    for (const pattern of hiddenRoutes) expect(served(pattern), pattern).toBe(true);
  });

  it('serves every path the contract defines', () => {
    expect([...contractPatterns].filter((pattern) => !served(pattern))).toEqual([]);
  });

  it('keeps the paths byte for byte (trailing slashes included)', () => {
    expect(served('/api/contests/:id/freeze')).toBe(true);
    expect(served('/api/contests/:id/freeze/')).toBe(false);
    expect(served('/api/contests/:id/')).toBe(true);
    expect(served('/api/contests/:id')).toBe(false);
  });

  it('leaves no API path written by hand in the server or the web app', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const handWritten: string[] = [];
    for (const dir of ['apps/server/src', 'apps/web/src']) {
      for (const file of await sourceFiles(path.join(root, dir))) {
        const text = await fs.readFile(file, 'utf8');
        // A quoted path such as '/api/contests/' or `/api/users/${id}/` (bare prefixes like
        // '/api/' are fine: the web server uses them to tell API calls from pages).
        for (const match of text.matchAll(/['"`](\/api(?:\/[a-z]|-token-[a-z])[^'"`]*)['"`]/g)) {
          handWritten.push(`${path.relative(root, file)}: ${match[1]}`);
        }
      }
    }
    expect(handWritten).toEqual([]);
  });
});

/** Source files, without tests (they call the API as a client would, paths spelt out). */
async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}test${path.sep}`));
}
