import { and, asc, desc, eq, gt, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import {
  classroomMutes,
  classroomPostReports,
  classroomPosts,
} from '../../db/schema/classrooms.ts';
import type { ClassroomPostRow } from './queries.ts';

/** Reads and writes of the board's moderation: deleted posts, reports and mutes. */
export type ClassroomMuteRow = typeof classroomMutes.$inferSelect;
export type PostReportSummary = {
  postId: number;
  reports: number;
  reasons: string[];
  lastReportedAt: Date;
};

/** The most reported posts the teacher's list shows at once (the newest reports first). */
const REPORTED_POSTS_SHOWN = 100;

/** A post of the class's board (not deleted), or undefined. */
export async function findBoardPost(
  db: Executor,
  classroomId: number,
  postId: number,
): Promise<ClassroomPostRow | undefined> {
  const [row] = await db
    .select()
    .from(classroomPosts)
    .where(
      and(
        eq(classroomPosts.id, postId),
        eq(classroomPosts.classroomId, classroomId),
        isNull(classroomPosts.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Erases the post's text and marks it deleted, and erases its reports. False when another
 * request deleted it first.
 */
export async function erasePost(db: Executor, postId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(classroomPosts)
    .set({ message: '', deletedAt: now })
    .where(and(eq(classroomPosts.id, postId), isNull(classroomPosts.deletedAt)))
    .returning({ id: classroomPosts.id });
  await deletePostReports(db, postId);
  return rows.length > 0;
}

/** Stores a report unless this member already reported the post: true when stored now. */
export async function insertPostReport(
  db: Executor,
  values: {
    postId: number;
    reporterId: number;
    classroomId: number;
    reason: string;
    createdAt: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(classroomPostReports)
    .values(values)
    .onConflictDoNothing()
    .returning({ postId: classroomPostReports.postId });
  return rows.length > 0;
}

export async function deletePostReports(db: Executor, postId: number): Promise<number> {
  const rows = await db
    .delete(classroomPostReports)
    .where(eq(classroomPostReports.postId, postId))
    .returning({ postId: classroomPostReports.postId });
  return rows.length;
}

/** The class's reported posts, the most recently reported first, reporters left out. */
export async function reportedPostSummaries(
  db: Executor,
  classroomId: number,
): Promise<PostReportSummary[]> {
  const lastReportedAt = max(classroomPostReports.createdAt);
  const rows = await db
    .select({
      postId: classroomPostReports.postId,
      reports: sql<number>`count(*)::int`,
      reasons: sql<
        string[] | null
      >`array_agg(${classroomPostReports.reason} order by ${classroomPostReports.createdAt}) filter (where ${classroomPostReports.reason} <> '')`,
      lastReportedAt,
    })
    .from(classroomPostReports)
    .where(eq(classroomPostReports.classroomId, classroomId))
    .groupBy(classroomPostReports.postId)
    .orderBy(desc(lastReportedAt), desc(classroomPostReports.postId))
    .limit(REPORTED_POSTS_SHOWN);
  return rows.map((row) => ({
    postId: row.postId,
    reports: row.reports,
    reasons: row.reasons ?? [],
    lastReportedAt: row.lastReportedAt ?? new Date(0),
  }));
}

export async function findPostsByIds(db: Executor, ids: number[]): Promise<ClassroomPostRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(classroomPosts).where(inArray(classroomPosts.id, ids));
}

/** Mutes (or mutes again, replacing the end) a student in a class. */
export async function upsertMute(
  db: Executor,
  values: { classroomId: number; userId: number; mutedUntil: Date; createdAt: Date },
): Promise<ClassroomMuteRow> {
  const [row] = await db
    .insert(classroomMutes)
    .values(values)
    .onConflictDoUpdate({
      target: [classroomMutes.classroomId, classroomMutes.userId],
      set: { mutedUntil: values.mutedUntil, createdAt: values.createdAt },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function deleteMute(db: Executor, classroomId: number, userId: number) {
  await db
    .delete(classroomMutes)
    .where(and(eq(classroomMutes.classroomId, classroomId), eq(classroomMutes.userId, userId)));
}

/**
 * Mutes of the class (or of one student in it) that ended are of no use: they are erased,
 * not kept. One renewed meanwhile is left alone.
 */
export async function deleteEndedMutes(
  db: Executor,
  classroomId: number,
  now: Date,
  userId?: number,
) {
  await db
    .delete(classroomMutes)
    .where(
      and(
        eq(classroomMutes.classroomId, classroomId),
        userId === undefined ? undefined : eq(classroomMutes.userId, userId),
        lte(classroomMutes.mutedUntil, now),
      ),
    );
}

/** The student's mute in the class, ended or not. */
export async function findMute(
  db: Executor,
  classroomId: number,
  userId: number,
): Promise<ClassroomMuteRow | undefined> {
  const [row] = await db
    .select()
    .from(classroomMutes)
    .where(and(eq(classroomMutes.classroomId, classroomId), eq(classroomMutes.userId, userId)))
    .limit(1);
  return row;
}

/** The class's mutes still running, the soonest to end first. */
export async function runningMutes(
  db: Executor,
  classroomId: number,
  now: Date,
): Promise<ClassroomMuteRow[]> {
  return db
    .select()
    .from(classroomMutes)
    .where(and(eq(classroomMutes.classroomId, classroomId), gt(classroomMutes.mutedUntil, now)))
    .orderBy(asc(classroomMutes.mutedUntil), asc(classroomMutes.userId));
}

/** Part of erasing an account (users/deletion.ts purgeUser). */
export async function forgetModerationOf(db: Executor, userId: number): Promise<void> {
  await db.delete(classroomPostReports).where(eq(classroomPostReports.reporterId, userId));
  await db.delete(classroomMutes).where(eq(classroomMutes.userId, userId));
}
