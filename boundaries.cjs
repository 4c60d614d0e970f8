/**
 * Who owns what (docs/decisions/009-one-shape-for-every-domain.md), read by both
 * eslint.config.js and .dependency-cruiser.cjs so the two checks cannot drift apart.
 * A new domain adds its table file and folder here.
 */

/** Each file of `apps/server/src/db/schema/` and the one server folder that may import it. */
const schemaOwners = {
  users: 'users',
  auth: 'auth',
  market: 'market',
  contests: 'contests',
  trading: 'trading',
  points: 'points',
  learn: 'learn',
  budget: 'budget',
  support: 'support',
  classrooms: 'classrooms',
  resumes: 'resumes',
  zogo: 'zogo',
  rewards: 'rewards',
  mail: 'mail',
  notifications: 'notifications',
  privacy: 'privacy',
  guardians: 'guardians',
  settings: 'platform',
  attempts: 'platform',
  rosters: 'rosters',
};

/**
 * The domain map (docs/architecture.md): the server's folders from the bottom up. A folder
 * imports only folders of its own layer or of a layer before it; a later domain that must act
 * on an earlier one's event registers a hook or a step (contests' membership hooks, the
 * erasure steps of platform/erasure.ts). A new domain goes in here, after everything it uses.
 * `db` shares the platform's layer: connection, migrations and table files know no domain.
 */
const domainOrder = [
  ['platform', 'db'],
  'realtime',
  'mail',
  'users',
  'auth',
  'points',
  'market',
  'contests',
  'trading',
  'learn',
  'content',
  'zogo',
  'classrooms',
  'resumes',
  'rewards',
  'support',
  'budget',
  'notifications',
  'privacy',
  'guardians',
  'rosters',
  'home',
];

/** Files and folders of apps/server/src that compose the domains and belong to no layer. */
const composition = [
  'app.ts',
  'main.ts',
  'startup.ts',
  'pglite-template.ts',
  'openapi-lint.ts',
  'db-move.ts',
  'test',
];

/**
 * The server folders that are domains with services and queries modules of their own: the SQL
 * rule (decision 009, "SQL") and the queries-module ownership rules apply to each.
 */
const serverDomains = [
  'users',
  'auth',
  'notifications',
  'market',
  'contests',
  'trading',
  'points',
  'learn',
  'content',
  'budget',
  'support',
  'classrooms',
  'rosters',
  'resumes',
  'zogo',
  'rewards',
  'privacy',
  'guardians',
  'home',
];

/**
 * Domains whose SQL lives only in their queries modules (`queries.ts`, `<part>-queries.ts`,
 * and the same names inside a domain's sub-folders, `classrooms/posts/queries.ts`): their
 * services and every other file import neither a table nor drizzle-orm. Every domain.
 */
const sqlInQueriesOnly = serverDomains;

module.exports = { schemaOwners, serverDomains, sqlInQueriesOnly, domainOrder, composition };
