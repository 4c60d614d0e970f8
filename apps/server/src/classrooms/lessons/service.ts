import {
  classroomLessonMessages,
  REMINDER_INTERVAL_MINUTES,
  type EnableLessonsBody,
  type LessonStatus,
  type OverdueBody,
  type StatisticsBody,
  type UpdateClassroomLessonBody,
} from '@bullpen/contract/classroom-lessons';
import { learnMessages } from '@bullpen/contract/learn';
import type { Executor } from '../../db/connection.ts';
import {
  findLiveLessons,
  lastAttemptOf,
  liveCourses,
  liveLessonsOf,
  progressOf,
  progressOfUsers,
  type CourseRow,
  type CourseWithCount,
  type LessonRow,
  type ProgressRow,
} from '../../learn/queries.ts';
import { requireLiveLesson } from '../../learn/service.ts';
import type { LessonEvent } from '../../platform/events.ts';
import { badRequest, notFound, tooManyRequests } from '../../platform/errors.ts';
import { earnedPointsOf, sumPointsOf, type EarnedPoints } from '../../points/queries.ts';
import type { UserRow } from '../../users/presenter.ts';
import { findUsersByIds } from '../../users/queries.ts';
import {
  claimReminder,
  dueLessonSettings,
  enableLessons,
  findLessonSetting,
  lessonSettingsOf,
  updateLessonSetting,
  type ClassroomLessonRow,
} from './queries.ts';
import type { ClassroomAccess } from '../core/policies.ts';
import { classroomsStudiedBy, studentIdsOf } from '../core/queries.ts';

const MINUTE_MS = 60_000;
/** Far more than the curriculum's courses: the whole live catalogue in one read. */
const WHOLE_CATALOGUE = { offset: 0, limit: 10_000 };

/** Every live course with its live lessons, in catalogue order. */
async function liveCatalogue(
  db: Executor,
): Promise<{ course: CourseWithCount; lessons: LessonRow[] }[]> {
  const courses = await liveCourses(db, WHOLE_CATALOGUE);
  const lessons = await liveLessonsOf(
    db,
    courses.map((course) => course.id),
  );
  return courses.map((course) => ({
    course,
    lessons: lessons.filter((lesson) => lesson.courseId === course.id),
  }));
}

/** A student's standing in one lesson of the class. */
export function statusOf(
  setting: ClassroomLessonRow | undefined,
  progress: ProgressRow | undefined,
  now: Date,
): LessonStatus {
  if (progress?.completedAt) return 'done';
  if (setting?.dueAt && setting.dueAt.getTime() <= now.getTime()) return 'overdue';
  return progress ? 'in_progress' : 'not_started';
}

export type ClassroomLessonView = {
  lesson: LessonRow;
  setting: ClassroomLessonRow | undefined;
  /** Only for a student viewer. */
  progress: { status: LessonStatus; bestPercent: number | null } | null;
};

export type ClassroomCourseView = { course: CourseWithCount; lessons: ClassroomLessonView[] };

/**
 * GET …/{id}/courses/: the teacher sees every live course and lesson with the class's
 * settings; a student sees only the lessons enabled in the class, with their own standing.
 */
export async function classroomCourses(
  db: Executor,
  access: ClassroomAccess,
  actor: UserRow,
  now: Date,
): Promise<ClassroomCourseView[]> {
  const [catalogue, settings] = await Promise.all([
    liveCatalogue(db),
    lessonSettingsOf(db, access.classroom.id),
  ]);
  if (access.role === 'teacher') {
    return catalogue.map(({ course, lessons }) => ({
      course,
      lessons: lessons.map((lesson) => ({
        lesson,
        setting: settings.get(lesson.id),
        progress: null,
      })),
    }));
  }
  const assigned = catalogue
    .map(({ course, lessons }) => ({
      course,
      lessons: lessons.filter((lesson) => settings.get(lesson.id)?.enabled === true),
    }))
    .filter(({ lessons }) => lessons.length > 0);
  const progress = new Map(
    (
      await progressOfUsers(
        db,
        [actor.id],
        assigned.flatMap(({ lessons }) => lessons.map((lesson) => lesson.id)),
      )
    ).map((row) => [row.lessonId, row]),
  );
  return assigned.map(({ course, lessons }) => ({
    course,
    lessons: lessons.map((lesson) => {
      const setting = settings.get(lesson.id);
      const mine = progress.get(lesson.id);
      return {
        lesson,
        setting,
        progress: { status: statusOf(setting, mine, now), bestPercent: mine?.bestPercent ?? null },
      };
    }),
  }));
}

function parseDueAt(value: string | null | undefined): Date | null | undefined {
  return value === undefined || value === null ? value : new Date(value);
}

/** POST …/{id}/lessons/: enables live lessons (idempotent); an unknown one refuses them all. */
export async function enableClassroomLessons(
  db: Executor,
  access: ClassroomAccess,
  body: EnableLessonsBody,
  now: Date,
): Promise<{ rows: ClassroomLessonRow[]; assigned: LessonEvent[] }> {
  const live = new Set(
    (await liveCatalogue(db)).flatMap(({ lessons }) => lessons.map((lesson) => lesson.id)),
  );
  const unknown = body.lessons.filter((id) => !live.has(id));
  if (unknown.length > 0) {
    throw badRequest({
      lessons: unknown.map((id) =>
        classroomLessonMessages.unknownLesson.replace('{id}', String(id)),
      ),
    });
  }
  const lessonIds = [...new Set(body.lessons)];
  const before = [...(await lessonSettingsOf(db, access.classroom.id)).values()];
  const rows = await enableLessons(
    db,
    access.classroom.id,
    lessonIds,
    parseDueAt(body.due_at),
    now,
  );
  return { rows, assigned: await assignedEvents(db, access, before, rows) };
}

/**
 * What the class's students hear about lessons just enabled: one event per lesson that was
 * not enabled before (a repeated request, or a lesson already assigned, tells nobody again).
 */
async function assignedEvents(
  db: Executor,
  access: ClassroomAccess,
  before: ClassroomLessonRow[],
  after: ClassroomLessonRow[],
): Promise<LessonEvent[]> {
  const wasOn = new Set(before.filter((row) => row.enabled).map((row) => row.lessonId));
  const fresh = after.filter((row) => row.enabled && !wasOn.has(row.lessonId));
  if (fresh.length === 0) return [];
  const [students, lessons] = await Promise.all([
    studentIdsOf(db, access.classroom.id),
    findLiveLessons(
      db,
      fresh.map((row) => row.lessonId),
    ),
  ]);
  if (students.length === 0) return [];
  return fresh.flatMap((row) => {
    const found = lessons.get(row.lessonId);
    if (!found) return [];
    return [
      {
        userIds: students,
        classroomId: access.classroom.id,
        classroom: access.classroom.name,
        lessonId: row.lessonId,
        lesson: found.lesson.title,
        course: found.course.title,
        dueAt: row.dueAt,
      },
    ];
  });
}

/** PATCH …/{id}/lessons/{lessonId}/: the due date or the switch of a lesson of the class. */
export async function updateClassroomLesson(
  db: Executor,
  access: ClassroomAccess,
  lessonId: number,
  body: UpdateClassroomLessonBody,
  now: Date,
): Promise<{ row: ClassroomLessonRow; assigned: LessonEvent[] }> {
  await requireLiveLesson(db, lessonId);
  const existing = await findLessonSetting(db, access.classroom.id, lessonId);
  if (!existing) {
    // Never enabled here: only turning it on makes sense, and that is enabling it.
    if (body.enabled !== true) throw notFound(classroomLessonMessages.notEnabled);
    const rows = await enableLessons(
      db,
      access.classroom.id,
      [lessonId],
      parseDueAt(body.due_at),
      now,
    );
    return { row: rows[0]!, assigned: await assignedEvents(db, access, [], rows) };
  }
  const change: { dueAt?: Date | null; enabled?: boolean } = {};
  if (body.due_at !== undefined) change.dueAt = parseDueAt(body.due_at) ?? null;
  if (body.enabled !== undefined) change.enabled = body.enabled;
  const row = await updateLessonSetting(db, access.classroom.id, lessonId, change, now);
  if (!row) throw notFound(classroomLessonMessages.notEnabled);
  return { row, assigned: await assignedEvents(db, access, [existing], [row]) };
}

function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * POST …/{id}/lessons/{lessonId}/remind/: what every student of the class who has not
 * completed the lesson hears (in the app, and by mail where they have an address: the
 * notifications domain delivers it); at most once an hour per lesson (the claim is one
 * conditional UPDATE, so of two reminders at once only one goes).
 */
export async function remindLesson(
  db: Executor,
  access: ClassroomAccess,
  lessonId: number,
  now: Date,
): Promise<LessonEvent> {
  const classroomId = access.classroom.id;
  const { lesson, course } = await requireLiveLesson(db, lessonId);
  const setting = await findLessonSetting(db, classroomId, lessonId);
  if (!setting?.enabled) throw notFound(classroomLessonMessages.notEnabled);

  const interval = REMINDER_INTERVAL_MINUTES * MINUTE_MS;
  const claimed = await claimReminder(
    db,
    classroomId,
    lessonId,
    new Date(now.getTime() - interval),
    now,
  );
  if (!claimed) {
    const latest = await findLessonSetting(db, classroomId, lessonId);
    const last = latest?.remindedAt ?? now;
    throw tooManyRequests(
      classroomLessonMessages.remindTooSoon.replace(
        '{at}',
        utcMinute(new Date(last.getTime() + interval)),
      ),
    );
  }

  const studentIds = await studentIdsOf(db, classroomId);
  const done = new Set(
    (await progressOfUsers(db, studentIds, [lessonId]))
      .filter((row) => row.completedAt !== null)
      .map((row) => row.userId),
  );
  return {
    userIds: studentIds.filter((id) => !done.has(id)),
    classroomId,
    classroom: access.classroom.name,
    lessonId,
    lesson: lesson.title,
    course: course.title,
    dueAt: setting.dueAt,
  };
}

/**
 * The class's enabled live lessons of a course, a category, or every course (statistics,
 * overdue lists, and the gradebook in ../gradebook/service.ts).
 */
export async function lessonsInScope(
  db: Executor,
  classroomId: number,
  filter: { course?: number; category?: string },
): Promise<{
  lessons: { lesson: LessonRow; course: CourseWithCount; setting: ClassroomLessonRow }[];
}> {
  const [catalogue, settings] = await Promise.all([
    liveCatalogue(db),
    lessonSettingsOf(db, classroomId),
  ]);
  if (filter.course !== undefined && !catalogue.some(({ course }) => course.id === filter.course)) {
    throw badRequest({ course: [learnMessages.courseNotFound] });
  }
  const lessons = catalogue
    .filter(
      ({ course }) =>
        (filter.course === undefined || course.id === filter.course) &&
        (filter.category === undefined || course.category === filter.category),
    )
    .flatMap(({ course, lessons: courseLessons }) =>
      courseLessons.flatMap((lesson) => {
        const setting = settings.get(lesson.id);
        return setting?.enabled ? [{ lesson, course, setting }] : [];
      }),
    );
  return { lessons };
}

export type StudentStatisticsView = {
  student: UserRow;
  completed: number;
  averagePercent: number | null;
  firstAttemptPercent: number | null;
  bestPercent: number | null;
  attempts: number;
  /** The spendable balance. */
  points: number;
  /** Points earned, by kind of source (spending does not lower them). */
  earned: EarnedPoints;
  lastActive: Date | null;
};

function byName(a: UserRow, b: UserRow): number {
  return (
    a.lastName.localeCompare(b.lastName) ||
    a.firstName.localeCompare(b.firstName) ||
    a.username.localeCompare(b.username)
  );
}

/** The rounded mean, or null for no values. */
function mean(values: number[]): number | null {
  return values.length > 0
    ? Math.round(values.reduce((sum, value) => sum + value, 0) / values.length)
    : null;
}

/** POST …/{id}/statistics/: per student, over the class's enabled lessons in scope. */
export async function classroomStatistics(
  db: Executor,
  access: ClassroomAccess,
  body: StatisticsBody,
): Promise<{ lessons: number; results: StudentStatisticsView[] }> {
  const { lessons } = await lessonsInScope(db, access.classroom.id, body);
  const studentIds = await studentIdsOf(db, access.classroom.id);
  const lessonIds = lessons.map(({ lesson }) => lesson.id);
  const [students, progress, points, earned, lastActive] = await Promise.all([
    findUsersByIds(db, studentIds),
    progressOfUsers(db, studentIds, lessonIds),
    sumPointsOf(db, studentIds),
    earnedPointsOf(db, studentIds),
    lastAttemptOf(db, studentIds),
  ]);
  const results = [...students.values()].sort(byName).map((student) => {
    const mine = progress.filter((row) => row.userId === student.id);
    const best = mine.map((row) => row.bestPercent);
    const first = mine.flatMap((row) => (row.firstPercent === null ? [] : [row.firstPercent]));
    return {
      student,
      completed: mine.filter((row) => row.completedAt !== null).length,
      averagePercent: mean(best),
      firstAttemptPercent: mean(first),
      bestPercent: best.length > 0 ? Math.max(...best) : null,
      attempts: mine.reduce((sum, row) => sum + row.attempts, 0),
      points: points.get(student.id) ?? 0,
      earned: earned.get(student.id) ?? { lesson: 0, module: 0, award: 0, contest: 0 },
      lastActive: lastActive.get(student.id) ?? null,
    };
  });
  return { lessons: lessons.length, results };
}

export type OverdueView = {
  student: UserRow;
  lesson: LessonRow;
  course: CourseWithCount;
  dueAt: Date;
  bestPercent: number | null;
};

/** POST …/{id}/overdue-lessons/: students × enabled lessons past due and not complete. */
export async function overdueLessons(
  db: Executor,
  access: ClassroomAccess,
  body: OverdueBody,
  now: Date,
): Promise<OverdueView[]> {
  const { lessons } = await lessonsInScope(db, access.classroom.id, body);
  const pastDue = lessons.filter(
    ({ setting }) => setting.dueAt !== null && setting.dueAt.getTime() <= now.getTime(),
  );
  const studentIds = await studentIdsOf(db, access.classroom.id);
  const [students, progress] = await Promise.all([
    findUsersByIds(db, studentIds),
    progressOfUsers(
      db,
      studentIds,
      pastDue.map(({ lesson }) => lesson.id),
    ),
  ]);
  const progressOf = new Map(progress.map((row) => [`${row.userId}:${row.lessonId}`, row]));
  const sorted = [...students.values()].sort(byName);
  return pastDue.flatMap(({ lesson, course, setting }) =>
    sorted.flatMap((student) => {
      const row = progressOf.get(`${student.id}:${lesson.id}`);
      if (row?.completedAt) return [];
      return [
        { student, lesson, course, dueAt: setting.dueAt!, bestPercent: row?.bestPercent ?? null },
      ];
    }),
  );
}

export type DueLessonOfStudent = {
  classroomId: number;
  lesson: LessonRow;
  course: CourseRow;
  dueAt: Date;
  overdue: boolean;
};

/**
 * A student's assigned lessons with a due date that they have not passed, soonest first: one
 * row per class that assigns it (the home names the class; the parent view keeps the first).
 * A retired lesson is due for no one.
 */
export async function dueLessonsOfStudent(
  db: Executor,
  studentId: number,
  now: Date,
): Promise<DueLessonOfStudent[]> {
  const classes = await classroomsStudiedBy(db, studentId);
  const settings = await dueLessonSettings(db, {
    classroomIds: classes.map((classroom) => classroom.id),
  });
  const lessons = await findLiveLessons(
    db,
    settings.map((setting) => setting.lessonId),
  );
  const progress = await progressOf(db, studentId, [...lessons.keys()]);
  return settings
    .filter((setting) => lessons.has(setting.lessonId))
    .filter((setting) => !progress.get(setting.lessonId)?.completedAt)
    .map((setting) => ({
      classroomId: setting.classroomId,
      ...lessons.get(setting.lessonId)!,
      dueAt: setting.dueAt,
      overdue: setting.dueAt.getTime() <= now.getTime(),
    }));
}
