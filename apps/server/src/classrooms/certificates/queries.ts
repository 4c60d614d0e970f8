import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { certificates, classroomMembers, classrooms } from '../../db/schema/classrooms.ts';

/** The SQL of course certificates (the `certificates` table) and the class list they need. */
export type CertificateRow = typeof certificates.$inferSelect;
export type NewCertificate = typeof certificates.$inferInsert;

/**
 * Inserts the certificates that do not exist yet. Two grants at once meet on the unique
 * (user, course, class) index: the later insert waits, then does nothing. Answers the rows
 * this call inserted.
 */
export async function insertCertificates(
  db: Executor,
  rows: NewCertificate[],
): Promise<CertificateRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(certificates)
    .values(rows)
    .onConflictDoNothing({
      target: [certificates.userId, certificates.courseId, certificates.classroomId],
    })
    .returning();
}

export async function certificatesOfCourse(
  db: Executor,
  classroomId: number,
  courseId: number,
  userIds?: number[],
): Promise<CertificateRow[]> {
  if (userIds?.length === 0) return [];
  return db
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.classroomId, classroomId),
        eq(certificates.courseId, courseId),
        userIds ? inArray(certificates.userId, userIds) : undefined,
      ),
    )
    .orderBy(asc(certificates.id));
}

/** A class's certificates, newest first; only one student's when `userId` is given. */
export async function certificatesOfClassroom(
  db: Executor,
  classroomId: number,
  options: { userId?: number; window?: { offset: number; limit: number } } = {},
): Promise<CertificateRow[]> {
  const query = db
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.classroomId, classroomId),
        options.userId === undefined ? undefined : eq(certificates.userId, options.userId),
      ),
    )
    .orderBy(desc(certificates.grantedAt), desc(certificates.id));
  return options.window ? query.offset(options.window.offset).limit(options.window.limit) : query;
}

export async function countCertificatesOfClassroom(
  db: Executor,
  classroomId: number,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(certificates)
    .where(eq(certificates.classroomId, classroomId));
  return row?.total ?? 0;
}

export async function findCertificateByCode(
  db: Executor,
  code: string,
): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code)).limit(1);
  return row;
}

/** Test and demo set-up: a student joins a class (the join route is the normal way in). */
export async function addStudent(db: Executor, classroomId: number, userId: number): Promise<void> {
  await db.insert(classroomMembers).values({ classroomId, userId }).onConflictDoNothing();
}

/** Test set-up before the class routes exist: a class with a random join code. */
export async function insertClassroom(
  db: Executor,
  values: { teacherId: number; name: string; joinCode: string },
): Promise<number> {
  const [row] = await db.insert(classrooms).values(values).returning({ id: classrooms.id });
  return row!.id;
}

/** Part of erasing an account (users/deletion.ts purgeUser). */
/** A certificate carries the holder's name; with the holder gone it proves nothing. */
export async function deleteCertificatesOf(db: Executor, userId: number): Promise<void> {
  await db.delete(certificates).where(eq(certificates.userId, userId));
}

/** One student's certificates, newest first (their guardians' view: guardians/service.ts). */
export async function certificatesOfUser(db: Executor, userId: number): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.grantedAt), desc(certificates.id));
}
