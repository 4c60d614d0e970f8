import {
  gradebookMessages,
  type BulkRemindBody,
  type GradebookQuery,
} from '@bullpen/contract/classroom-gradebook';
import type { Executor } from '../../db/connection.ts';
import type { CourseWithCount, LessonRow } from '../../learn/queries.ts';
import type { LessonEvent } from '../../platform/events.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { classroomMessages } from '@bullpen/contract/classrooms';
import type { ClassroomAccess } from '../core/policies.ts';
import { isStudentOf, studentIdsOf } from '../core/queries.ts';
import type { ClassroomLessonRow } from '../lessons/queries.ts';
import { lessonsInScope, remindLesson } from '../lessons/service.ts';
import {
  standingOf,
  studentsWithProgress,
  type ContestResult,
  type EarnedPoints,
  type ProgressRow,
  type UserRow,
} from './queries.ts';
import type { CertificateRow } from '../certificates/queries.ts';

const DAY_MS = 86_400_000;

export type GradebookLessonView = {
  lesson: LessonRow;
  course: CourseWithCount;
  setting: ClassroomLessonRow;
};

export type GradebookCellView = {
  lessonId: number;
  firstPercent: number | null;
  bestPercent: number | null;
  attempts: number;
  completedAt: Date | null;
  late: boolean;
};

export type GradebookView = {
  lessons: GradebookLessonView[];
  students: { student: UserRow; cells: GradebookCellView[] }[];
};

/** Completed after the due date, or past due and not completed. */
export function isLate(dueAt: Date | null, completedAt: Date | null, now: Date): boolean {
  if (dueAt === null) return false;
  if (completedAt !== null) return completedAt.getTime() > dueAt.getTime();
  return dueAt.getTime() <= now.getTime();
}

function byName(a: UserRow, b: UserRow): number {
  return (
    a.lastName.localeCompare(b.lastName) ||
    a.firstName.localeCompare(b.firstName) ||
    a.username.localeCompare(b.username)
  );
}

/** The range's bounds as instants: from the start of `from` to the end of `to` (UTC days). */
function rangeOf(query: { from?: string; to?: string }): { start: number; end: number } | null {
  if (!query.from && !query.to) return null;
  return {
    start: query.from ? Date.parse(`${query.from}T00:00:00Z`) : Number.NEGATIVE_INFINITY,
    end: query.to ? Date.parse(`${query.to}T00:00:00Z`) + DAY_MS : Number.POSITIVE_INFINITY,
  };
}

function within(at: Date | null, range: { start: number; end: number }): boolean {
  return at !== null && at.getTime() >= range.start && at.getTime() < range.end;
}

function cellOf(
  setting: ClassroomLessonRow,
  row: ProgressRow | undefined,
  now: Date,
): GradebookCellView {
  const completedAt = row?.completedAt ?? null;
  return {
    lessonId: setting.lessonId,
    firstPercent: row?.firstPercent ?? null,
    bestPercent: row?.bestPercent ?? null,
    attempts: row?.attempts ?? 0,
    completedAt,
    late: isLate(setting.dueAt, completedAt, now),
  };
}

/**
 * GET …/{id}/gradebook/: the class's students × its enabled lessons (of one course, when
 * asked). With a date range, a lesson stays when its due date is in the range or a student
 * completed it in the range.
 */
export async function classroomGradebook(
  db: Executor,
  access: ClassroomAccess,
  query: GradebookQuery,
  now: Date,
): Promise<GradebookView> {
  const { lessons: inScope } = await lessonsInScope(db, access.classroom.id, {
    course: query.course,
  });
  const { students, progress } = await studentsWithProgress(
    db,
    access.classroom.id,
    inScope.map(({ lesson }) => lesson.id),
  );
  const range = rangeOf(query);
  const lessons = range
    ? inScope.filter(
        ({ lesson, setting }) =>
          within(setting.dueAt, range) ||
          progress.some((row) => row.lessonId === lesson.id && within(row.completedAt, range)),
      )
    : inScope;
  const progressOf = new Map(progress.map((row) => [`${row.userId}:${row.lessonId}`, row]));
  return {
    lessons,
    students: students.sort(byName).map((student) => ({
      student,
      cells: lessons.map(({ setting }) =>
        cellOf(setting, progressOf.get(`${student.id}:${setting.lessonId}`), now),
      ),
    })),
  };
}

export type StudentReportView = {
  student: UserRow;
  classroomName: string;
  lessons: { lesson: GradebookLessonView; cell: GradebookCellView }[];
  certificates: CertificateRow[];
  balance: number;
  earned: EarnedPoints;
  contests: ContestResult[];
};

/**
 * GET …/{id}/gradebook/students/{userId}/report/: what a parent conference needs about one
 * student of the class; a user who is not a student of the class is not found.
 */
export async function studentReport(
  db: Executor,
  access: ClassroomAccess,
  userId: number,
  now: Date,
): Promise<StudentReportView> {
  if (!(await isStudentOf(db, access.classroom.id, userId))) {
    throw notFound(classroomMessages.notYourStudent);
  }
  const book = await classroomGradebook(db, access, {}, now);
  const row = book.students.find(({ student }) => student.id === userId);
  if (!row) throw notFound(classroomMessages.notYourStudent);
  const standing = await standingOf(db, access.classroom.id, userId);
  return {
    student: row.student,
    classroomName: access.classroom.name,
    lessons: book.lessons.map((lesson, index) => ({ lesson, cell: row.cells[index]! })),
    ...standing,
  };
}

/** Refuses the whole request when one of the students is not in the class. */
export async function requireStudents(
  db: Executor,
  classroomId: number,
  students: number[],
): Promise<number[]> {
  const unique = [...new Set(students)];
  const members = new Set(await studentIdsOf(db, classroomId));
  if (unique.some((id) => !members.has(id))) {
    throw badRequest({ students: [gradebookMessages.notStudents] });
  }
  return unique;
}

/**
 * POST …/{id}/gradebook/reminders/: the class's reminder of a lesson (lessons/service.ts
 * `remindLesson`: once an hour per lesson, only students who have not completed it), told to
 * the chosen students only; when every one of them has completed it, nothing is sent (400).
 */
export async function remindStudents(
  db: Executor,
  access: ClassroomAccess,
  body: BulkRemindBody,
  now: Date,
): Promise<LessonEvent> {
  const chosen = new Set(await requireStudents(db, access.classroom.id, body.students));
  // Nobody to tell: refuse before the lesson's hourly reminder is spent on no one.
  const { progress } = await studentsWithProgress(db, access.classroom.id, [body.lesson]);
  const done = new Set(progress.filter((row) => row.completedAt).map((row) => row.userId));
  if ([...chosen].every((id) => done.has(id))) {
    throw badRequest({ students: [gradebookMessages.allDone] });
  }
  const reminder = await remindLesson(db, access, body.lesson, now);
  return { ...reminder, userIds: reminder.userIds.filter((id) => chosen.has(id)) };
}
