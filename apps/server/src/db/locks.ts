import { sql } from 'drizzle-orm';
import type { Executor } from './connection.ts';

/**
 * Keys of the transaction-scoped advisory locks that let one server process at a time do a
 * start-up job (docs/architecture.md, several processes on one PostgreSQL). One list, so no two
 * jobs share a key by accident. Locks with a second key (one per class, per teacher) stay with
 * their queries, which name their own class number.
 */
export const startupLocks = {
  /** auth/demo.ts: the demo accounts are created once. */
  demoAccounts: 727_002,
  /** learn/service.ts: the courses and lessons are synced from content/ once. */
  lessonSync: 727_009,
  /** zogo/content-service.ts: the learn-and-earn modules are synced once. */
  moduleSync: 727_012,
} as const;

/** Waits for the lock and holds it until the transaction ends (PGlite has one connection: no wait). */
export async function holdStartupLock(
  tx: Executor,
  key: (typeof startupLocks)[keyof typeof startupLocks],
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}
