import type { UserRow } from '../users/presenter.ts';

/** Only a portfolio's owner can trade in it (members may only look: contests/policies.ts). */
export function canTradeIn(user: UserRow, contestUser: { userId: number }): boolean {
  return contestUser.userId === user.id;
}
