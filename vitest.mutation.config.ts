import { defineConfig } from 'vitest/config';

/**
 * The fast, database-free unit tests of the modules that hold money and rules: the tests
 * `npm run test:mutation` (stryker.config.mjs) runs against each mutant. The modules
 * themselves are listed once, in stryker.config.mjs `mutate`.
 */
const root = new URL('./', import.meta.url).pathname;

export default defineConfig({
  // Stryker runs this config in a copy of the repository; `@bullpen/contract` must resolve to
  // the copy's (mutated) sources, not through node_modules to the original files.
  resolve: {
    alias: [
      { find: /^@bullpen\/contract\/(.*)$/, replacement: `${root}packages/contract/src/$1.ts` },
    ],
  },
  test: {
    name: 'mutation',
    include: [
      'packages/contract/src/money*.test.ts',
      'packages/contract/src/price-change.test.ts',
      'packages/contract/src/budget*.test.ts',
      'packages/contract/src/trading-order.test.ts',
      'apps/server/src/trading/ledger.test.ts',
      'apps/server/src/trading/order-rules.test.ts',
      'apps/server/src/points/ledger.test.ts',
      'apps/server/src/market/import-csv.test.ts',
      'apps/server/src/**/policies.test.ts',
    ],
    setupFiles: ['apps/server/src/test/setup.ts'],
  },
});
