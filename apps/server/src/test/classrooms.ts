import type { FastifyInstance } from 'fastify';
import { classroomMembers, classrooms } from '../db/schema/classrooms.ts';
import type { Deps } from '../platform/deps.ts';
import { buildUser } from './app.ts';

/** Someone who calls the API: a signed-in user, or `signedOut` (an empty authorization). */
export type Who = { auth: { authorization: string } };
export const signedOut: Who = { auth: { authorization: '' } };
export const classroomsUrl = '/api/classrooms/classrooms/';

/**
 * `call(who, method, url, payload)` against `t.app` (read at each call), with no headers for a
 * signed-out caller.
 */
export function callAs(t: { app: FastifyInstance }) {
  return (
    who: Who,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: who.auth.authorization ? who.auth : {},
      ...(payload ? { payload } : {}),
    });
}

let codes = 0;

/**
 * A class straight in the tables, for tests that need the facts and not the create route, with
 * `studentIds` as plain members (no membership hooks run: see `addStudent`).
 */
export async function buildClassroom(
  deps: Deps,
  teacherId: number,
  overrides: { name?: string; codePrefix?: string; frozen?: boolean; studentIds?: number[] } = {},
) {
  codes += 1;
  const [row] = await deps.db
    .insert(classrooms)
    .values({
      name: `${overrides.name ?? 'Economics'} ${codes}`,
      teacherId,
      joinCode: `${overrides.codePrefix ?? 'CLASS'}${process.pid}${codes}`,
      frozenAt: overrides.frozen ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('no classroom');
  for (const userId of overrides.studentIds ?? []) await addStudent(deps, row.id, userId);
  return row;
}

/** Makes `userId` a student of the class straight in the table. */
export async function addStudent(deps: Deps, classroomId: number, userId: number) {
  await deps.db.insert(classroomMembers).values({ classroomId, userId });
}

type UserOverrides = NonNullable<Parameters<typeof buildUser>[1]>;

/**
 * A class that `owner` creates through the API, and `students` (one plain student by default)
 * who join it by its code.
 */
export async function createClassWithStudents(
  app: FastifyInstance,
  owner: Who,
  { name, students = [{}] }: { name: string; students?: UserOverrides[] },
) {
  const call = callAs({ app });
  const created = await call(owner, 'POST', classroomsUrl, { name });
  if (created.statusCode !== 201) throw new Error(`class not created: ${created.body}`);
  const classroom = created.json<{ id: number; join_code: string; name: string }>();
  const members: Awaited<ReturnType<typeof buildUser>>[] = [];
  for (const overrides of students) {
    const student = await buildUser(app.deps, overrides);
    const joined = await call(student, 'POST', `${classroomsUrl}join/`, {
      code: classroom.join_code,
    });
    if (joined.statusCode !== 201) throw new Error(`student did not join: ${joined.body}`);
    members.push(student);
  }
  return { classroom, students: members, student: members[0]! };
}
