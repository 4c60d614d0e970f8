import type { ClassroomAccess } from '../classrooms/core/policies.ts';
import { canContribute } from '../classrooms/core/policies.ts';

/**
 * Who may do what with a résumé, as pure functions of the class facts (`classroomAccess`)
 * and the résumé's author. A résumé is between its student and the class's teacher: a
 * classmate is answered "not found", like anyone outside the class.
 */

/** The class's teacher sees every résumé of the class; a student only their own. */
export function canReadResume(
  access: ClassroomAccess,
  resume: { userId: number },
  viewerId: number,
): boolean {
  return access.role === 'teacher' || (access.role === 'student' && resume.userId === viewerId);
}

/** Students of the class write their résumé in it, while the class is not frozen. */
export function canWriteResume(access: ClassroomAccess): boolean {
  return access.role === 'student' && canContribute(access);
}

/** The teacher comments and the author answers, while the class is not frozen. */
export function canCommentOnResume(
  access: ClassroomAccess,
  resume: { userId: number },
  viewerId: number,
): boolean {
  return canReadResume(access, resume, viewerId) && canContribute(access);
}
