import { and, count, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { classroomPosts } from '../../db/schema/classrooms.ts';

/** Reads and writes of the discussion board's posts. */
export type ClassroomPostRow = typeof classroomPosts.$inferSelect;

/** Any number: the advisory-lock class that serialises one user's posts (the rate limit). */
const POST_LOCK_CLASS = 727_110;

/** The class's board: its posts that were not deleted. */
function inClass(classroomId: number, before: number | undefined): SQL | undefined {
  return and(
    eq(classroomPosts.classroomId, classroomId),
    isNull(classroomPosts.deletedAt),
    before === undefined ? undefined : lt(classroomPosts.id, before),
  );
}

export async function countClassroomPosts(
  db: Executor,
  classroomId: number,
  before: number | undefined,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(classroomPosts)
    .where(inClass(classroomId, before));
  return row?.total ?? 0;
}

/**
 * A window counted back from the newest post (or from just before `before`), answered in time
 * order: offset 0 is the newest posts.
 */
export async function latestClassroomPosts(
  db: Executor,
  classroomId: number,
  window: { offset: number; limit: number; before: number | undefined },
): Promise<ClassroomPostRow[]> {
  const rows = await db
    .select()
    .from(classroomPosts)
    .where(inClass(classroomId, window.before))
    .orderBy(desc(classroomPosts.id))
    .offset(window.offset)
    .limit(window.limit);
  return rows.reverse();
}

/** Waits until no other transaction is posting for this user (across server processes). */
export async function lockUserPosts(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${POST_LOCK_CLASS}, ${userId})`);
}

/**
 * When the user's `nth` newest post was written (in any class), or undefined when they have
 * written fewer: with n the per-minute limit, the user may post again a minute after it.
 * Deleted posts count too, so deleting does not make room for more.
 */
export async function nthLatestPostTime(
  db: Executor,
  userId: number,
  nth: number,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: classroomPosts.createdAt })
    .from(classroomPosts)
    .where(eq(classroomPosts.userId, userId))
    .orderBy(desc(classroomPosts.id))
    .offset(nth - 1)
    .limit(1);
  return row?.createdAt;
}

export async function insertClassroomPost(
  db: Executor,
  values: { classroomId: number; userId: number; message: string; createdAt: Date },
): Promise<ClassroomPostRow> {
  const [row] = await db.insert(classroomPosts).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Part of erasing an account (users/deletion.ts purgeUser). */
/**
 * The account's board posts stay as placeholders (a thread keeps its shape) but lose their
 * text: a child's words are personal. The board shows their author as a former student.
 */
export async function forgetPostsOf(db: Executor, userId: number): Promise<void> {
  await db.update(classroomPosts).set({ message: '' }).where(eq(classroomPosts.userId, userId));
}

/** The user's own board posts that still have their text, for "download my data". */
export async function exportPostsOf(db: Executor, userId: number) {
  return db
    .select({
      id: classroomPosts.id,
      classroom_id: classroomPosts.classroomId,
      message: classroomPosts.message,
      created_at: classroomPosts.createdAt,
    })
    .from(classroomPosts)
    .where(and(eq(classroomPosts.userId, userId), isNull(classroomPosts.deletedAt)))
    .orderBy(classroomPosts.id);
}
