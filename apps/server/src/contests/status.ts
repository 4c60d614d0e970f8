import type { contests } from '../db/schema/index.ts';

export type ContestRow = typeof contests.$inferSelect;
export type ContestStatus = 'upcoming' | 'active' | 'ended' | 'frozen';

export function contestStatus(contest: ContestRow, now: Date): ContestStatus {
  if (contest.frozenAt) return 'frozen';
  if (now < contest.startsAt) return 'upcoming';
  if (now >= contest.endsAt) return 'ended';
  return 'active';
}
