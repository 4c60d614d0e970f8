// @ts-check
/**
 * Mutation testing of the modules that hold money and rules (docs/testing.md, "Mutation
 * testing"): `npm run test:mutation`. Not part of `npm test`: it takes minutes.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  mutate: [
    // Money: cents, rounding, basis points, formatting.
    'packages/contract/src/money.ts',
    'packages/contract/src/price-change.ts',
    // Trading: the ledger (fills, reservations, splits), the order rules, the order's quantity
    // and limit rules and the reserve price.
    'apps/server/src/trading/ledger.ts',
    'apps/server/src/trading/order-rules.ts',
    'packages/contract/src/trading-order.ts',
    'packages/contract/src/trading-messages.ts',
    // Points: the ledger's rules before the database writes them.
    'apps/server/src/points/ledger.ts',
    // Budget maths and the starter budgets.
    'packages/contract/src/budget.ts',
    'packages/contract/src/budget-scenarios.ts',
    // The market's CSV import: prices to cents.
    'apps/server/src/market/import-bars.ts',
    'apps/server/src/market/import-actions.ts',
    // Who may do what: every domain's pure policies.
    'apps/server/src/**/policies.ts',
  ],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  // Two cores, shared: one mutant at a time.
  concurrency: 1,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Below 80 % in all the run fails; each module's own score is in the table (docs/testing.md).
  thresholds: { high: 90, low: 80, break: 80 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
