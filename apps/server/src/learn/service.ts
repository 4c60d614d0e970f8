import { createHash } from 'node:crypto';
import {
  learnMessages,
  QUIZ_QUESTIONS_PER_ATTEMPT,
  type AttemptBody,
  type QuizItemFile,
} from '@bullpen/contract/learn';
import { LESSON_POINTS } from '@bullpen/contract/points';
import type { Database, Executor } from '../db/connection.ts';
import { holdStartupLock, startupLocks } from '../db/locks.ts';
import { checkOnce } from '../platform/content-checks.ts';
import { ContentError } from '../platform/content-files.ts';
import { notFound, unprocessable } from '../platform/errors.ts';
import { renderMarkdown } from '../platform/markdown.ts';
import { writePoints, type PointsWritten } from '../points/service.ts';
import type { UserRow } from '../users/presenter.ts';
import { checkCurriculum } from './content-check.ts';
import { articleAliasesIn, readCurriculum, type CourseSource } from './content-files.ts';
import { bankExhausted, checkAnswers, drawQuestions, grade, sameAnswers } from './grading.ts';
import {
  attemptsOf,
  completedPerCourse,
  attemptByKey,
  insertAttempt,
  recordProgress,
  countLiveCourses,
  countLiveLessons,
  findLiveCourse,
  findLiveLesson,
  findLiveLessonBySlug,
  liveCourses,
  liveLessonsOf,
  liveLessonIdsBySlug,
  liveLessonSlugs,
  liveLessonsWindow,
  lastAsked,
  lockDraw,
  progressOf,
  saveDraw,
  type CourseWithCount,
  type AttemptRow,
  type CourseRow,
  type DrawRow,
  type LessonRow,
  type ProgressRow,
  type StoredQuizItem,
} from './queries.ts';
import {
  retireAllBut,
  syncedCourses,
  syncedLessons,
  writeCourse,
  writeLesson,
} from './sync-queries.ts';

// ---------------------------------------------------------------------------------------------
// Start-up: the curriculum files → the database

/**
 * Part of every lesson's content hash: bump it when the Markdown rendering changes (the
 * allow-list, the renderer), so every lesson is rendered again at the next start.
 */
const RENDER_VERSION = 1;

export type SyncSummary = {
  courses: number;
  lessons: number;
  written: number;
  unchanged: number;
  retired: number;
};

/** A quiz item as stored: choices as their texts, each one's why beside them. */
function storedItem(item: QuizItemFile): StoredQuizItem {
  if (item.type === 'number') return item;
  return {
    ...item,
    choices: item.choices.map((choice) => choice.text),
    whys: item.choices.map((choice) => choice.why ?? null),
  };
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/**
 * Reads and checks the curriculum in `root`; throws ContentError with every problem (the
 * server refuses to start rather than serve a broken lesson).
 */
export function loadCurriculum(root: string): CourseSource[] {
  const sources = readCurriculum(root);
  assertCurriculum(sources, articleAliasesIn(root));
  return sources;
}

function assertCurriculum(sources: CourseSource[], articleAliases: ReadonlySet<string>): void {
  const report = checkCurriculum(sources, articleAliases);
  if (report.problems.length > 0) throw new ContentError(report.problems);
}

/** `loadCurriculum` at start-up: a build that passed these very files before skips the check. */
export async function loadCurriculumOnce(db: Executor, root: string): Promise<CourseSource[]> {
  const sources = readCurriculum(root);
  const aliases = articleAliasesIn(root);
  await checkOnce(db, 'curriculum', { sources, aliases: [...aliases].sort() }, () =>
    assertCurriculum(sources, aliases),
  );
  return sources;
}

/**
 * Upserts courses and lessons by slug in one transaction, so their ids stay stable across
 * restarts; rows whose content hash is unchanged are not rewritten (nor their Markdown
 * rendered again). Courses and lessons whose files are gone are retired: hidden from every
 * list, their attempts and progress kept. Concurrent starts (two server processes on one
 * PostgreSQL) wait for each other on an advisory lock.
 */
export async function syncCurriculum(db: Database, sources: CourseSource[]): Promise<SyncSummary> {
  return db.transaction(async (tx) => {
    await holdStartupLock(tx, startupLocks.lessonSync);
    const now = new Date();
    const summary: SyncSummary = { courses: 0, lessons: 0, written: 0, unchanged: 0, retired: 0 };
    const [existingCourses, existingLessons] = [await syncedCourses(tx), await syncedLessons(tx)];

    const courseIds: number[] = [];
    const lessonIds: number[] = [];
    for (const source of sources) {
      const { course } = source;
      summary.courses += 1;
      const values = {
        slug: course.slug,
        title: course.title,
        description: course.description,
        category: course.category,
        gradeMin: course.grades[0],
        gradeMax: course.grades[1],
        passPercent: course.pass_percent,
        position: course.position,
        sources: course.sources,
        contentHash: hashOf(course),
        retiredAt: null,
        updatedAt: now,
      };
      const existing = existingCourses.get(course.slug);
      let courseId: number;
      if (existing && existing.hash === values.contentHash && existing.retiredAt === null) {
        courseId = existing.id;
        summary.unchanged += 1;
      } else {
        courseId = await writeCourse(tx, values, existing?.id);
        summary.written += 1;
      }
      courseIds.push(courseId);

      for (const lesson of source.lessons) {
        summary.lessons += 1;
        const { front, body } = lesson;
        const { standards } = lesson;
        const contentHash = hashOf({
          front,
          standards,
          body,
          course: course.slug,
          order: lesson.order,
          render: RENDER_VERSION,
        });
        const found = existingLessons.get(front.slug);
        if (found && found.hash === contentHash && found.retiredAt === null) {
          lessonIds.push(found.id);
          summary.unchanged += 1;
          continue;
        }
        const lessonValues = {
          slug: front.slug,
          courseId,
          position: lesson.order,
          title: front.title,
          subTitle: front.sub_title,
          minutes: front.minutes,
          objectives: front.objectives,
          html: renderMarkdown(body),
          tryIt: front.try_it,
          standards,
          decision: front.decision ?? null,
          quiz: front.quiz.map(storedItem),
          contentHash,
          retiredAt: null,
          updatedAt: now,
        };
        lessonIds.push(await writeLesson(tx, lessonValues, found?.id));
        summary.written += 1;
      }
    }

    summary.retired = await retireAllBut(tx, { courseIds, lessonIds }, now);
    return summary;
  });
}

// ---------------------------------------------------------------------------------------------
// Lessons and quizzes

export async function requireLiveLesson(
  db: Executor,
  id: number,
): Promise<{ lesson: LessonRow; course: CourseRow }> {
  const found = await findLiveLesson(db, id);
  if (!found) throw notFound(learnMessages.lessonNotFound);
  return found;
}

/** The user's progress in one lesson (no row before the first attempt). */
export async function progressIn(
  db: Executor,
  userId: number,
  lessonId: number,
): Promise<ProgressRow | null> {
  return (await progressOf(db, userId, [lessonId])).get(lessonId) ?? null;
}

/** The bank's items with these ids, in the bank's order. */
function itemsOf(lesson: LessonRow, ids: readonly string[]): StoredQuizItem[] {
  const drawn = new Set(ids);
  return lesson.quiz.filter((item) => drawn.has(item.id));
}

/**
 * The questions of the user's next attempt, from their draw row (locked by `lockDraw`): the
 * open draw's, or a new draw when it is closed or names a question the bank no longer has.
 */
async function openDraw(
  tx: Executor,
  userId: number,
  lesson: LessonRow,
  row: DrawRow,
): Promise<StoredQuizItem[]> {
  const bank = new Set(lesson.quiz.map((item) => item.id));
  if (row.open && row.questions.length > 0 && row.questions.every((id) => bank.has(id))) {
    return itemsOf(lesson, row.questions);
  }
  const questions = drawQuestions(
    lesson.quiz,
    await lastAsked(tx, userId, lesson.id),
    QUIZ_QUESTIONS_PER_ATTEMPT,
  );
  await saveDraw(tx, userId, lesson.id, { questions, open: true });
  return itemsOf(lesson, questions);
}

export type SubmittedAttempt = {
  attempt: AttemptRow;
  /** The lesson is complete for the user (by this attempt or an earlier one). */
  lessonCompleted: boolean;
  replayed: boolean;
  /** Points the attempt paid: `LESSON_POINTS` for the lesson's first completion, else 0. */
  pointsAwarded: number;
  /** The ledger's write, for the caller to announce after the commit (null: nothing paid now). */
  pointsWritten: PointsWritten | null;
};

/**
 * POST /api/learn/lessons/{id}/attempts/: checks that every question of the open draw (see
 * `openDraw`; drawn now if the lesson was not opened) is answered once, and no other, grades
 * on the server, stores the attempt and the user's progress (best score; completion once an
 * attempt reaches the course's pass percent, never undone). With an Idempotency-Key, a resend
 * returns the first attempt; the same key with other answers is refused (422). Two sends with
 * one key at once make one attempt: the second waits on the draw's row lock, then finds the
 * first one's row (the unique index backs this up). The attempt that first completes the lesson pays `LESSON_POINTS` in the
 * same transaction, once: the ledger's source `lesson:<id>` pays a user once, so a later pass, a
 * resend or a concurrent pass pays nothing. The attempt closes the draw; the next opening draws
 * again.
 */
export async function submitAttempt(
  db: Database,
  actor: UserRow,
  lessonId: number,
  body: AttemptBody,
  idempotencyKey: string | undefined,
): Promise<SubmittedAttempt> {
  const { lesson, course } = await requireLiveLesson(db, lessonId);
  const replay = async (executor: Executor): Promise<SubmittedAttempt | null> => {
    if (!idempotencyKey) return null;
    const previous = await attemptByKey(executor, actor.id, lesson.id, idempotencyKey);
    if (!previous) return null;
    if (!sameAnswers(previous.answers, body.answers)) {
      throw unprocessable(learnMessages.idempotencyMismatch);
    }
    const progress = await progressIn(executor, actor.id, lesson.id);
    return {
      attempt: previous,
      lessonCompleted: completedBy(progress, previous),
      replayed: true,
      // What the first answer said: the attempt that completed the lesson is the one that paid.
      pointsAwarded:
        progress?.completedAt?.getTime() === previous.createdAt.getTime() ? LESSON_POINTS : 0,
      pointsWritten: null,
    };
  };

  const earlier = await replay(db);
  if (earlier) return earlier;

  return db.transaction(async (tx) => {
    const row = await lockDraw(tx, actor.id, lesson.id);
    // A send with the same key may have committed (and closed the draw) while this one waited.
    const concurrent = await replay(tx);
    if (concurrent) return concurrent;
    const quiz = await openDraw(tx, actor.id, lesson, row);
    checkAnswers(quiz, body.answers);
    const graded = grade(quiz, body.answers, course.passPercent);
    const createdAt = new Date();
    // A failed attempt names no right answer while an unseen question could still be asked:
    // else the next attempt would be a copy (docs/decisions/029-paced-learn-and-earn-and-quiz-retries.md).
    const [asked, before] = await Promise.all([
      lastAsked(tx, actor.id, lesson.id),
      progressIn(tx, actor.id, lesson.id),
    ]);
    const exhausted = bankExhausted(lesson.quiz, new Set(asked.keys()));
    const answersShown = graded.passed || before?.completedAt != null || exhausted;
    const attempt = await insertAttempt(tx, {
      userId: actor.id,
      lessonId: lesson.id,
      answers: body.answers,
      results: graded.results,
      score: graded.score,
      total: graded.total,
      percent: graded.percent,
      passed: graded.passed,
      answersShown,
      idempotencyKey: idempotencyKey ?? null,
      createdAt,
    });
    if (!attempt) {
      const first = await replay(tx);
      if (first) return first;
      throw new Error('an attempt conflicted on its Idempotency-Key but was not found');
    }
    await saveDraw(tx, actor.id, lesson.id, {
      questions: quiz.map((item) => item.id),
      open: false,
    });
    const progress = await recordProgress(tx, {
      userId: actor.id,
      lessonId: lesson.id,
      percent: graded.percent,
      completedAt: graded.passed ? createdAt : null,
    });
    const completedNow = progress.completedAt?.getTime() === createdAt.getTime();
    const pointsWritten = completedNow
      ? await writePoints(tx, [
          {
            userId: actor.id,
            points: LESSON_POINTS,
            reason: 'lesson',
            source: `lesson:${lesson.id}`,
            note: lesson.title,
          },
        ])
      : null;
    return {
      attempt,
      lessonCompleted: progress.completedAt !== null,
      replayed: false,
      pointsAwarded: pointsWritten && pointsWritten.written.length > 0 ? LESSON_POINTS : 0,
      pointsWritten,
    };
  });
}

/** True when the lesson was complete at the time of this attempt (by it or an earlier one). */
export function completedBy(progress: ProgressRow | null, attempt: AttemptRow): boolean {
  return (
    progress?.completedAt != null && progress.completedAt.getTime() <= attempt.createdAt.getTime()
  );
}

/** One user's attempts at a live lesson, newest first, each with the completion at its time. */
export async function myAttempts(
  db: Executor,
  actor: UserRow,
  lessonId: number,
): Promise<{ attempt: AttemptRow; lessonCompleted: boolean }[]> {
  const { lesson } = await requireLiveLesson(db, lessonId);
  const [attempts, progress] = await Promise.all([
    attemptsOf(db, actor.id, lesson.id),
    progressIn(db, actor.id, lesson.id),
  ]);
  return attempts.map((attempt) => ({ attempt, lessonCompleted: completedBy(progress, attempt) }));
}

// ---------------------------------------------------------------------------------------------
// The catalogue

export type CourseView = { course: CourseWithCount; completed: number | null };

/** A page of live courses; `completed` counts the user's completed lessons (null anonymous). */
export async function coursePage(
  db: Executor,
  userId: number | null,
  window: { offset: number; limit: number },
): Promise<{ count: number; results: CourseView[] }> {
  const [total, rows] = await Promise.all([countLiveCourses(db), liveCourses(db, window)]);
  const completed =
    userId === null
      ? null
      : await completedPerCourse(
          db,
          userId,
          rows.map((row) => row.id),
        );
  return {
    count: total,
    results: rows.map((course) => ({
      course,
      completed: completed ? (completed.get(course.id) ?? 0) : null,
    })),
  };
}

export async function requireLiveCourse(db: Executor, id: number): Promise<CourseWithCount> {
  const course = await findLiveCourse(db, id);
  if (!course) throw notFound(learnMessages.courseNotFound);
  return course;
}

export async function courseView(
  db: Executor,
  userId: number | null,
  id: number,
): Promise<CourseView> {
  const course = await requireLiveCourse(db, id);
  if (userId === null) return { course, completed: null };
  const completed = await completedPerCourse(db, userId, [course.id]);
  return { course, completed: completed.get(course.id) ?? 0 };
}

/** The public catalogue: a page of courses, each with its live lessons. */
export async function previewPage(
  db: Executor,
  window: { offset: number; limit: number },
): Promise<{ count: number; results: { course: CourseWithCount; lessons: LessonRow[] }[] }> {
  const [total, rows] = await Promise.all([countLiveCourses(db), liveCourses(db, window)]);
  const all = await liveLessonsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    count: total,
    results: rows.map((course) => ({
      course,
      lessons: all.filter((lesson) => lesson.courseId === course.id),
    })),
  };
}

/** A course's live lessons with one user's progress in each (undefined when anonymous). */
export async function lessonCards(
  db: Executor,
  userId: number | null,
  courseId: number,
): Promise<{ lesson: LessonRow; progress: ProgressRow | null | undefined }[]> {
  const course = await requireLiveCourse(db, courseId);
  const rows = await liveLessonsOf(db, [course.id]);
  const progress =
    userId === null
      ? null
      : await progressOf(
          db,
          userId,
          rows.map((row) => row.id),
        );
  return rows.map((lesson) => ({
    lesson,
    progress: progress ? (progress.get(lesson.id) ?? null) : undefined,
  }));
}

export type LessonView = {
  lesson: LessonRow;
  course: CourseRow;
  previous: LessonRow | null;
  next: LessonRow | null;
  progress: ProgressRow | null;
  /** The questions of my next attempt (the open draw). */
  questions: StoredQuizItem[];
};

/**
 * GET /api/learn/lessons/{id}/: the lesson, its neighbours in the course, my progress and the
 * questions of my next attempt: the open draw's, drawn now if there is none, so reopening the
 * lesson before answering shows the same questions.
 */
export async function lessonView(db: Database, userId: number, id: number): Promise<LessonView> {
  const { lesson, course } = await requireLiveLesson(db, id);
  const [siblings, progress] = await Promise.all([
    liveLessonsOf(db, [course.id]),
    progressIn(db, userId, lesson.id),
  ]);
  const questions = await db.transaction(async (tx) =>
    openDraw(tx, userId, lesson, await lockDraw(tx, userId, lesson.id)),
  );
  const index = siblings.findIndex((sibling) => sibling.id === lesson.id);
  return {
    lesson,
    course,
    previous: index > 0 ? siblings[index - 1]! : null,
    next: index >= 0 && index < siblings.length - 1 ? siblings[index + 1]! : null,
    progress,
    questions,
  };
}

// ---------------------------------------------------------------------------------------------
// For the content domain: every live lesson as a public article

export type PublicLesson = { lesson: LessonRow; course: CourseRow };

export async function publicLessonPage(
  db: Executor,
  window: { offset: number; limit: number },
): Promise<{ count: number; results: PublicLesson[] }> {
  const [total, results] = await Promise.all([countLiveLessons(db), liveLessonsWindow(db, window)]);
  return { count: total, results };
}

/** A live lesson by its slug (the public article's alias), or null. */
export async function findPublicLesson(db: Executor, slug: string): Promise<PublicLesson | null> {
  return findLiveLessonBySlug(db, slug);
}

/** Every live lesson's id by slug: the lessons a learn-and-earn module may go with. */
export async function lessonIdsBySlug(db: Executor): Promise<Map<string, number>> {
  return liveLessonIdsBySlug(db);
}

/** The slugs of every live lesson: `/public/lessons/<slug>` pages that exist. */
export async function publicLessonSlugs(db: Executor): Promise<Set<string>> {
  return new Set(await liveLessonSlugs(db));
}
