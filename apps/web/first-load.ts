/**
 * A first load's module preloads in the page's own HTML (issue #13, decision 026). A page's code
 * is a lazy chunk with its own imports and CSS. Left to the app, they are asked for once the
 * shell has run: Vite's preload helper then adds a `<link>` to the head for each of them, some
 * twenty-five for the contest page, which took 20–40 ms of the main thread on this machine and
 * five to six times that on a school laptop, in a task of its own after the shell's. Named in
 * the HTML, they download beside the shell instead of after it, and the helper, which skips a
 * file the document already links, has nothing left to add.
 *
 * At build, {@link pageModules} reads which module each page's route imports from the route
 * lists (`publicPages` and `signedInPages` in src/app/router.tsx, and the lists they spread in
 * from src/app/routes/), and which catalogues the route loads beside it (`withCatalogues`);
 * the plugin writes, for each page, a copy of index.html with the `<link>`s of its chunks and
 * of its English catalogues' chunks (`first-load/<page>.html`), and the list of them
 * (`first-load/pages.json`, {@link FIRST_LOAD_PAGES}), which the server reads to answer a
 * page's path with its copy.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_LOAD_PAGES } from '@bullpen/contract/web-build';
import type { FirstLoadPage } from '@bullpen/contract/web-build';
import { chunksRunOnLoad } from './compile-hints.ts';

/**
 * A page of the app: its URL pattern (React Router's), the module its route imports, and the
 * catalogues (i18n namespaces) its route loads beside it.
 */
export type PageModule = { pattern: string; module: string; catalogues: string[] };

/** The route lists of router.tsx and where their pages live. */
const ROUTE_LISTS: Record<string, string> = { publicPages: '/public/', signedInPages: '/' };
/** `withCatalogues(namespaces, routes)` (src/app/routes/catalogues.ts): the catalogues of routes. */
const WITH_CATALOGUES = 'withCatalogues';

type AstNode = { type: string; [key: string]: unknown };

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

/** Every node under `node`, itself first. */
function* walk(node: unknown): Generator<AstNode> {
  if (Array.isArray(node)) {
    for (const item of node) yield* walk(item);
    return;
  }
  if (!isNode(node)) return;
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && typeof value === 'object') yield* walk(value);
  }
}

/**
 * Vite's parser (Rolldown's), required where it is used: a module that imported Vite would not
 * load in the web tests, which run every import through Vite for a browser.
 */
function parseAst(...args: Parameters<typeof import('vite').parseAst>) {
  const vite = createRequire(import.meta.url)('vite') as typeof import('vite');
  return vite.parseAst(...args);
}

function parse(file: string): AstNode {
  return parseAst(fs.readFileSync(file, 'utf8'), { lang: 'tsx' }, file) as unknown as AstNode;
}

function propertyNamed(object: AstNode, name: string): AstNode | undefined {
  return (object.properties as AstNode[]).find((property) => {
    const key = property.key as AstNode | undefined;
    return property.type === 'Property' && key?.type === 'Identifier' && key.name === name;
  })?.value as AstNode | undefined;
}

/**
 * A page route written as a literal: `{ path: 'contest/:id', lazy: () => import('./X.tsx') }`
 * (its `lazy` may await the import inside; it imports exactly one module). Others (a computed
 * path, a generated route) are not preloaded: the app's helper loads them as before.
 */
function literalPage(object: AstNode): { path: string; specifier: string } | undefined {
  const pathValue = propertyNamed(object, 'path');
  const lazy = propertyNamed(object, 'lazy');
  if (pathValue?.type !== 'Literal' || typeof pathValue.value !== 'string' || !lazy) return;
  const imports = [...walk(lazy.body)].filter((node) => node.type === 'ImportExpression');
  const source = imports[0]?.source as AstNode | undefined;
  if (imports.length !== 1 || source?.type !== 'Literal' || typeof source.value !== 'string')
    return;
  return { path: pathValue.value, specifier: source.value };
}

/** The top-level `const name = …` declarations of a module, by name. */
function declarations(program: AstNode): Map<string, AstNode> {
  const found = new Map<string, AstNode>();
  for (const statement of program.body as AstNode[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as AstNode[]) {
      const id = declarator.id as AstNode;
      if (id.type === 'Identifier' && declarator.init)
        found.set(id.name as string, declarator.init as AstNode);
    }
  }
  return found;
}

/** `x as const` and `x satisfies T` are `x`. */
function unwrapped(node: AstNode): AstNode {
  return node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression'
    ? unwrapped(node.expression as AstNode)
    : node;
}

/** The strings of an array literal, or of the array a declared name holds. */
function stringList(node: AstNode, declared: Map<string, AstNode>): string[] {
  const value = unwrapped(node);
  const named = value.type === 'Identifier' ? declared.get(value.name as string) : value;
  const list = named && unwrapped(named);
  if (list?.type !== 'ArrayExpression') return [];
  return (list.elements as AstNode[]).flatMap((element) =>
    element.type === 'Literal' && typeof element.value === 'string' ? [element.value] : [],
  );
}

/** The module each imported name of `program` comes from (relative sources only). */
function importedFrom(program: AstNode, file: string, srcDir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const statement of program.body as AstNode[]) {
    if (statement.type !== 'ImportDeclaration') continue;
    const module = resolveSpecifier((statement.source as AstNode).value as string, file, srcDir);
    if (!module) continue;
    for (const specifier of statement.specifiers as AstNode[]) {
      const local = specifier.local as AstNode;
      found.set(local.name as string, module);
    }
  }
  return found;
}

/** `@/x` and `./x` as files; a package's name is none of the app's. */
function resolveSpecifier(specifier: string, importer: string, srcDir: string): string | undefined {
  if (specifier.startsWith('@/')) return path.join(srcDir, specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(importer), specifier);
  return undefined;
}

/**
 * The pages of the route lists of `srcDir/app/router.tsx`, each with its URL pattern and the
 * file its route imports: the lists' own literal pages, and those of the lists they spread in
 * (`...withCatalogues(['learn'], publicLearnRoutes)`), followed to the module that declares
 * them. A page inside `withCatalogues` has its catalogues.
 */
export function pageModules(srcDir: string): PageModule[] {
  const routerFile = path.join(srcDir, 'app/router.tsx');
  const router = parse(routerFile);
  const routerDeclarations = declarations(router);
  const routerImports = importedFrom(router, routerFile, srcDir);
  const pages: PageModule[] = [];

  const collect = (
    init: AstNode,
    file: string,
    prefix: string,
    catalogues: string[],
    seen: Set<AstNode>,
  ) => {
    for (const node of walk(init)) {
      if (seen.has(node)) continue;
      seen.add(node);
      const callee = node.callee as AstNode | undefined;
      const args = node.arguments as AstNode[] | undefined;
      if (
        node.type === 'CallExpression' &&
        callee?.name === WITH_CATALOGUES &&
        args?.length === 2
      ) {
        const named = stringList(args[0]!, routerDeclarations);
        collect(args[1]!, file, prefix, [...catalogues, ...named], seen);
      } else if (node.type === 'ObjectExpression') {
        const page = literalPage(node);
        const module = page && resolveSpecifier(page.specifier, file, srcDir);
        if (page && module) pages.push({ pattern: `${prefix}${page.path}`, module, catalogues });
      } else if (node.type === 'Identifier' && file === routerFile) {
        const name = node.name as string;
        const from = routerImports.get(name);
        if (!from) continue;
        const list = declarations(parse(from)).get(name);
        if (list) collect(list, from, prefix, catalogues, seen);
      }
    }
  };
  for (const [list, prefix] of Object.entries(ROUTE_LISTS)) {
    const init = routerDeclarations.get(list);
    if (!init) throw new Error(`${routerFile} has no \`${list}\`: where are its pages now?`);
    collect(init, routerFile, prefix, [], new Set());
  }
  return pages;
}

/** The parts of a bundle's output this plugin reads (Rollup's and Rolldown's, with Vite's CSS). */
type Chunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type Asset = { type: 'asset'; fileName: string; source: string | Uint8Array };
export type Bundle = Record<string, Chunk | Asset>;

/**
 * What a first load needs beyond the entry when it imports `modules` (a page's, then its
 * catalogues'): each one's chunk and the chunks it imports, and their CSS, in the order Vite's
 * preload helper links them (`collectPreloadDependencies`: a chunk, then its imports depth
 * first, then its own CSS, so a page's styles come after those of what it imports). Undefined
 * when no lazy chunk starts at one of them.
 */
export function firstLoadFiles(
  bundle: Bundle,
  modules: readonly string[],
): { js: string[]; css: string[] } | undefined {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  const lazy = modules.map((module) =>
    chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId === module),
  );
  if (lazy.some((chunk) => chunk === undefined)) return undefined;
  // The entry's chunks and CSS are in index.html already.
  const visited = chunksRunOnLoad(bundle);
  const linkedCss = new Set<string>();
  for (const fileName of visited) {
    for (const file of (bundle[fileName] as Chunk).viteMetadata?.importedCss ?? [])
      linkedCss.add(file);
  }
  const js: string[] = [];
  const css: string[] = [];
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || visited.has(fileName)) return;
    visited.add(fileName);
    js.push(fileName);
    chunk.imports.forEach(visit);
    for (const file of chunk.viteMetadata?.importedCss ?? []) {
      if (!linkedCss.has(file)) css.push(file);
      linkedCss.add(file);
    }
  };
  for (const chunk of lazy) visit(chunk!.fileName);
  return { js, css };
}

/** index.html with the page's files linked at the end of its head, as Vite links the entry's. */
export function withPreloads(
  html: string,
  base: string,
  files: { js: string[]; css: string[] },
): string {
  const links = [
    ...files.js.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
    ...files.css.map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
  ];
  if (!html.includes('</head>'))
    throw new Error('index.html has no </head> to put the links before');
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/** The English catalogue `name`, a lazy chunk of its own (src/lib/i18n.ts). */
function catalogueModule(srcDir: string, name: string): string {
  return path.join(srcDir, 'locales/en', `${name}.json`);
}

/** A pattern's file name: `/contest/:id` is `contest-id`. */
function fileNameOf(pattern: string): string {
  return (
    pattern
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'root'
  );
}

/** The Vite plugin: a copy of index.html for each page with its preloads, and their list. */
export function firstLoad(): Plugin {
  let srcDir = '';
  let base = '/';
  return {
    name: 'bullpen:first-load',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      srcDir = path.join(config.root, 'src');
      base = config.base;
    },
    generateBundle: {
      // After Vite has written index.html with the entry's links.
      order: 'post',
      handler(_options, output) {
        const bundle = output as unknown as Bundle;
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('the build has no index.html');
        const html = Buffer.from(index.source).toString('utf8');
        const pages: FirstLoadPage[] = [];
        for (const { pattern, module, catalogues } of pageModules(srcDir)) {
          // English is loaded in every language: it is the fallback (src/lib/i18n.ts).
          const modules = [module, ...catalogues.map((name) => catalogueModule(srcDir, name))];
          const files = firstLoadFiles(bundle, modules);
          if (!files) throw new Error(`${pattern}: no lazy chunk starts at one of ${modules}`);
          const file = `first-load/${fileNameOf(pattern)}.html`;
          if (pages.some((page) => page.file === file)) throw new Error(`two pages named ${file}`);
          this.emitFile({ type: 'asset', fileName: file, source: withPreloads(html, base, files) });
          pages.push({ pattern, file });
        }
        this.emitFile({
          type: 'asset',
          fileName: FIRST_LOAD_PAGES,
          source: `${JSON.stringify(pages, null, 2)}\n`,
        });
      },
    },
  };
}
