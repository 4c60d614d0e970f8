import type { UserRow } from '../users/presenter.ts';
import { canManageAccount } from '../users/policies.ts';

/** A balance is seen by its owner only (a parent's or teacher's view comes with their domains). */
export function canSeePoints(actor: UserRow, userId: number): boolean {
  return canManageAccount(actor, userId);
}
