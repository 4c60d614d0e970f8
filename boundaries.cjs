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
  settings: 'platform',
  attempts: 'platform',
};

/**
 * Domains whose SQL lives only in their queries modules (`queries.ts`, `<part>-queries.ts`):
 * their services and every other file import neither a table nor drizzle-orm. The other
 * domains' services may still build SQL inside their transactions (decision 009, "SQL").
 */
const sqlInQueriesOnly = ['trading'];

module.exports = { schemaOwners, sqlInQueriesOnly };
