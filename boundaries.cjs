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

module.exports = { schemaOwners };
