import type { PortfolioStats } from '@bullpen/contract/trading';
import { newYorkDay } from '../market/calendar.ts';

const TRADING_DAYS_PER_YEAR = 252;

/** The last value of each New York day: the series daily returns are measured on. */
export function dailyValues(
  points: { createdAt: Date; valueCents: number }[],
): { day: number; value: number }[] {
  const byDay = new Map<number, number>();
  for (const point of points) byDay.set(newYorkDay(point.createdAt.getTime()), point.valueCents);
  return [...byDay.entries()].sort(([a], [b]) => a - b).map(([day, value]) => ({ day, value }));
}

export function returnsOf(values: number[]): number[] {
  const returns: number[] = [];
  for (let index = 1; index < values.length; index += 1) {
    const previous = values[index - 1]!;
    if (previous > 0) returns.push(values[index]! / previous - 1);
  }
  return returns;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Sample standard deviation. */
export function standardDeviation(values: number[]): number {
  const average = mean(values);
  return Math.sqrt(
    values.reduce((sum, value) => sum + (value - average) ** 2, 0) / (values.length - 1),
  );
}

/** The largest fall from a peak, as a fraction of the peak (0 when it never fell). */
export function maxDrawdown(values: number[]): number {
  let peak = -Infinity;
  let worst = 0;
  for (const value of values) {
    peak = Math.max(peak, value);
    if (peak > 0) worst = Math.max(worst, (peak - value) / peak);
  }
  return worst;
}

/**
 * The Sharpe ratio of daily returns: their mean over their sample standard deviation, scaled to
 * a year (× √252 trading days). The risk-free rate is taken as 0 (the contest's cash earns no
 * interest; docs/decisions/050-risk-adjusted-board.md). Null with fewer than two returns or no
 * deviation at all: a ratio over nothing measured would rank luck.
 */
export function sharpeRatio(returns: number[]): number | null {
  if (returns.length < 2) return null;
  const deviation = standardDeviation(returns);
  return deviation === 0 ? null : (mean(returns) / deviation) * Math.sqrt(TRADING_DAYS_PER_YEAR);
}

/**
 * A portfolio's risk figures carried from close to close (the `contest_risk_lines` row). The
 * mean and `m2` (sum of squared deviations from the mean) are Welford's running figures, so a
 * close adds one return without reading the history; `recordRiskLines` in
 * contests/risk-board-queries.ts does
 * the same sums in SQL, and risk-board.test.ts holds the two equal.
 */
export type RiskLine = {
  tradingDays: number;
  meanReturn: number;
  m2: number;
  lastCloseCents: number;
  peakCents: number;
  maxDrawdownBps: number;
  sharpe: number | null;
};

/**
 * The line after one more close. The first close's return is over the starting cash (the
 * portfolio's value when it joined), which is also the first peak.
 */
export function riskLineAfterClose(
  line: RiskLine | null,
  closeCents: number,
  startingCashCents: number,
): RiskLine {
  const previous = line?.lastCloseCents ?? startingCashCents;
  let { tradingDays, meanReturn, m2 } = line ?? { tradingDays: 0, meanReturn: 0, m2: 0 };
  if (previous > 0) {
    const dailyReturn = closeCents / previous - 1;
    tradingDays += 1;
    const delta = dailyReturn - meanReturn;
    meanReturn += delta / tradingDays;
    m2 += delta * (dailyReturn - meanReturn);
  }
  const peakCents = Math.max(line?.peakCents ?? startingCashCents, closeCents);
  // Whole basis points rounded down, as the integer division of contests/risk-board-queries.ts.
  const fall = peakCents > 0 ? Math.floor(((peakCents - closeCents) * 10_000) / peakCents) : 0;
  return {
    tradingDays,
    meanReturn,
    m2,
    lastCloseCents: closeCents,
    peakCents,
    maxDrawdownBps: Math.max(line?.maxDrawdownBps ?? 0, fall),
    sharpe:
      tradingDays >= 2 && m2 > 0
        ? (meanReturn / Math.sqrt(m2 / (tradingDays - 1))) * Math.sqrt(TRADING_DAYS_PER_YEAR)
        : null,
  };
}

/** Covariance with the market over the market's variance, on returns of the same days. */
export function betaAgainst(returns: number[], marketReturns: number[]): number | null {
  const n = Math.min(returns.length, marketReturns.length);
  if (n < 2) return null;
  const a = returns.slice(-n);
  const m = marketReturns.slice(-n);
  const meanA = mean(a);
  const meanM = mean(m);
  let covariance = 0;
  let variance = 0;
  for (let index = 0; index < n; index += 1) {
    covariance += (a[index]! - meanA) * (m[index]! - meanM);
    variance += (m[index]! - meanM) ** 2;
  }
  return variance === 0 ? null : covariance / variance;
}

export function portfolioStats(input: {
  startingCashCents: number;
  cashCents: number;
  valueCents: number;
  previousCloseValueCents: number;
  history: { createdAt: Date; valueCents: number }[];
  /** The market's level at each day's close (the sector funds' even mix, review.ts). */
  marketLevels: { day: number; level: number }[];
  holdings: { sector: string; valueCents: number }[];
  realizedPnlCents: number;
  unrealizedPnlCents: number;
  commissionsCents: number;
  dividendsCents: number;
}): PortfolioStats {
  const days = dailyValues(input.history);
  const values = days.map((day) => day.value);
  const returns = returnsOf(values);
  const deviation = returns.length >= 2 ? standardDeviation(returns) : null;
  const marketByDay = new Map(input.marketLevels.map((close) => [close.day, close.level]));
  const paired = days.filter((day) => marketByDay.has(day.day));
  const beta = betaAgainst(
    returnsOf(paired.map((day) => day.value)),
    returnsOf(paired.map((day) => marketByDay.get(day.day)!)),
  );
  const bySector = new Map<string, number>();
  for (const holding of input.holdings) {
    bySector.set(holding.sector, (bySector.get(holding.sector) ?? 0) + holding.valueCents);
  }
  const total = input.valueCents;
  const sectorWeights = [...bySector.entries(), ['Cash', input.cashCents] as [string, number]]
    .filter(([, value]) => value > 0)
    .map(([sector, value]) => ({ sector, weight_ratio: total > 0 ? value / total : 0 }))
    .sort((a, b) => b.weight_ratio - a.weight_ratio);
  return {
    value: input.valueCents,
    cash: input.cashCents,
    total_return_ratio: (input.valueCents - input.startingCashCents) / input.startingCashCents,
    daily_change: input.valueCents - input.previousCloseValueCents,
    daily_change_ratio:
      input.previousCloseValueCents > 0
        ? (input.valueCents - input.previousCloseValueCents) / input.previousCloseValueCents
        : 0,
    volatility: deviation === null ? null : deviation * Math.sqrt(TRADING_DAYS_PER_YEAR),
    max_drawdown_ratio: maxDrawdown([...values, input.valueCents]),
    sharpe_ratio: sharpeRatio(returns),
    beta,
    sector_weights: sectorWeights,
    realized_pnl: input.realizedPnlCents,
    unrealized_pnl: input.unrealizedPnlCents,
    commissions: input.commissionsCents,
    dividends: input.dividendsCents,
  };
}
