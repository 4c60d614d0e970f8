import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from './passwords.ts';
import { holdStartupLock, startupLocks } from '../db/locks.ts';
import type { Deps } from '../platform/deps.ts';
import { countUsers, existingUsernames, grantStaff, markTeacherTrusted } from '../users/queries.ts';
import { registerUser } from './accounts.ts';

/** Demo accounts, also listed in the README, so a newcomer can sign in at once. */
export const demoAccounts = [
  {
    username: 'ms.rivera',
    email: 'teacher@demo.bullpen.local',
    password: 'bullpen-teacher-demo',
    first_name: 'Maria',
    last_name: 'Rivera',
    is_teacher: true,
    is_staff: false,
  },
  {
    username: 'sam.student',
    email: 'sam@demo.bullpen.local',
    password: 'bullpen-student-demo',
    first_name: 'Sam',
    last_name: 'Okafor',
    is_teacher: false,
    is_staff: false,
  },
  {
    username: 'alex.student',
    email: 'alex@demo.bullpen.local',
    password: 'bullpen-student-demo',
    first_name: 'Alex',
    last_name: 'Chen',
    is_teacher: false,
    is_staff: false,
  },
  {
    // Bullpen's own staff: reads the support inbox.
    username: 'bullpen.staff',
    email: 'staff@demo.bullpen.local',
    password: 'bullpen-staff-demo',
    first_name: 'Jordan',
    last_name: 'Staff',
    is_teacher: false,
    is_staff: true,
  },
] as const;

/**
 * Creates the demo accounts on an empty database only; never touches one that has users.
 * The users domain's part of the demo data, called by main.ts when SEED_DEMO is on; a domain
 * with demo data of its own adds a `seedDemo…` function beside its service and main.ts calls
 * it after this one, through that domain's service (never writing another domain's tables).
 */
export async function seedDemoAccounts(deps: Deps, log: FastifyBaseLogger): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    // Two processes starting together must not both seed.
    await holdStartupLock(tx, startupLocks.demoAccounts);
    if ((await countUsers(tx)) > 0) return false;
    // The four hashes are worked out side by side (each is slow on purpose); the accounts are
    // then written in their order, so their ids are the same on every first start.
    const hashes = demoAccounts.map((account) => hashPassword(account.password));
    for (const [index, { is_staff: isStaff, ...account }] of demoAccounts.entries()) {
      const user = await registerUser({ ...deps, db: tx as never }, account, undefined, {
        sendVerification: false,
        verified: true,
        passwordHash: hashes[index],
      });
      if (isStaff) await grantStaff(tx, user.id);
      // The demo teacher shows awards and rewards at once (docs/decisions/028).
      if (account.is_teacher) await markTeacherTrusted(tx, user.id, null, new Date());
    }
    log.info(
      `demo accounts created (SEED_DEMO=true asked for them): ${demoAccounts
        .map((account) => `${account.username} / ${account.password}`)
        .join(', ')}`,
    );
    return true;
  });
}

/**
 * A production start on a database that still holds demo accounts warns: their passwords are
 * printed in the README, so anyone could sign in as a teacher or as staff.
 */
export async function warnOfDemoAccounts(deps: Deps, log: FastifyBaseLogger): Promise<string[]> {
  if (deps.config.env !== 'production') return [];
  const present = await existingUsernames(
    deps.db,
    demoAccounts.map((account) => account.username),
  );
  if (present.length > 0)
    log.warn(
      { demoAccounts: present },
      'demo accounts with public passwords are present: fine for a demo, never for a school; ' +
        'start on a fresh database without SEED_DEMO, or delete these accounts',
    );
  return present;
}
