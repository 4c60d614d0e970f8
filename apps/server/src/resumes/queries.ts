import { and, asc, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { resumeComments, resumes } from '../db/schema/resumes.ts';

/** Reads and writes of the résumés and their comments. */
export type ResumeRow = typeof resumes.$inferSelect;
export type ResumeCommentRow = typeof resumeComments.$inferSelect;
export type ResumeWithCount = ResumeRow & { commentsCount: number };
export type ResumeText = { summary: string; education: string; experience: string; skills: string };

// The outer id written with its table: in a one-table select drizzle leaves columns bare, and a
// bare "id" here would be the comment's own.
const commentsCount = sql<number>`(select count(*)::int from ${resumeComments} where ${resumeComments.resumeId} = ${resumes}."id")`;

export async function findResume(
  db: Executor,
  classroomId: number,
  resumeId: number,
): Promise<ResumeWithCount | undefined> {
  const [row] = await db
    .select({ resume: resumes, commentsCount })
    .from(resumes)
    .where(and(eq(resumes.id, resumeId), eq(resumes.classroomId, classroomId)))
    .limit(1);
  return row ? { ...row.resume, commentsCount: row.commentsCount } : undefined;
}

/**
 * A window of the class's résumés (only `authorId`'s when given), the most recently changed
 * first, and how many there are.
 */
export async function classroomResumes(
  db: Executor,
  classroomId: number,
  authorId: number | null,
  window: { offset: number; limit: number },
): Promise<{ count: number; results: ResumeWithCount[] }> {
  const where =
    authorId === null
      ? eq(resumes.classroomId, classroomId)
      : and(eq(resumes.classroomId, classroomId), eq(resumes.userId, authorId));
  const [total] = await db.select({ total: count() }).from(resumes).where(where);
  const rows = await db
    .select({ resume: resumes, commentsCount })
    .from(resumes)
    .where(where)
    .orderBy(desc(resumes.updatedAt), desc(resumes.id))
    .offset(window.offset)
    .limit(window.limit);
  return {
    count: total?.total ?? 0,
    results: rows.map((row) => ({ ...row.resume, commentsCount: row.commentsCount })),
  };
}

/** Writes the student's résumé in the class: the first time a new one, then an update. */
export async function upsertResume(
  db: Executor,
  classroomId: number,
  userId: number,
  text: ResumeText,
  now: Date,
): Promise<{ resume: ResumeRow; created: boolean }> {
  const [row] = await db
    .insert(resumes)
    .values({ classroomId, userId, ...text, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [resumes.classroomId, resumes.userId],
      set: { ...text, updatedAt: now },
    })
    // xmax is 0 on a row this statement inserted (PostgreSQL's way to tell insert from update).
    .returning({ ...getTableColumns(resumes), created: sql<boolean>`(xmax = 0)` });
  const { created, ...resume } = row!;
  return { resume, created };
}

export async function resumeCommentsPage(
  db: Executor,
  resumeId: number,
  window: { offset: number; limit: number },
): Promise<{ count: number; results: ResumeCommentRow[] }> {
  const [total] = await db
    .select({ total: count() })
    .from(resumeComments)
    .where(eq(resumeComments.resumeId, resumeId));
  const results = await db
    .select()
    .from(resumeComments)
    .where(eq(resumeComments.resumeId, resumeId))
    .orderBy(asc(resumeComments.id))
    .offset(window.offset)
    .limit(window.limit);
  return { count: total?.total ?? 0, results };
}

export async function insertResumeComment(
  db: Executor,
  resumeId: number,
  userId: number,
  body: string,
  now: Date,
): Promise<ResumeCommentRow> {
  const [row] = await db
    .insert(resumeComments)
    .values({ resumeId, userId, body, createdAt: now })
    .returning();
  return row!;
}

/** Part of erasing an account (users/deletion.ts purgeUser). */
/** The account's résumés (their comments go with them) and its comments on others'. */
export async function deleteResumesOf(db: Executor, userId: number): Promise<void> {
  await db.delete(resumeComments).where(eq(resumeComments.userId, userId));
  await db.delete(resumes).where(eq(resumes.userId, userId));
}

/** The user's résumés, for "download my data". */
export async function exportResumesOf(db: Executor, userId: number) {
  return db
    .select({
      id: resumes.id,
      classroom_id: resumes.classroomId,
      summary: resumes.summary,
      education: resumes.education,
      experience: resumes.experience,
      skills: resumes.skills,
      updated_at: resumes.updatedAt,
    })
    .from(resumes)
    .where(eq(resumes.userId, userId))
    .orderBy(asc(resumes.id));
}

/**
 * The latest comments on one author's résumés, newest first: what the author may choose to
 * show their guardians (guardians/service.ts). The commenter by id only; the caller names them.
 */
export async function commentsOnResumesOf(db: Executor, authorId: number, limit: number) {
  return db
    .select({
      userId: resumeComments.userId,
      body: resumeComments.body,
      createdAt: resumeComments.createdAt,
    })
    .from(resumeComments)
    .innerJoin(resumes, eq(resumes.id, resumeComments.resumeId))
    .where(eq(resumes.userId, authorId))
    .orderBy(desc(resumeComments.id))
    .limit(limit);
}
