import { AWARD_POINTS_PER_TEACHER_PER_DAY } from '@bullpen/contract/points';
import type { PointEntryInput } from './queries.ts';

/**
 * The points ledger's rules on figures, before and around what `service.ts` `writePoints` writes
 * (docs/decisions/016): pure, so each is tested without a database.
 */

/**
 * Every entry moves a whole, non-zero number of points and names its source (what makes it
 * once per user). A caller's mistake, never a user's: it throws.
 */
export function assertWholeEntries(entries: readonly PointEntryInput[]): void {
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.points) || entry.points === 0) {
      throw new Error(`a points entry needs a whole, non-zero number of points: ${entry.points}`);
    }
    if (entry.source.length === 0) throw new Error('a points entry needs its source');
  }
}

/**
 * The order entries are written in: users in id order, so two writers never wait on each other
 * in a circle; one user's entries in the order given.
 */
export function inWritingOrder(entries: readonly PointEntryInput[]): PointEntryInput[] {
  // Array sorts are stable: one user's entries keep their order.
  return [...entries].sort((a, b) => a.userId - b.userId);
}

/** The users entries name, each once, in the order first named. */
export function usersOf(entries: readonly PointEntryInput[]): number[] {
  return [...new Set(entries.map((entry) => entry.userId))];
}

/** How many points a spend of `spend` lacks on a balance of `balance` (more than 0 when refused). */
export function pointsMissing(spend: number, balance: number): number {
  return spend - balance;
}

/** What a teacher may still award in the rolling day, having awarded `awarded` in it. */
export function awardsLeftToday(awarded: number): number {
  return Math.max(0, AWARD_POINTS_PER_TEACHER_PER_DAY - awarded);
}
