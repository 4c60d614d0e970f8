import { classroomMessages } from '@bullpen/contract/classrooms';
import type { Executor } from '../../db/connection.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { UserRow } from '../../users/presenter.ts';
import { type ClassroomAccess, canTeach, canViewClassroom } from './policies.ts';
import { findClassroom, isStudentOf } from './queries.ts';

/**
 * The facts every classroom rule needs: the class and the viewer's role in it. Other domains
 * (résumés, contests, trading, realtime) ask through these functions, never the tables.
 */
export async function classroomAccess(
  db: Executor,
  classroomId: number,
  userId: number | null,
): Promise<ClassroomAccess | null> {
  const classroom = await findClassroom(db, classroomId);
  if (!classroom) return null;
  if (userId === null) return { classroom, role: null };
  if (classroom.teacherId === userId) return { classroom, role: 'teacher' };
  return { classroom, role: (await isStudentOf(db, classroomId, userId)) ? 'student' : null };
}

/** The class for one of its members; 404 for everyone else (and for a class that is gone). */
export async function requireMember(
  db: Executor,
  classroomId: number,
  actor: UserRow,
): Promise<ClassroomAccess> {
  const access = await classroomAccess(db, classroomId, actor.id);
  if (!access || !canViewClassroom(access)) throw notFound(classroomMessages.notFound);
  return access;
}

/** The class for its teacher; 404 for non-members, 403 for its students. */
export async function requireTeacher(
  db: Executor,
  classroomId: number,
  actor: UserRow,
): Promise<ClassroomAccess> {
  const access = await requireMember(db, classroomId, actor);
  if (!canTeach(access)) throw forbidden(classroomMessages.teacherOnly);
  return access;
}
