import fs from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './boundaries.cjs';

/**
 * Table ownership (docs/decisions/009-one-shape-for-every-domain.md): each file of
 * `apps/server/src/db/schema/` belongs to one folder, and only that folder imports it.
 * Other code asks the owner through the functions its queries.ts or service.ts exports.
 * dependency-cruiser (.dependency-cruiser.cjs) holds the same rule on the resolved graph.
 */
const { schemaOwners, serverDomains, sqlInQueriesOnly } = boundaries;
const serverFolders = [...new Set([...Object.values(schemaOwners), 'content', 'realtime'])];
const tableOwnership = serverFolders.map((folder) => {
  const own = Object.keys(schemaOwners).filter((schema) => schemaOwners[schema] === folder);
  const allowed = own.length ? `(?!(${own.join('|')})\\.ts$)` : '';
  return {
    files: [`apps/server/src/${folder}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `/db/schema/${allowed}[^/]+$`,
              message: `Another domain's tables: ask that domain through a function its queries.ts exports (${folder} owns ${own.map((schema) => `db/schema/${schema}.ts`).join(', ') || 'no table'}).`,
            },
          ],
        },
      ],
    },
  };
});

/**
 * Inside its own folder, a domain's tables are read and written by queries.ts (and service.ts,
 * where a transaction needs it) only; every other file of the domain calls those. In the
 * domains of `sqlInQueriesOnly` (boundaries.cjs) only the queries modules do: their services
 * import neither a table nor drizzle-orm.
 */
const queriesOnly = serverDomains.map((domain) => {
  const strict = sqlInQueriesOnly.includes(domain);
  const tablesMessage = strict
    ? `Tables are read and written in ${domain}'s queries modules only (queries.ts, <part>-queries.ts, in the domain's folder or a sub-folder): call a function of ${domain}'s queries modules.`
    : `Tables are read and written in queries.ts (or service.ts for a transaction): call a function of ${domain}/queries.ts.`;
  return {
    files: [`apps/server/src/${domain}/**/*.ts`],
    ignores: [
      '**/*.test.ts',
      // A large domain splits them by area: `<area>-queries.ts`, `<area>-service.ts`, or
      // sub-folders of the same shape (`classrooms/posts/queries.ts`).
      `apps/server/src/${domain}/**/queries.ts`,
      `apps/server/src/${domain}/**/*-queries.ts`,
      ...(strict
        ? []
        : [`apps/server/src/${domain}/**/service.ts`, `apps/server/src/${domain}/**/*-service.ts`]),
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '/db/schema/', message: tablesMessage },
            ...(strict
              ? [
                  {
                    regex: '^drizzle-orm',
                    message: `No SQL here: ${domain}'s SQL lives in its queries modules (queries.ts, <part>-queries.ts); a service passes its transaction to them.`,
                  },
                ]
              : []),
          ],
        },
      ],
    },
  };
});

/** routes.ts, presenter.ts, policies.ts and plugin.ts run no SQL at all: no query builder either. */
const noSql = serverDomains.map((domain) => ({
  files: ['routes', 'presenter', 'policies', 'plugin'].flatMap((file) => [
    `apps/server/src/${domain}/**/${file}.ts`,
    `apps/server/src/${domain}/**/*-${file}.ts`,
  ]),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '/db/schema/',
            message: `Tables are read and written in queries.ts (or service.ts for a transaction): call a function of ${domain}/queries.ts.`,
          },
          {
            regex: '^drizzle-orm',
            message:
              'No SQL here: routes, presenters, policies and plugins call the service or queries.ts.',
          },
        ],
      },
    ],
  },
}));

/**
 * Web features never import each other (ARCHITECTURE 1); pages compose them in app/routes.
 * Every folder of features/ is one, so a new feature is held from its first file.
 */
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureIsolation = webFeatures.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^@/features/(?!${feature}/)`,
            message:
              'A feature never imports another feature: move the shared piece to components/ or lib/, or compose both in app/routes.',
          },
          {
            regex: '^@/app/',
            message: 'Features do not import the app shell; app/ composes features.',
          },
        ],
      },
    ],
  },
}));

export default defineConfig(
  globalIgnores([
    '**/node_modules',
    '**/dist',
    'data',
    '.e2e-data*',
    'test-results',
    'playwright-report',
    // npm run test:mutation: its report and its copy of the repository.
    'reports',
    '.stryker-tmp',
    // Deliberate import-rule violations, cruised by boundaries.test.ts.
    'apps/server/src/platform/boundaries-fixture',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // CommonJS config files (dependency-cruiser reads only CommonJS) load each other by require.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['bench/**/*.ts', 'scripts/**/*.{js,mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  tableOwnership,
  queriesOnly,
  noSql,
  featureIsolation,
);
