import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { courses, lessonProgress, lessons, quizAttempts, quizDraws } from '../db/schema/learn.ts';

/**
 * Reads of the learn tables. Only live rows (not retired) are listed or found by id; a retired
 * course hides its lessons too. Progress and attempts are always of one user.
 */
export type { StoredQuestionResult, StoredQuizItem } from '../db/schema/learn.ts';
export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type AttemptRow = typeof quizAttempts.$inferSelect;
export type ProgressRow = typeof lessonProgress.$inferSelect;
export type DrawRow = typeof quizDraws.$inferSelect;

const liveCourse = isNull(courses.retiredAt);
const liveLesson = and(isNull(lessons.retiredAt), isNull(courses.retiredAt));

/** Live lessons of each course, as a column of a course query. */
const lessonsCount = sql<number>`(
  select count(*)::int from ${lessons} as live
  where live.course_id = ${courses}.id and live.retired_at is null
)`;

export type CourseWithCount = CourseRow & { lessonsCount: number };

export async function countLiveCourses(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(courses).where(liveCourse);
  return row?.total ?? 0;
}

/** A window of the live catalogue, in catalogue order. */
export async function liveCourses(
  db: Executor,
  window: { offset: number; limit: number },
): Promise<CourseWithCount[]> {
  const rows = await db
    .select({ course: courses, lessonsCount })
    .from(courses)
    .where(liveCourse)
    .orderBy(asc(courses.position), asc(courses.id))
    .offset(window.offset)
    .limit(window.limit);
  return rows.map(({ course, lessonsCount: total }) => ({ ...course, lessonsCount: total }));
}

export async function findLiveCourse(db: Executor, id: number): Promise<CourseWithCount | null> {
  const [row] = await db
    .select({ course: courses, lessonsCount })
    .from(courses)
    .where(and(eq(courses.id, id), liveCourse));
  return row ? { ...row.course, lessonsCount: row.lessonsCount } : null;
}

/** The live lessons of these courses, in course order then lesson order. */
export async function liveLessonsOf(db: Executor, courseIds: number[]): Promise<LessonRow[]> {
  if (courseIds.length === 0) return [];
  return db
    .select({ lesson: lessons })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(inArray(lessons.courseId, courseIds), liveLesson))
    .orderBy(asc(courses.position), asc(lessons.position), asc(lessons.id))
    .then((rows) => rows.map((row) => row.lesson));
}

export async function findLiveLesson(
  db: Executor,
  id: number,
): Promise<{ lesson: LessonRow; course: CourseRow } | null> {
  const [row] = await db
    .select({ lesson: lessons, course: courses })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, id), liveLesson));
  return row ?? null;
}

/** Live lessons by id, with their courses (ids of retired or unknown lessons are left out). */
export async function findLiveLessons(
  db: Executor,
  ids: number[],
): Promise<Map<number, { lesson: LessonRow; course: CourseRow }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ lesson: lessons, course: courses })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(inArray(lessons.id, [...new Set(ids)]), liveLesson));
  return new Map(rows.map((row) => [row.lesson.id, row]));
}

export async function findLiveLessonBySlug(
  db: Executor,
  slug: string,
): Promise<{ lesson: LessonRow; course: CourseRow } | null> {
  const [row] = await db
    .select({ lesson: lessons, course: courses })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.slug, slug), liveLesson));
  return row ?? null;
}

export async function countLiveLessons(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(liveLesson);
  return row?.total ?? 0;
}

/** A window of every live lesson with its course, in catalogue order. */
export async function liveLessonsWindow(
  db: Executor,
  window: { offset: number; limit: number },
): Promise<{ lesson: LessonRow; course: CourseRow }[]> {
  return db
    .select({ lesson: lessons, course: courses })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(liveLesson)
    .orderBy(asc(courses.position), asc(lessons.position), asc(lessons.id))
    .offset(window.offset)
    .limit(window.limit);
}

/** One user's progress rows for these lessons, by lesson id. */
export async function progressOf(
  db: Executor,
  userId: number,
  lessonIds: number[],
): Promise<Map<number, ProgressRow>> {
  if (lessonIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.lessonId, lessonIds)));
  return new Map(rows.map((row) => [row.lessonId, row]));
}

/** How many live lessons of each course one user has completed. */
export async function completedPerCourse(
  db: Executor,
  userId: number,
  courseIds: number[],
): Promise<Map<number, number>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: lessons.courseId, completed: count() })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .where(
      and(
        eq(lessonProgress.userId, userId),
        isNotNull(lessonProgress.completedAt),
        isNull(lessons.retiredAt),
        inArray(lessons.courseId, courseIds),
      ),
    )
    .groupBy(lessons.courseId);
  return new Map(rows.map((row) => [row.courseId, row.completed]));
}

/** One user's attempts at one lesson, newest first. */
export async function attemptsOf(
  db: Executor,
  userId: number,
  lessonId: number,
): Promise<AttemptRow[]> {
  return db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId)))
    .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id));
}

/** The slugs of every live lesson (public article links are checked against them). */
export async function liveLessonSlugs(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ slug: lessons.slug })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(liveLesson);
  return rows.map((row) => row.slug);
}

/** Every live lesson's id by its slug (learn-and-earn modules name their lessons by slug). */
export async function liveLessonIdsBySlug(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: lessons.id, slug: lessons.slug })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(liveLesson);
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/**
 * For a class's statistics: the progress rows of many users in these lessons (a class is a
 * few hundred students, so one query instead of one per student).
 */
export async function progressOfUsers(
  db: Executor,
  userIds: number[],
  lessonIds: number[],
): Promise<ProgressRow[]> {
  if (userIds.length === 0 || lessonIds.length === 0) return [];
  return db
    .select()
    .from(lessonProgress)
    .where(
      and(inArray(lessonProgress.userId, userIds), inArray(lessonProgress.lessonId, lessonIds)),
    );
}

/** Each user's latest quiz attempt at any lesson (users who never tried one are absent). */
export async function lastAttemptOf(db: Executor, userIds: number[]): Promise<Map<number, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: quizAttempts.userId, at: sql<string>`max(${quizAttempts.createdAt})` })
    .from(quizAttempts)
    .where(inArray(quizAttempts.userId, userIds))
    .groupBy(quizAttempts.userId);
  return new Map(rows.map((row) => [row.userId, new Date(row.at)]));
}

/**
 * The questions this user was asked in earlier attempts at a lesson, each with the id of the
 * latest attempt that asked it (attempt ids grow with time, and never tie as timestamps can).
 */
export async function lastAsked(
  db: Executor,
  userId: number,
  lessonId: number,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: quizAttempts.id, results: quizAttempts.results })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId)));
  const last = new Map<string, number>();
  for (const row of rows) {
    for (const result of row.results) {
      last.set(result.item, Math.max(last.get(result.item) ?? 0, row.id));
    }
  }
  return last;
}

/**
 * The user's draw row for a lesson, locked until the transaction ends (made closed and empty
 * first if there is none), so one opening or attempt at a time reads and changes it.
 */
export async function lockDraw(tx: Executor, userId: number, lessonId: number): Promise<DrawRow> {
  await tx
    .insert(quizDraws)
    .values({ userId, lessonId, questions: [], open: false })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(quizDraws)
    .where(and(eq(quizDraws.userId, userId), eq(quizDraws.lessonId, lessonId)))
    .for('update');
  return row!;
}

export async function saveDraw(
  tx: Executor,
  userId: number,
  lessonId: number,
  values: { questions: string[]; open: boolean },
): Promise<void> {
  await tx
    .update(quizDraws)
    .set(values)
    .where(and(eq(quizDraws.userId, userId), eq(quizDraws.lessonId, lessonId)));
}

/** The user's quiz attempts (scores, not the question bank), for "download my data". */
export async function exportAttemptsOf(db: Executor, userId: number) {
  return db
    .select({
      id: quizAttempts.id,
      lesson_id: quizAttempts.lessonId,
      lesson_title: lessons.title,
      score: quizAttempts.score,
      total: quizAttempts.total,
      percent: quizAttempts.percent,
      passed: quizAttempts.passed,
      created_at: quizAttempts.createdAt,
    })
    .from(quizAttempts)
    .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
    .where(eq(quizAttempts.userId, userId))
    .orderBy(asc(quizAttempts.id));
}

/** The attempt a student already sent with this Idempotency-Key, if any. */
export async function attemptByKey(
  db: Executor,
  userId: number,
  lessonId: number,
  idempotencyKey: string,
): Promise<AttemptRow | undefined> {
  const [attempt] = await db
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.lessonId, lessonId),
        eq(quizAttempts.idempotencyKey, idempotencyKey),
      ),
    );
  return attempt;
}

/**
 * A graded attempt. With an Idempotency-Key that was already used (a resend that raced the
 * first), nothing is written and undefined comes back: the caller replays the first.
 */
export async function insertAttempt(
  db: Executor,
  values: Omit<typeof quizAttempts.$inferInsert, 'id'>,
): Promise<AttemptRow | undefined> {
  const [attempt] = await db
    .insert(quizAttempts)
    .values(values)
    .onConflictDoNothing({
      target: [quizAttempts.userId, quizAttempts.lessonId, quizAttempts.idempotencyKey],
      where: sql`${quizAttempts.idempotencyKey} is not null`,
    })
    .returning();
  return attempt;
}

/**
 * One more attempt in the student's progress on a lesson: the best percent kept, the first
 * percent that of the first attempt, the completion that of the first pass.
 */
export async function recordProgress(
  db: Executor,
  attempt: { userId: number; lessonId: number; percent: number; completedAt: Date | null },
): Promise<ProgressRow> {
  const [progress] = await db
    .insert(lessonProgress)
    .values({
      userId: attempt.userId,
      lessonId: attempt.lessonId,
      bestPercent: attempt.percent,
      firstPercent: attempt.percent,
      attempts: 1,
      completedAt: attempt.completedAt,
    })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        bestPercent: sql`greatest(${lessonProgress.bestPercent}, excluded.best_percent)`,
        attempts: sql`${lessonProgress.attempts} + 1`,
        completedAt: sql`coalesce(${lessonProgress.completedAt}, excluded.completed_at)`,
      },
    })
    .returning();
  return progress!;
}

/** One user's progress rows, the most recently tried lesson first (the student's home). */
export async function progressByRecency(
  db: Executor,
  userId: number,
): Promise<(ProgressRow & { lastTriedAt: Date | null })[]> {
  const lastTried = sql<
    string | null
  >`(select max(${quizAttempts.createdAt}) from ${quizAttempts} where ${quizAttempts.userId} = ${lessonProgress.userId} and ${quizAttempts.lessonId} = ${lessonProgress.lessonId})`;
  const rows = await db
    .select({ progress: lessonProgress, lastTried })
    .from(lessonProgress)
    .where(eq(lessonProgress.userId, userId))
    .orderBy(sql`2 desc nulls last`, desc(lessonProgress.lessonId));
  return rows.map((row) => ({
    ...row.progress,
    lastTriedAt: row.lastTried === null ? null : new Date(row.lastTried),
  }));
}
