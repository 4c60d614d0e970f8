import type { UserRow } from '../users/presenter.ts';

/**
 * Who imports rosters (docs/decisions/042-rosters.md), as pure functions of the facts the
 * service loads. Staff import for the whole school; a teacher only into classes they teach;
 * students and parents never.
 */
export function mayImportRosters(actor: Pick<UserRow, 'isStaff' | 'isTeacher'>): boolean {
  return actor.isStaff || actor.isTeacher;
}

/** Staff's import covers the school: any class, any teacher matched by address. */
export function importsForSchool(actor: Pick<UserRow, 'isStaff'>): boolean {
  return actor.isStaff;
}

/** A class an import may change: staff any; a teacher only their own. */
export function mayImportIntoClass(
  actor: Pick<UserRow, 'id' | 'isStaff'>,
  classroom: { teacherId: number },
): boolean {
  return actor.isStaff || classroom.teacherId === actor.id;
}
