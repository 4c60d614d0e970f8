import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { classroomLessons, classroomMembers, classrooms } from '../../db/schema/classrooms.ts';

/** The class's lesson settings (enabled, due dates, reminders). */
export type ClassroomLessonRow = typeof classroomLessons.$inferSelect;

export async function lessonSettingsOf(
  db: Executor,
  classroomId: number,
): Promise<Map<number, ClassroomLessonRow>> {
  const rows = await db
    .select()
    .from(classroomLessons)
    .where(eq(classroomLessons.classroomId, classroomId));
  return new Map(rows.map((row) => [row.lessonId, row]));
}

export async function findLessonSetting(
  db: Executor,
  classroomId: number,
  lessonId: number,
): Promise<ClassroomLessonRow | undefined> {
  const [row] = await db
    .select()
    .from(classroomLessons)
    .where(
      and(eq(classroomLessons.classroomId, classroomId), eq(classroomLessons.lessonId, lessonId)),
    );
  return row;
}

/**
 * Enables the lessons in the class (again); `dueAt` undefined keeps an enabled lesson's due
 * date. One statement, so a repeated or concurrent request cannot make a second row.
 */
export async function enableLessons(
  db: Executor,
  classroomId: number,
  lessonIds: number[],
  dueAt: Date | null | undefined,
  now: Date,
): Promise<ClassroomLessonRow[]> {
  return db
    .insert(classroomLessons)
    .values(
      lessonIds.map((lessonId) => ({
        classroomId,
        lessonId,
        enabled: true,
        dueAt: dueAt ?? null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [classroomLessons.classroomId, classroomLessons.lessonId],
      set: {
        enabled: true,
        updatedAt: now,
        ...(dueAt === undefined ? {} : { dueAt: sql`excluded.due_at` }),
      },
    })
    .returning();
}

export async function updateLessonSetting(
  db: Executor,
  classroomId: number,
  lessonId: number,
  change: { dueAt?: Date | null; enabled?: boolean },
  now: Date,
): Promise<ClassroomLessonRow | undefined> {
  const [row] = await db
    .update(classroomLessons)
    .set({ ...change, updatedAt: now })
    .where(
      and(eq(classroomLessons.classroomId, classroomId), eq(classroomLessons.lessonId, lessonId)),
    )
    .returning();
  return row;
}

/**
 * Claims the lesson's reminder: sets `reminded_at` only when the lesson is enabled and no
 * reminder went out since `since`. A conditional UPDATE, so of two concurrent claims exactly
 * one gets the row (the other waits on its lock, then sees the new `reminded_at`).
 */
export async function claimReminder(
  db: Executor,
  classroomId: number,
  lessonId: number,
  since: Date,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(classroomLessons)
    .set({ remindedAt: now })
    .where(
      and(
        eq(classroomLessons.classroomId, classroomId),
        eq(classroomLessons.lessonId, lessonId),
        eq(classroomLessons.enabled, true),
        or(isNull(classroomLessons.remindedAt), lte(classroomLessons.remindedAt, since)),
      ),
    )
    .returning({ lessonId: classroomLessons.lessonId });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Test factories: a class and its students, straight into the tables (the lessons tests do not
// depend on the classroom routes).

export async function insertClassroomForTest(
  db: Executor,
  input: { teacherId: number; name?: string },
): Promise<number> {
  const [row] = await db
    .insert(classrooms)
    .values({
      name: input.name ?? 'Period 3 Economics',
      teacherId: input.teacherId,
      joinCode: `T${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    })
    .returning({ id: classrooms.id });
  return row!.id;
}

export async function insertStudentForTest(
  db: Executor,
  classroomId: number,
  userId: number,
): Promise<void> {
  await db.insert(classroomMembers).values({ classroomId, userId });
}

/**
 * Enabled lessons with a due date, soonest first: of these classes (every class when
 * `classroomIds` is left out), due after `after` and at or before `until` when given.
 */
export async function dueLessonSettings(
  db: Executor,
  within: { classroomIds?: number[]; after?: Date; until?: Date },
): Promise<(ClassroomLessonRow & { dueAt: Date })[]> {
  if (within.classroomIds?.length === 0) return [];
  const rows = await db
    .select()
    .from(classroomLessons)
    .where(
      and(
        within.classroomIds
          ? inArray(classroomLessons.classroomId, within.classroomIds)
          : undefined,
        eq(classroomLessons.enabled, true),
        isNotNull(classroomLessons.dueAt),
        within.after ? gt(classroomLessons.dueAt, within.after) : undefined,
        within.until ? lte(classroomLessons.dueAt, within.until) : undefined,
      ),
    )
    .orderBy(asc(classroomLessons.dueAt), asc(classroomLessons.lessonId));
  return rows.map((row) => ({ ...row, dueAt: row.dueAt! }));
}
