/**
 * The import graph's rules (docs/decisions/009-one-shape-for-every-domain.md), checked on
 * resolved paths by `npm run lint:deps`: the domain map's order (boundaries.cjs), no cycles anywhere, each table file imported only by
 * its owning server folder (inside it, by its queries modules and, outside the domains of
 * `sqlInQueriesOnly`, its services), and web features apart from each other and from the app
 * shell. drizzle-orm itself lies in node_modules, which is not cruised: ESLint keeps it out of
 * the services of `sqlInQueriesOnly`.
 * ESLint (eslint.config.js) holds the same ownership rule in the editor.
 */
const {
  schemaOwners,
  serverDomains: domains,
  sqlInQueriesOnly,
  domainOrder,
} = require('./boundaries.cjs');

const server = '^apps/server/src/';
/** Domains whose services may still build SQL inside their transactions. */
const sqlInServices = domains.filter((domain) => !sqlInQueriesOnly.includes(domain));

/** One rule per layer of the domain map: nothing in it imports a later layer. */
const layers = domainOrder.map((layer) => (Array.isArray(layer) ? layer : [layer]));
const domainOrderRules = layers.slice(0, -1).map((layer, index) => {
  const later = layers.slice(index + 1).flat();
  return {
    name: `domain-order-${layer.join('-')}`,
    severity: 'error',
    comment: `${layer.join(' and ')} come before ${later.join(', ')} in the domain map (boundaries.cjs, docs/architecture.md): import only earlier domains, or let the later one register a hook.`,
    from: { path: `${server}(${layer.join('|')})/`, pathNot: ['\\.test\\.ts$'] },
    to: { path: `${server}(${later.join('|')})/` },
  };
});

module.exports = {
  forbidden: [
    ...domainOrderRules,
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import cycles hide which module depends on which; break them with an export or a hook.',
      from: {},
      to: { circular: true },
    },
    ...Object.entries(schemaOwners).map(([schema, owner]) => ({
      name: `tables-of-${schema}`,
      severity: 'error',
      comment: `db/schema/${schema}.ts belongs to ${owner}/: other code asks ${owner} through what it exports.`,
      from: {
        path: server,
        pathNot: [`${server}${owner}/`, `${server}db/`, `${server}test/`, '\\.test\\.ts$'],
      },
      to: { path: `${server}db/schema/${schema}\\.ts$` },
    })),
    {
      name: 'tables-through-queries',
      severity: 'error',
      comment:
        "Inside a domain (and its sub-folders), only its queries modules (queries.ts, <part>-queries.ts) and, outside the domains of sqlInQueriesOnly, its services (service.ts, <part>-service.ts) touch the domain's tables.",
      from: {
        path: `${server}(${domains.join('|')})/`,
        pathNot: [
          '(^|/|-)queries\\.ts$',
          // At the domain's root or in one sub-folder (`([^/]+/|)`: safe-regex refuses a `?` here).
          `${server}(${sqlInServices.join('|')})/([^/]+/|)(service|[^/]*-service)\\.ts$`,
          '\\.test\\.ts$',
        ],
      },
      to: { path: `${server}db/schema/` },
    },
    {
      name: 'schema-index-only-in-db',
      severity: 'error',
      comment: 'Import the owning schema file, not the index of every table.',
      from: { path: server, pathNot: [`${server}db/`, '\\.test\\.ts$'] },
      to: { path: `${server}db/schema/index\\.ts$` },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment: 'A web feature never imports another feature; app/routes composes them.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-features-not-app',
      severity: 'error',
      comment: 'Features do not import the app shell.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // boundaries-fixture: the deliberate violations boundaries.test.ts cruises on its own.
    exclude: { path: ['node_modules', 'boundaries-fixture'] },
    tsPreCompilationDeps: true,
    // The web app's config: its `@/` alias; server and contract imports resolve the same.
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
