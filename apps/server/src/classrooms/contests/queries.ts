import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { classrooms } from '../../db/schema/classrooms.ts';

/** The class's trading switch, for class contests (its students: `core/queries.ts` `studentIdsOf`). */

export async function setTradingEnabled(
  db: Executor,
  classroomId: number,
  enabled: boolean,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .update(classrooms)
    .set({ tradingEnabled: enabled, updatedAt: now })
    .where(eq(classrooms.id, classroomId))
    .returning({ tradingEnabled: classrooms.tradingEnabled });
  return row?.tradingEnabled ?? enabled;
}

/** Whether trading is on for the class; null when there is no such class (any more). */
export async function classroomTradingEnabled(
  db: Executor,
  classroomId: number,
): Promise<boolean | null> {
  const [row] = await db
    .select({ tradingEnabled: classrooms.tradingEnabled })
    .from(classrooms)
    .where(eq(classrooms.id, classroomId))
    .limit(1);
  return row?.tradingEnabled ?? null;
}
