import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { classroomMembers, classrooms } from '../../db/schema/classrooms.ts';

export type ClassroomRow = typeof classrooms.$inferSelect;
export type ClassroomMemberRow = typeof classroomMembers.$inferSelect;
export type NewClassroom = Pick<
  typeof classrooms.$inferInsert,
  'name' | 'grade' | 'subject' | 'school' | 'description' | 'teacherId' | 'joinCode'
>;

export async function findClassroom(db: Executor, id: number): Promise<ClassroomRow | undefined> {
  const [row] = await db.select().from(classrooms).where(eq(classrooms.id, id)).limit(1);
  return row;
}

export async function isStudentOf(db: Executor, classroomId: number, userId: number) {
  const [row] = await db
    .select({ userId: classroomMembers.userId })
    .from(classroomMembers)
    .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Join codes are unique whatever their case (`classrooms_join_code_key` on upper()). */
export async function findClassroomByCode(
  db: Executor,
  code: string,
): Promise<ClassroomRow | undefined> {
  const [row] = await db
    .select()
    .from(classrooms)
    .where(sql`upper(${classrooms.joinCode}) = upper(${code})`)
    .limit(1);
  return row;
}

export async function insertClassroom(db: Executor, values: NewClassroom): Promise<ClassroomRow> {
  const [row] = await db.insert(classrooms).values(values).returning();
  return row!;
}

/** The class row locked until the transaction ends (joins wait for a freeze, and so on). */
export async function lockClassroom(db: Executor, id: number): Promise<ClassroomRow | undefined> {
  const [row] = await db.select().from(classrooms).where(eq(classrooms.id, id)).for('update');
  return row;
}

/** A roster import renames the class or changes its grade, subject or school. */
export async function setClassroomDetails(
  db: Executor,
  id: number,
  details: Pick<NewClassroom, 'name' | 'grade' | 'subject' | 'school'>,
  now: Date,
) {
  await db
    .update(classrooms)
    .set({ ...details, updatedAt: now })
    .where(eq(classrooms.id, id));
}

export async function setFrozenAt(db: Executor, id: number, frozenAt: Date | null, now: Date) {
  await db.update(classrooms).set({ frozenAt, updatedAt: now }).where(eq(classrooms.id, id));
}

/** Removes the class; its memberships, lesson settings and posts go with it (cascade). */
export async function deleteClassroomRow(db: Executor, id: number): Promise<void> {
  await db.delete(classrooms).where(eq(classrooms.id, id));
}

/** Adds the student; undefined when they already were one (joining twice changes nothing). */
export async function insertMember(
  db: Executor,
  classroomId: number,
  userId: number,
  now: Date,
): Promise<ClassroomMemberRow | undefined> {
  const [row] = await db
    .insert(classroomMembers)
    .values({ classroomId, userId, joinedAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findMember(
  db: Executor,
  classroomId: number,
  userId: number,
): Promise<ClassroomMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(classroomMembers)
    .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.userId, userId)))
    .for('update');
  return row;
}

export async function deleteMember(db: Executor, classroomId: number, userId: number) {
  await db
    .delete(classroomMembers)
    .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.userId, userId)));
}

/** Every student of the class, in the order they joined. */
export async function membersOf(db: Executor, classroomId: number): Promise<ClassroomMemberRow[]> {
  return db
    .select()
    .from(classroomMembers)
    .where(eq(classroomMembers.classroomId, classroomId))
    .orderBy(asc(classroomMembers.joinedAt), asc(classroomMembers.userId));
}

/** The user ids of the class's students, in the order they joined. */
export async function studentIdsOf(db: Executor, classroomId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: classroomMembers.userId })
    .from(classroomMembers)
    .where(eq(classroomMembers.classroomId, classroomId))
    .orderBy(asc(classroomMembers.joinedAt), asc(classroomMembers.userId));
  return rows.map((row) => row.userId);
}

/** The teachers of the classes this user studies in. */
export async function teacherIdsOfStudent(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ teacherId: classrooms.teacherId })
    .from(classrooms)
    .innerJoin(classroomMembers, eq(classroomMembers.classroomId, classrooms.id))
    .where(eq(classroomMembers.userId, userId));
  return rows.map((row) => row.teacherId);
}

/** The classes a user teaches or studies in, newest first; `search` matches the name. */
export async function myClassroomIds(
  db: Executor,
  userId: number,
  search: string | undefined,
): Promise<number[]> {
  const mine = or(
    eq(classrooms.teacherId, userId),
    sql`exists (select 1 from ${classroomMembers} where ${classroomMembers.classroomId} = ${classrooms.id} and ${classroomMembers.userId} = ${userId})`,
  );
  const escaped = search?.replace(/[\\%_]/g, (character) => `\\${character}`);
  const rows = await db
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(escaped ? and(mine, ilike(classrooms.name, `%${escaped}%`)) : mine)
    .orderBy(desc(classrooms.createdAt), desc(classrooms.id));
  return rows.map((row) => row.id);
}

export type ClassroomWithCount = ClassroomRow & { studentsCount: number };

export async function classroomsWithCounts(
  db: Executor,
  ids: number[],
): Promise<Map<number, ClassroomWithCount>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      classroom: classrooms,
      studentsCount: sql<number>`(select count(*)::int from ${classroomMembers} where ${classroomMembers.classroomId} = ${classrooms.id})`,
    })
    .from(classrooms)
    .where(inArray(classrooms.id, ids));
  return new Map(
    rows.map((row) => [row.classroom.id, { ...row.classroom, studentsCount: row.studentsCount }]),
  );
}

/** Whether the user teaches any class (the demo class is seeded only for a teacher with none). */
export async function teachesAnyClassroom(db: Executor, teacherId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(eq(classrooms.teacherId, teacherId))
    .limit(1);
  return row !== undefined;
}

/** Part of erasing an account (users/deletion.ts purgeUser). */
export async function leaveAllClassrooms(db: Executor, userId: number): Promise<void> {
  await db.delete(classroomMembers).where(eq(classroomMembers.userId, userId));
}

/** The class's students that belong to no other class. */
export async function studentsOnlyIn(db: Executor, classroomId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: classroomMembers.userId })
    .from(classroomMembers)
    .where(
      and(
        eq(classroomMembers.classroomId, classroomId),
        sql`not exists (select 1 from ${classroomMembers} other where other.user_id = ${classroomMembers.userId} and other.classroom_id <> ${classroomId})`,
      ),
    );
  return rows.map((row) => row.userId);
}

/** The classes a user is a student of or teaches, for "download my data" (privacy/service.ts). */
export async function exportClassroomsOf(db: Executor, userId: number) {
  const studying = await db
    .select({
      id: classrooms.id,
      name: classrooms.name,
      teacherId: classrooms.teacherId,
      joinedAt: classroomMembers.joinedAt,
    })
    .from(classroomMembers)
    .innerJoin(classrooms, eq(classrooms.id, classroomMembers.classroomId))
    .where(eq(classroomMembers.userId, userId))
    .orderBy(asc(classrooms.id));
  const teaching = await db
    .select({ id: classrooms.id, name: classrooms.name, createdAt: classrooms.createdAt })
    .from(classrooms)
    .where(eq(classrooms.teacherId, userId))
    .orderBy(asc(classrooms.id));
  return { studying, teaching };
}

const DEMO_LOCK_KEY = 727_003;

/** Waits until no other process is seeding the demo class (one demo class however many start). */
export async function lockDemoSeeding(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`);
}

/** The classes a teacher teaches, oldest first (the teacher's home). */
export async function classroomsTaughtBy(db: Executor, teacherId: number): Promise<ClassroomRow[]> {
  return db
    .select()
    .from(classrooms)
    .where(eq(classrooms.teacherId, teacherId))
    .orderBy(asc(classrooms.createdAt), asc(classrooms.id));
}

/** The classes a user studies in, oldest first, with their names (the student's home). */
export async function classroomsStudiedBy(
  db: Executor,
  userId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: classrooms.id, name: classrooms.name })
    .from(classroomMembers)
    .innerJoin(classrooms, eq(classrooms.id, classroomMembers.classroomId))
    .where(eq(classroomMembers.userId, userId))
    .orderBy(asc(classrooms.createdAt), asc(classrooms.id));
}

/** The students of these classes, as (class, user) pairs. */
export async function membersOfClassrooms(
  db: Executor,
  classroomIds: number[],
): Promise<ClassroomMemberRow[]> {
  if (classroomIds.length === 0) return [];
  return db
    .select()
    .from(classroomMembers)
    .where(inArray(classroomMembers.classroomId, classroomIds));
}
