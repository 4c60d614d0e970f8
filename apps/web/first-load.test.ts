import fs from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_PATH, supportPaths } from '@bullpen/contract/routes';
import { classroomCatalogues, routes } from '@/app/router.tsx';
import { publicComingSoon, signedInComingSoon } from '@/app/routes/coming-soon.ts';
import { firstLoadFiles, pageModules, withPreloads } from './first-load.ts';
import type { Bundle } from './first-load.ts';

const srcDir = path.join(import.meta.dirname, 'src');

/** The app's pages as React Router has them: every route made by `pageRoute`, its full pattern. */
function pagePatterns(tree: RouteObject[], prefix = ''): string[] {
  return tree.flatMap((route) => {
    const pattern = route.path ? `${prefix}/${route.path}` : prefix;
    const own = route.handle && 'firstPage' in route.handle ? [pattern] : [];
    return [...own, ...pagePatterns(route.children ?? [], pattern)];
  });
}

describe('the pages a first load preloads', () => {
  const found = pageModules(srcDir);
  const patterns = found.map((page) => page.pattern);

  it("are the router's pages, each once, but for the ones it makes at run time", () => {
    const routerPages = pagePatterns(routes);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const pattern of patterns) expect(routerPages, pattern).toContain(pattern);
    // Left to the app's own preloading: pages made from a list or with a computed path.
    const madeAtRunTime = [
      ...Object.keys(publicComingSoon).map((page) => `/public/${page}`),
      ...Object.keys(signedInComingSoon).map((page) => `/${page}`),
      NOT_FOUND_PATH,
      supportPaths.inbox,
    ];
    expect(routerPages.filter((pattern) => !patterns.includes(pattern)).sort()).toEqual(
      madeAtRunTime.sort(),
    );
  });

  it('name the module each route imports', () => {
    for (const { module } of found) expect(fs.existsSync(module), module).toBe(true);
    const moduleOf = (pattern: string) =>
      path.relative(srcDir, found.find((page) => page.pattern === pattern)?.module ?? '');
    // The pages of issue #13's Lighthouse target, as bench/web-assets.ts names their modules.
    expect(moduleOf('/public/home')).toBe('features/home/HomePage.tsx');
    expect(moduleOf('/public/login')).toBe('features/auth/pages/LoginPage.tsx');
    expect(moduleOf('/public/lessons/:alias')).toBe('app/routes/learn/PublicLessonRoute.tsx');
    expect(moduleOf('/lessons')).toBe('app/routes/learn/LessonsRoute.tsx');
    expect(moduleOf('/tools')).toBe('features/tools/pages/ToolsPage.tsx');
    expect(moduleOf('/my-contests')).toBe('features/contests/pages/MyContestsPage.tsx');
    expect(moduleOf('/contest/:id')).toBe('app/routes/contests/ContestRoute.tsx');
    expect(moduleOf('/place-order/:orderType/:contestId/:securityId')).toBe(
      'features/contests/pages/PlaceOrderPage.tsx',
    );
  });

  it('name the catalogues each route loads beside its module, each with its English file', () => {
    for (const { pattern, catalogues } of found) {
      expect(catalogues.length, pattern).toBeGreaterThan(0);
      for (const name of catalogues)
        expect(fs.existsSync(path.join(srcDir, 'locales/en', `${name}.json`)), name).toBe(true);
    }
    const cataloguesOf = (pattern: string) =>
      found.find((page) => page.pattern === pattern)?.catalogues;
    expect(cataloguesOf('/public/home')).toEqual(['home']);
    expect(cataloguesOf('/public/login')).toEqual(['auth']);
    expect(cataloguesOf('/public/lessons/:alias')).toEqual(['learn']);
    expect(cataloguesOf('/my-contests')).toEqual(['contests', 'market']);
    expect(cataloguesOf('/contest/:id')).toEqual(['contests', 'market']);
    // A list the router declares by name (`classroomCatalogues`).
    expect(cataloguesOf('/classroom/:id')).toEqual([...classroomCatalogues]);
  });
});

function chunk(
  fileName: string,
  options: { isEntry?: boolean; facade?: string; imports?: string[]; css?: string[] } = {},
) {
  return {
    type: 'chunk' as const,
    fileName,
    isEntry: options.isEntry ?? false,
    isDynamicEntry: options.facade !== undefined,
    facadeModuleId: options.facade ?? null,
    imports: options.imports ?? [],
    viteMetadata: { importedCss: new Set(options.css ?? []) },
  };
}

/** An entry with its shell, and a lazy page importing a kit (which imports a part) and the shell. */
const bundle: Bundle = {
  'index.js': chunk('index.js', { isEntry: true, imports: ['shell.js'] }),
  'shell.js': chunk('shell.js', { css: ['shell.css'] }),
  'Page.js': chunk('Page.js', {
    facade: '/app/src/Page.tsx',
    imports: ['shell.js', 'kit.js', 'part.js'],
    css: ['Page.css', 'shell.css'],
  }),
  'kit.js': chunk('kit.js', { imports: ['part.js'], css: ['kit.css'] }),
  'part.js': chunk('part.js', { css: ['part.css'] }),
  'Other.js': chunk('Other.js', { facade: '/app/src/Other.tsx', imports: ['kit.js'] }),
  'words.js': chunk('words.js', { facade: '/app/src/locales/en/words.json', imports: ['part.js'] }),
};

describe("a page's first-load files", () => {
  it("are its chunk and what it imports beyond the entry's, CSS in Vite's preload order", () => {
    expect(firstLoadFiles(bundle, ['/app/src/Page.tsx'])).toEqual({
      js: ['Page.js', 'kit.js', 'part.js'],
      // What a chunk imports comes first, so the page's own rules win, as when the app loads it.
      css: ['part.css', 'kit.css', 'Page.css'],
    });
    expect(firstLoadFiles(bundle, ['/app/src/Other.tsx'])).toEqual({
      js: ['Other.js', 'kit.js', 'part.js'],
      css: ['part.css', 'kit.css'],
    });
    expect(firstLoadFiles(bundle, ['/app/src/Missing.tsx'])).toBeUndefined();
  });

  it("then its catalogues' chunks, a file they share named once, and none when one is not lazy", () => {
    expect(
      firstLoadFiles(bundle, ['/app/src/Other.tsx', '/app/src/locales/en/words.json', 'kit.js']),
    ).toBeUndefined();
    expect(
      firstLoadFiles(bundle, ['/app/src/Other.tsx', '/app/src/locales/en/words.json']),
    ).toEqual({ js: ['Other.js', 'kit.js', 'part.js', 'words.js'], css: ['part.css', 'kit.css'] });
  });

  it('are linked at the end of the head, as Vite links the entry', () => {
    const html = '<html><head><title>Bullpen</title></head><body></body></html>';
    expect(withPreloads(html, '/', { js: ['assets/a.js'], css: ['assets/a.css'] })).toBe(
      '<html><head><title>Bullpen</title>  <link rel="modulepreload" crossorigin href="/assets/a.js">\n' +
        '    <link rel="stylesheet" crossorigin href="/assets/a.css">\n  </head><body></body></html>',
    );
    expect(() => withPreloads('<p>no head</p>', '/', { js: [], css: [] })).toThrow('</head>');
  });
});
