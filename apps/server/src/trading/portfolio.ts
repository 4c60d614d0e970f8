import type { Executor } from '../db/connection.ts';
import { holdingsValueCents } from '@bullpen/contract/money';
import type { ContestUserRow } from '../contests/presenter.ts';
import type { ContestRow } from '../contests/status.ts';
import { newYorkDay } from '../market/calendar.ts';
import type { CoachFacts } from '@bullpen/contract/coach';
import {
  quoteOf,
  requireHeldSecurity,
  requireSecurityById,
  typicalDailyMove,
  type MarketContext,
} from '../market/service.ts';
import { filledOrderCount } from './orders-queries.ts';
import { presentHolding } from './presenter.ts';
import { positionsOf, valuesOf } from './queries.ts';
import { dividendsReceived } from './actions-queries.ts';
import { evenMixLevels } from './review.ts';
import { indexFundSymbols } from './review-service.ts';
import { portfolioStats } from './stats.ts';

/** Holdings priced now, with the portfolio's cash, buying power and total value. */
export async function holdingsOf(db: Executor, market: MarketContext, contestUser: ContestUserRow) {
  const held = await positionsOf(db, contestUser.id);
  const priced = await Promise.all(
    held.map(async (position) => {
      const security = requireHeldSecurity(market, position.securityId);
      return { position, security, quote: await quoteOf(market, security) };
    }),
  );
  const value = holdingsValueCents(
    contestUser.cashCents,
    priced.map((item) => ({ shares: item.position.shares, priceCents: item.quote.lastCents })),
  );
  return {
    cash: contestUser.cashCents,
    reserved_cash: contestUser.reservedCashCents,
    buying_power: contestUser.cashCents - contestUser.reservedCashCents,
    value,
    results: priced.map((item) => presentHolding(item.position, item.security, item.quote, value)),
  };
}

export async function statsOf(
  db: Executor,
  market: MarketContext,
  contestUser: ContestUserRow,
  contest: ContestRow,
) {
  const now = market.clock.now().getTime();
  const [holdings, history, dividends] = await Promise.all([
    holdingsOf(db, market, contestUser),
    valuesOf(db, contestUser.id),
    dividendsReceived(db, contestUser.id),
  ]);
  const previousCloseValue = holdings.results.reduce(
    (sum, holding) => sum + holding.share * holding.previous_day_close_price,
    contestUser.cashCents,
  );
  const from = history[0]?.createdAt.getTime() ?? now;
  // Beta is against the even mix of the sector index funds, the market of the review too.
  const fundCloses = await Promise.all(
    indexFundSymbols(market).map(async (symbol) =>
      (await market.provider.dailyCloses(symbol, from - 86_400_000, now).catch(() => [])).map(
        (close) => ({ day: newYorkDay(close.time), cents: close.cents }),
      ),
    ),
  );
  return portfolioStats({
    startingCashCents: contest.startingCashCents,
    cashCents: holdings.cash,
    valueCents: holdings.value,
    previousCloseValueCents: previousCloseValue,
    history,
    marketLevels: evenMixLevels(fundCloses),
    holdings: holdings.results.map((holding) => ({
      sector: requireHeldSecurity(market, holding.security).sector.name,
      valueCents: holding.value,
    })),
    realizedPnlCents: contestUser.realizedPnlCents,
    unrealizedPnlCents: holdings.results.reduce(
      (sum, holding) => sum + holding.value - holding.cost_basis,
      0,
    ),
    commissionsCents: contestUser.commissionsCents,
    dividendsCents: dividends,
  });
}

/**
 * What the order ticket's trade coach needs besides what the ticket shows: the stock's sector
 * and typical day, the holdings' sectors and costs, and how many orders have filled.
 */
export async function coachFactsOf(
  db: Executor,
  market: MarketContext,
  contestUser: ContestUserRow,
  securityId: number,
): Promise<CoachFacts> {
  const security = requireSecurityById(market, securityId);
  const [holdings, pastTrades, move] = await Promise.all([
    holdingsOf(db, market, contestUser),
    filledOrderCount(db, contestUser.id),
    typicalDailyMove(market, security),
  ]);
  return {
    security: security.id,
    sector: security.sector.name,
    typical_daily_move: move,
    cash: holdings.cash,
    value: holdings.value,
    past_trades: pastTrades,
    holdings: holdings.results.map((holding) => ({
      security: holding.security,
      sector: requireHeldSecurity(market, holding.security).sector.name,
      share: holding.share,
      value: holding.value,
      cost_basis: holding.cost_basis,
    })),
  };
}
