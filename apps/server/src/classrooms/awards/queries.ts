import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';

/** Any number: the advisory-lock class that serialises one teacher's awards (the daily cap). */
const AWARD_LOCK_CLASS = 727_120;

/**
 * Waits until no other transaction is awarding points for this teacher (across processes).
 * The awards themselves are rows of the points ledger, written through points/service.ts.
 */
export async function lockTeacherAwards(tx: Executor, teacherId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AWARD_LOCK_CLASS}, ${teacherId})`);
}
