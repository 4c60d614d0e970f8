import type { FastifyInstance } from 'fastify';
import {
  CONTEST_CHANNEL_PREFIX,
  contestChannel,
  contestMessages,
  LEADERBOARDS_CHANNEL,
} from '@bullpen/contract/contests';
import type { Executor } from '../db/connection.ts';
import { canWatchContest } from './policies.ts';
import { contestVisibilities } from './queries.ts';
import { contestView } from './service.ts';

export type ContestEvent = { type: 'leaderboard' | 'contest'; contest: number };

/**
 * The contests' real-time channels: `leaderboards` (public contests, for anyone) and one
 * `contest:<id>` channel per contest, which a private contest opens to its members only.
 */
export function defineContestChannels(app: FastifyInstance): void {
  app.realtime.defineChannel(LEADERBOARDS_CHANNEL, { clusterWide: true });
  app.realtime.defineChannel(`${CONTEST_CHANNEL_PREFIX}{id}`, {
    clusterWide: true,
    authorize: async (subscriber, { id }) => {
      const contestId = Number(id);
      if (!/^[1-9]\d{0,9}$/.test(id) || contestId > 2_147_483_647) return false;
      const view = await contestView(app.deps.db, contestId, subscriber.userId ?? 0);
      return view !== undefined && canWatchContest(view);
    },
    // A private contest is not revealed to those who may not watch it: the same sentence.
    refusal: contestMessages.notFound,
  });
}

async function publicContestIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await contestVisibilities(db, ids);
  return new Set(rows.filter((row) => row.visibility === 'public').map((row) => row.id));
}

/**
 * Tells listening pages that contests changed (they then fetch what they may see): on each
 * contest's own channel, and on `leaderboards` for public contests only, so nobody learns of
 * a private contest's activity without being one of its members.
 */
export async function announceContestEvents(
  app: FastifyInstance,
  events: ContestEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const open = await publicContestIds(app.deps.db, [
    ...new Set(events.map((event) => event.contest)),
  ]);
  for (const event of events) {
    app.realtime.publish(contestChannel(event.contest), event);
    if (open.has(event.contest)) app.realtime.publish(LEADERBOARDS_CHANNEL, event);
  }
}
