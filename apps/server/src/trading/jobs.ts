import type { FastifyInstance } from 'fastify';
import { intervalJob } from '../platform/jobs.ts';
import { announceContestEvents } from '../contests/live.ts';
import { claimSetting } from '../platform/settings.ts';
import { sessionState } from '../market/calendar.ts';
import { applyCorporateActions } from './actions-service.ts';
import { fillPendingOrders } from './orders-service.ts';
import { revalueContests } from './valuation-service.ts';

/**
 * The least time between the starts of two leaderboard announcements of a process. A page
 * refetches at most once in 300 ms whatever it hears (`use-leaderboard-updates.ts`), so more
 * announcements would only cost the server and the database a visibility read and two NOTIFYs
 * each: under a stream of fills they were most of the database's statements (`bench:orders`).
 */
export const ANNOUNCE_GAP_MS = 50;

/**
 * The trading clock's work, on every price tick: apply dividends and splits that took effect
 * (first, so fills and values see the new share counts), fill pending orders while the market is open
 * (limit orders are checked against each tick's price), re-price the leaderboards so a
 * member's line equals the portfolio value its page shows, and record every portfolio's value
 * once at each close. Several
 * server processes may run it: orders are locked row by row, and the close snapshot is
 * claimed by inserting its key.
 */
export function tradingJobs(app: FastifyInstance) {
  /** Contests changed since the queued announcement was started, and that announcement. */
  let waiting = new Set<number>();
  let queued: Promise<void> | undefined;
  let latest: Promise<void> = Promise.resolve();
  let lastStarted = -Infinity;

  /**
   * Tells listening pages which leaderboards changed; they fetch what they may see. Resolves
   * once an announcement that started after the call has been sent. One is sent at a time, at
   * least `ANNOUNCE_GAP_MS` after the one before began, and the contests that change meanwhile
   * wait for the next, together: under a stream of fills a contest is announced at most 20
   * times a second (one visibility read and one NOTIFY per channel), not once per order. A
   * contest that changes after a quiet moment is announced at once. Never throws: a failed
   * announcement is logged, and the pages' polling catches up.
   */
  function announce(contestIds: Iterable<number>): Promise<void> {
    for (const contest of contestIds) waiting.add(contest);
    if (waiting.size === 0) return queued ?? Promise.resolve();
    queued ??= latest.then(async () => {
      const wait = lastStarted + ANNOUNCE_GAP_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
      lastStarted = performance.now();
      const contests = waiting;
      waiting = new Set();
      queued = undefined;
      const events = [...contests].map((contest) => ({ type: 'leaderboard' as const, contest }));
      await announceContestEvents(app, events).catch((error: unknown) =>
        app.log.error({ err: error }, 'leaderboard announcement failed'),
      );
    });
    latest = queued;
    return queued;
  }

  async function snapshotAfterClose(now: number): Promise<boolean> {
    const session = sessionState(app.market.provider.calendar, now);
    if (session.isOpen) return false;
    const { close } = app.market.provider.calendar.session(session.day);
    if (now < close) return false;
    const key = `close-snapshot:${session.day}`;
    if (!(await claimSetting(app.deps.db, key, new Date(now).toISOString()))) return false;
    await announce(await revalueContests(app.deps.db, app.market, { snapshot: true }));
    return true;
  }

  /** Actions that took effect before this were applied by an earlier run (of this process). */
  let actionsSince: number | undefined;

  async function run(): Promise<{
    filled: number;
    revalued: boolean;
    snapshot: boolean;
    actions: { entitled: number; paid: number; split: number };
  }> {
    const now = app.market.clock.now().getTime();
    const { contestIds: changed, ...actions } = await applyCorporateActions(
      app.deps.db,
      app.market,
      actionsSince,
    );
    actionsSince = now;
    const { filled, contestIds } = await fillPendingOrders(
      app.deps.db,
      app.market,
      app.contests.tradingGates,
    );
    // Sent while the leaderboards are re-priced instead of waited for first: the run no longer
    // waits for one announcement before it starts the work of the next. It ends once both are
    // sent.
    const announced = [announce(new Set([...changed, ...contestIds]))];
    let revalued = false;
    if (sessionState(app.market.provider.calendar, now).isOpen) {
      announced.push(announce(await revalueContests(app.deps.db, app.market, { snapshot: false })));
      revalued = true;
    }
    const snapshot = await snapshotAfterClose(now);
    await Promise.all(announced);
    return { filled, revalued, snapshot, actions };
  }

  return { announce, run, ...intervalJob(app.log, 'trading jobs', run, app.deps.jobs) };
}
