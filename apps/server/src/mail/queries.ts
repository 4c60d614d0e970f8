import { count, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { mailOutbox } from '../db/schema/mail.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** One page of held mail, newest first, and how many are held in all. */
export async function heldMailPage(
  db: Executor,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ count: number; results: OutboxRow[] }> {
  const held = eq(mailOutbox.status, 'held');
  const [total] = await db.select({ count: count() }).from(mailOutbox).where(held);
  const results = await db
    .select()
    .from(mailOutbox)
    .where(held)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.count ?? 0, results };
}

/**
 * The retention job's sweep (privacy/retention.ts): copies of messages written before `before`
 * (MAIL_RETENTION_DAYS), whatever became of them; how many went.
 */
export async function deleteMailBefore(db: Executor, before: Date): Promise<number> {
  const deleted = await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.createdAt, before))
    .returning({ id: mailOutbox.id });
  return deleted.length;
}
