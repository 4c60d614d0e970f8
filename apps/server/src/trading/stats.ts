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
  marketCloses: { day: number; cents: number }[];
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
  const marketByDay = new Map(input.marketCloses.map((close) => [close.day, close.cents]));
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
    sharpe_ratio:
      deviation === null || deviation === 0
        ? null
        : (mean(returns) / deviation) * Math.sqrt(TRADING_DAYS_PER_YEAR),
    beta,
    sector_weights: sectorWeights,
    realized_pnl: input.realizedPnlCents,
    unrealized_pnl: input.unrealizedPnlCents,
    commissions: input.commissionsCents,
    dividends: input.dividendsCents,
  };
}
