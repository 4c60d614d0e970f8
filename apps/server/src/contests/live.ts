import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import {
  CONTEST_CHANNEL_PREFIX,
  contestChannel,
  contestMessages,
  LEADERBOARDS_CHANNEL,
} from '@bullpen/contract/contests';
import { contests } from '../db/schema/index.ts';
import type { Executor } from '../db/connection.ts';
import { canWatchContest } from './policies.ts';
import { contestView } from './service.ts';

export type ContestEvent = { type: 'leaderboard' | 'contest'; contest: number };

/**
 * The contests' real-time channels: `leaderboards` (public contests, for anyone) and one
 * `contest:<id>` channel per contest, which a private contest opens to its members only.
 */
export function defineContestChannels(app: FastifyInstance): void {
  app.realtime.defineChannel(LEADERBOARDS_CHANNEL, { clusterWide: true });
  app.realtime.defineChannelFamily(CONTEST_CHANNEL_PREFIX, {
    clusterWide: true,
    authorize: async ({ channel, userId }) => {
      const contestId = Number(channel.slice(CONTEST_CHANNEL_PREFIX.length));
      if (!Number.isSafeInteger(contestId) || contestId < 1 || contestId > 2_147_483_647) {
        return contestMessages.notFound;
      }
      const view = await contestView(app.deps.db, contestId, userId ?? 0);
      // A private contest is not revealed to those who may not watch it: the same refusal.
      if (!view || !canWatchContest(view)) return contestMessages.notFound;
      return null;
    },
  });
}

async function publicContestIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: contests.id, visibility: contests.visibility })
    .from(contests)
    .where(inArray(contests.id, ids));
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
