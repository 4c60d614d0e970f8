import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { pointEntries } from '../db/schema/index.ts';

export async function availablePoints(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${pointEntries.points}), 0)::int` })
    .from(pointEntries)
    .where(eq(pointEntries.userId, userId));
  return row?.total ?? 0;
}
