import type { Contest } from '@bullpen/contract/contests';
import { presentContest } from '../../contests/presenter.ts';
import type { ClassroomContestView } from './service.ts';

/** A class's contests in the contests domain's response shape, as their viewer sees them. */
export function presentClassroomContests(
  listed: readonly ClassroomContestView[],
  viewerId: number,
  now: Date,
): Contest[] {
  return listed.map(({ view, tradingPausedReason, canManage }) =>
    presentContest(view, viewerId, now, tradingPausedReason, canManage),
  );
}
