import type { ContestReview, ReviewDecision, ReviewPoint } from '@bullpen/contract/contest-review';
import { isoDay, newYorkDay } from '../market/calendar.ts';
import { dailyValues } from './stats.ts';

/**
 * A contest's review for one portfolio, from its ledger (docs/features.md "Contest review").
 * Pure: the caller reads the fills, the dividend and split lines, the value points and the
 * closes; this puts them together, so every figure is checked by hand in review.test.ts.
 */

/** A filled order: the cash it moved (negative for a buy, commission included). */
export type ReviewFill = {
  at: Date;
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  cashDeltaCents: number;
  commissionCents: number;
};

/** A dividend paid (`cashCents`) or a split applied (`sharesBefore` → `sharesAfter`). */
export type ReviewAction =
  | { kind: 'dividend'; at: Date; symbol: string; cashCents: number }
  | {
      kind: 'split';
      at: Date;
      symbol: string;
      sharesBefore: number;
      sharesAfter: number;
      cashCents: number;
    };

export type ReviewInput = {
  startingCashCents: number;
  /** The contest's last instant, or now if that is earlier. */
  endAt: Date;
  fills: readonly ReviewFill[];
  actions: readonly ReviewAction[];
  /** Cash the contest's managers added (negative: removed), since the last reset. */
  adjustments: readonly { at: Date; cashCents: number }[];
  /** The last reset before the end: everything given is from after it. */
  resetAt: Date | null;
  values: readonly { createdAt: Date; valueCents: number }[];
  /** Each traded symbol's close by New York day, for the days before the end. */
  closes: ReadonlyMap<string, ReadonlyMap<number, number>>;
  /** Each traded symbol's price at the end (the contest may end inside a session). */
  endPrices: ReadonlyMap<string, number>;
  names: ReadonlyMap<string, string>;
  /** Each index fund's price at the start and at the end (those that were priced). */
  indexFunds: readonly { symbol: string; startCents: number; endCents: number }[];
};

/** Points of the diversification line: about this many, the last at the end. */
const DIVERSIFICATION_POINTS = 12;
/** Best and worst decisions shown. */
const DECISIONS_SHOWN = 3;

/** The last close of a symbol on or before `day` (a day without a session uses the one before). */
function closeOn(closes: ReadonlyMap<number, number> | undefined, day: number): number | null {
  if (!closes) return null;
  let found: { day: number; cents: number } | null = null;
  for (const [closeDay, cents] of closes) {
    if (closeDay <= day && (!found || closeDay > found.day)) found = { day: closeDay, cents };
  }
  return found?.cents ?? null;
}

type Event = { at: number; apply: (held: Map<string, number>) => void };

/** Shares held after every fill and split up to each instant, replayed in order. */
function holdingsReplay(fills: readonly ReviewFill[], actions: readonly ReviewAction[]) {
  const events: Event[] = [
    ...fills.map((fill) => ({
      at: fill.at.getTime(),
      apply: (held: Map<string, number>) =>
        held.set(
          fill.symbol,
          (held.get(fill.symbol) ?? 0) + (fill.side === 'BUY' ? fill.quantity : -fill.quantity),
        ),
    })),
    ...actions.flatMap((action) =>
      action.kind === 'split'
        ? [
            {
              at: action.at.getTime(),
              apply: (held: Map<string, number>) =>
                held.set(
                  action.symbol,
                  (held.get(action.symbol) ?? 0) + action.sharesAfter - action.sharesBefore,
                ),
            },
          ]
        : [],
    ),
  ].sort((a, b) => a.at - b.at);
  const held = new Map<string, number>();
  let next = 0;
  return (until: number): ReadonlyMap<string, number> => {
    while (next < events.length && (events[next] as Event).at <= until) {
      (events[next] as Event).apply(held);
      next += 1;
    }
    return held;
  };
}

function decisions(input: ReviewInput, heldAtEnd: ReadonlyMap<string, number>) {
  const bySymbol = new Map<string, { bought: number; received: number }>();
  const line = (symbol: string) => {
    let found = bySymbol.get(symbol);
    if (!found) {
      found = { bought: 0, received: 0 };
      bySymbol.set(symbol, found);
    }
    return found;
  };
  for (const fill of input.fills) {
    if (fill.side === 'BUY') line(fill.symbol).bought += -fill.cashDeltaCents;
    else line(fill.symbol).received += fill.cashDeltaCents;
  }
  for (const action of input.actions) line(action.symbol).received += action.cashCents;
  const all: ReviewDecision[] = [...bySymbol].map(([symbol, { bought, received }]) => {
    const shares = heldAtEnd.get(symbol) ?? 0;
    const price = input.endPrices.get(symbol) ?? 0;
    return {
      symbol,
      name: input.names.get(symbol) ?? symbol,
      profit: received + shares * price - bought,
      bought,
      shares_at_end: shares,
    };
  });
  const ranked = all.sort((a, b) => b.profit - a.profit || a.symbol.localeCompare(b.symbol));
  return {
    best: ranked.filter((decision) => decision.profit > 0).slice(0, DECISIONS_SHOWN),
    worst: ranked
      .filter((decision) => decision.profit < 0)
      .reverse()
      .slice(0, DECISIONS_SHOWN),
  };
}

/** What a portfolio holds at one instant: its number of stocks, the largest and the cash. */
function spread(
  held: ReadonlyMap<string, number>,
  value: number,
  price: (symbol: string) => number,
): Pick<ReviewPoint, 'holdings' | 'largest_weight_ratio' | 'cash_ratio'> {
  let holdings = 0;
  let invested = 0;
  let largest = 0;
  for (const [symbol, shares] of held) {
    if (shares <= 0) continue;
    const worth = shares * price(symbol);
    holdings += 1;
    invested += worth;
    largest = Math.max(largest, worth);
  }
  return {
    holdings,
    largest_weight_ratio: value > 0 ? largest / value : 0,
    cash_ratio: value > 0 ? Math.max(0, 1 - invested / value) : 1,
  };
}

/**
 * What one unit split evenly over the funds at their start prices is worth at their end prices
 * (1.05 for 5 % up); null when no fund was priced. The review's index funds and the portfolio
 * statistics' market (`evenMixLevels`) are both this mix.
 */
export function evenMixGrowth(
  funds: readonly { startCents: number; endCents: number }[],
): number | null {
  const priced = funds.filter((fund) => fund.startCents > 0);
  if (priced.length === 0) return null;
  return priced.reduce((sum, fund) => sum + fund.endCents / fund.startCents, 0) / priced.length;
}

/**
 * The even mix's level at each New York day every fund has a close on (1 on the first), for
 * the beta of portfolio statistics (trading/portfolio.ts): the sector funds together hold the
 * whole market, as in the review.
 */
export function evenMixLevels(
  funds: readonly (readonly { day: number; cents: number }[])[],
): { day: number; level: number }[] {
  if (funds.length === 0) return [];
  const byFund = funds.map((closes) => new Map(closes.map((close) => [close.day, close.cents])));
  const days = [...byFund[0]!.keys()]
    .filter((day) => byFund.every((closes) => closes.has(day)))
    .sort((a, b) => a - b);
  const first = days[0];
  if (first === undefined) return [];
  return days.flatMap((day) => {
    const level = evenMixGrowth(
      byFund.map((closes) => ({ startCents: closes.get(first)!, endCents: closes.get(day)! })),
    );
    return level === null ? [] : [{ day, level }];
  });
}

/** The starting cash split evenly over the funds at their start prices, at their end prices. */
function evenMix(start: number, funds: ReviewInput['indexFunds']): ContestReview['index_funds'] {
  const growth = evenMixGrowth(funds);
  if (growth === null) return null;
  const priced = funds.filter((fund) => fund.startCents > 0);
  return {
    symbols: priced.map((fund) => fund.symbol),
    final_value: Math.round(start * growth),
    return_ratio: growth - 1,
  };
}

/**
 * The review. The final value is the ledger's: the starting cash, every fill's cash, every
 * dividend and split payment, every cash adjustment, and the shares held at the end at the
 * end's prices; so the decisions' profits and the adjustments add up to it exactly
 * (review.test.ts). A reset portfolio's review counts from its last reset: the caller gives
 * only what came after it. The diversification line is the
 * portfolio at each sampled day's close before the last day, then at the end.
 */
export function contestReview(input: ReviewInput): Omit<ContestReview, 'contest'> {
  const endAt = input.endAt.getTime();
  const endDay = newYorkDay(endAt);
  const heldAt = holdingsReplay(input.fills, input.actions);
  const before = dailyValues(
    input.values.filter((point) => point.createdAt.getTime() <= endAt),
  ).filter(({ day }) => day < endDay);
  const step = Math.max(1, Math.ceil(before.length / (DIVERSIFICATION_POINTS - 1)));
  const diversification: ReviewPoint[] = before
    .filter((_, index) => index % step === 0)
    .map(({ day, value }) => ({
      date: isoDay(day),
      value,
      // Everything up to that day's end in New York (its close's value point is on it).
      ...spread(
        heldAt((day + 1) * 86_400_000 + 5 * 3_600_000),
        value,
        (symbol) => closeOn(input.closes.get(symbol), day) ?? 0,
      ),
    }));
  const heldAtEnd = new Map(heldAt(endAt));
  const start = input.startingCashCents;
  const adjusted = input.adjustments.reduce((sum, line) => sum + line.cashCents, 0);
  const cash =
    start +
    input.fills.reduce((sum, fill) => sum + fill.cashDeltaCents, 0) +
    input.actions.reduce((sum, action) => sum + action.cashCents, 0) +
    adjusted;
  const endPrice = (symbol: string) => input.endPrices.get(symbol) ?? 0;
  const finalValue = [...heldAtEnd].reduce(
    (sum, [symbol, shares]) => sum + shares * endPrice(symbol),
    cash,
  );
  diversification.push({
    date: isoDay(endDay),
    value: finalValue,
    ...spread(heldAtEnd, finalValue, endPrice),
  });
  return {
    starting_cash: start,
    final_value: finalValue,
    return_ratio: start > 0 ? finalValue / start - 1 : 0,
    index_funds: evenMix(start, input.indexFunds),
    trades: input.fills.length,
    commissions: input.fills.reduce((sum, fill) => sum + fill.commissionCents, 0),
    dividends: input.actions.reduce(
      (sum, action) => sum + (action.kind === 'dividend' ? action.cashCents : 0),
      0,
    ),
    adjustments: adjusted,
    reset_at: input.resetAt?.toISOString() ?? null,
    ...decisions(input, heldAtEnd),
    diversification,
  };
}
