import type { Database } from '../db/connection.ts';
import { activeContestIds } from '../contests/queries.ts';
import type { MarketContext } from '../market/service.ts';
import { newYorkDay } from '../market/calendar.ts';
import { priceAt } from './fills-service.ts';
import { recordContestValues, repriceContest, symbolsHeldIn } from './queries.ts';
import { recordRiskLines } from '../contests/risk-board-queries.ts';

/**
 * Re-prices every portfolio of the active contests in one statement per contest, so the
 * leaderboard ranks by current values. `snapshot` also records a value point for each and
 * carries its risk figures forward by the day's return (contests/risk-board-queries.ts), in one transaction so
 * a close is never half counted.
 * Only the stored value (`value_cents`) changes: cash and holdings are untouched.
 */
export async function revalueContests(
  db: Database,
  market: MarketContext,
  options: { snapshot: boolean },
): Promise<number[]> {
  const now = market.clock.now();
  const at = now.getTime();
  const active = await activeContestIds(db, now);
  for (const id of active) {
    const symbols = await symbolsHeldIn(db, id);
    const prices = await Promise.all(
      symbols.map((symbol) => priceAt(market, symbol, at).catch(() => 0)),
    );
    await repriceContest(
      db,
      id,
      symbols.map((symbol, index) => ({ symbol, cents: prices[index]! })),
    );
    if (options.snapshot) {
      await db.transaction(async (tx) => {
        await recordContestValues(tx, id, now);
        await recordRiskLines(tx, id, newYorkDay(at));
      });
    }
  }
  return active;
}
