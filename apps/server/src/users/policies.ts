import type { UserRow } from './presenter.ts';

/** An account is read and changed by its owner only (a teacher's view of students comes with classrooms). */
export function canManageAccount(actor: UserRow, accountId: number): boolean {
  return actor.id === accountId;
}
