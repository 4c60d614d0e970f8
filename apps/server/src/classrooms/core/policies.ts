import type { ClassroomRole } from '@bullpen/contract/classrooms';
import type { ClassroomRow } from './queries.ts';

/**
 * Who may do what in a class, as pure functions of the facts `classroomAccess` loads: the
 * class and the viewer's role in it (null for everyone else). A class you are not in is
 * answered as "not found", so its id reveals nothing; a student asking for a teacher's action
 * in their own class is refused (403).
 */
export type ClassroomAccess = { classroom: ClassroomRow; role: ClassroomRole | null };

/** Members (its teacher and its students) see the class and everything shared in it. */
export function canViewClassroom(access: ClassroomAccess): boolean {
  return access.role !== null;
}

/** Managing the class: students, lessons, statistics, certificates, freeze, delete. */
export function canTeach(access: ClassroomAccess): boolean {
  return access.role === 'teacher';
}

/** Posting on the board or submitting work: members, while the class is not frozen. */
export function canContribute(access: ClassroomAccess): boolean {
  return access.role !== null && access.classroom.frozenAt === null;
}

/** Only teachers create classes (spec section 6). */
export function mayCreateClassroom(actor: { isTeacher: boolean }): boolean {
  return actor.isTeacher;
}

/** The teacher removes any student; a student may only remove themself (leave). */
export function mayRemoveFromClassroom(
  access: ClassroomAccess,
  actorId: number,
  userId: number,
): boolean {
  if (access.role === 'teacher') return userId !== actorId;
  return access.role === 'student' && userId === actorId;
}

/**
 * A teacher resets only the password of an account they made by name, while it has no email
 * address (one with an address resets its own password by mail).
 */
export function mayResetPassword(
  teacher: { id: number },
  student: { email: string | null; createdByTeacherId: number | null },
): boolean {
  return student.email === null && student.createdByTeacherId === teacher.id;
}

/**
 * A teacher erases a student account that has no email address (nobody could be asked or
 * undo it by mail) when they made it, or when every class it belongs to is theirs.
 */
export function mayDeleteStudentAccount(
  teacher: { id: number },
  student: { email: string | null; createdByTeacherId: number | null },
  teachersOfStudent: number[],
): boolean {
  if (student.email !== null) return false;
  return (
    student.createdByTeacherId === teacher.id ||
    teachersOfStudent.every((teacherId) => teacherId === teacher.id)
  );
}

/** The board: the teacher deletes any post, a student only their own. */
export function mayDeletePost(
  access: ClassroomAccess,
  actorId: number,
  post: { userId: number },
): boolean {
  if (access.role === 'teacher') return true;
  return access.role === 'student' && post.userId === actorId;
}

/** Any member reports a post to the teacher, except its author. */
export function mayReportPost(
  access: ClassroomAccess,
  actorId: number,
  post: { userId: number },
): boolean {
  return access.role !== null && post.userId !== actorId;
}
