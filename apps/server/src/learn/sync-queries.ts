import { and, eq, isNull, notInArray } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { courses, lessons } from '../db/schema/learn.ts';

/**
 * Writes of the curriculum sync (learn/service.ts syncCurriculum): the content files are the
 * source, the rows follow them by slug so ids stay stable across restarts.
 */
export type CourseValues = Omit<typeof courses.$inferInsert, 'id'>;
export type LessonValues = Omit<typeof lessons.$inferInsert, 'id'>;
/** What the sync needs to know of a stored row: is it there, unchanged, live? */
export type SyncedRow = { id: number; slug: string; hash: string; retiredAt: Date | null };

export async function syncedCourses(db: Executor): Promise<Map<string, SyncedRow>> {
  const rows = await db
    .select({
      id: courses.id,
      slug: courses.slug,
      hash: courses.contentHash,
      retiredAt: courses.retiredAt,
    })
    .from(courses);
  return new Map(rows.map((row) => [row.slug, row]));
}

export async function syncedLessons(db: Executor): Promise<Map<string, SyncedRow>> {
  const rows = await db
    .select({
      id: lessons.id,
      slug: lessons.slug,
      hash: lessons.contentHash,
      retiredAt: lessons.retiredAt,
    })
    .from(lessons);
  return new Map(rows.map((row) => [row.slug, row]));
}

/** Inserts the course, or rewrites the stored one (`id`); returns its id. */
export async function writeCourse(
  db: Executor,
  values: CourseValues,
  id?: number,
): Promise<number> {
  if (id !== undefined) {
    await db.update(courses).set(values).where(eq(courses.id, id));
    return id;
  }
  const [row] = await db.insert(courses).values(values).returning({ id: courses.id });
  return row!.id;
}

/** Inserts the lesson, or rewrites the stored one (`id`); returns its id. */
export async function writeLesson(
  db: Executor,
  values: LessonValues,
  id?: number,
): Promise<number> {
  if (id !== undefined) {
    await db.update(lessons).set(values).where(eq(lessons.id, id));
    return id;
  }
  const [row] = await db.insert(lessons).values(values).returning({ id: lessons.id });
  return row!.id;
}

/**
 * Retires the live courses and lessons the files no longer hold: hidden from every list, their
 * attempts and progress kept. Returns how many rows were retired.
 */
export async function retireAllBut(
  db: Executor,
  live: { courseIds: number[]; lessonIds: number[] },
  now: Date,
): Promise<number> {
  const retiredLessons = await db
    .update(lessons)
    .set({ retiredAt: now })
    .where(
      and(
        isNull(lessons.retiredAt),
        live.lessonIds.length > 0 ? notInArray(lessons.id, live.lessonIds) : undefined,
      ),
    )
    .returning({ id: lessons.id });
  const retiredCourses = await db
    .update(courses)
    .set({ retiredAt: now })
    .where(
      and(
        isNull(courses.retiredAt),
        live.courseIds.length > 0 ? notInArray(courses.id, live.courseIds) : undefined,
      ),
    )
    .returning({ id: courses.id });
  return retiredLessons.length + retiredCourses.length;
}
