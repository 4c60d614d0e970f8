import type { ContestRow } from './queries.ts';

export type { ContestRow };
export type ContestStatus = 'upcoming' | 'active' | 'ended' | 'frozen';

export function contestStatus(contest: ContestRow, now: Date): ContestStatus {
  // An ended contest is over whether or not it was frozen when it ended.
  if (now >= contest.endsAt) return 'ended';
  if (contest.frozenAt) return 'frozen';
  if (now < contest.startsAt) return 'upcoming';
  return 'active';
}
