import { describe, expect, it } from 'vitest';
import { newYorkDay } from '../market/calendar.ts';
import { evenMixLevels } from './review.ts';
import {
  betaAgainst,
  maxDrawdown,
  portfolioStats,
  returnsOf,
  riskLineAfterClose,
  sharpeRatio,
  standardDeviation,
  type RiskLine,
} from './stats.ts';

describe('portfolio statistics', () => {
  it('computes returns, deviation, drawdown and beta by hand-checked values', () => {
    const [up, down] = returnsOf([100, 110, 99]);
    expect(up).toBeCloseTo(0.1, 12);
    expect(down).toBeCloseTo(-0.1, 12);
    expect(standardDeviation([1, 2, 3, 4])).toBeCloseTo(1.2909944, 6);
    expect(maxDrawdown([100, 120, 90, 130, 65])).toBeCloseTo(0.5, 10);
    expect(maxDrawdown([100, 101, 102])).toBe(0);
    // A portfolio that moves twice as much as the market has a beta of 2.
    expect(betaAgainst([0.02, -0.04, 0.06], [0.01, -0.02, 0.03])).toBeCloseTo(2, 10);
    expect(betaAgainst([0.01], [0.01])).toBeNull();
  });

  it('weighs sectors and cash, and reports the return against the starting cash', () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, 5 + n, 20));
    const stats = portfolioStats({
      startingCashCents: 100_000,
      cashCents: 40_000,
      valueCents: 110_000,
      previousCloseValueCents: 100_000,
      history: [
        { createdAt: day(0), valueCents: 100_000 },
        { createdAt: day(1), valueCents: 105_000 },
        { createdAt: day(2), valueCents: 100_000 },
      ],
      marketLevels: [],
      holdings: [
        { sector: 'Energy', valueCents: 50_000 },
        { sector: 'Utilities', valueCents: 20_000 },
      ],
      realizedPnlCents: 0,
      unrealizedPnlCents: 10_000,
      commissionsCents: 0,
      dividendsCents: 0,
    });
    expect(stats.total_return_ratio).toBeCloseTo(0.1, 10);
    expect(stats.daily_change).toBe(10_000);
    expect(stats.sector_weights).toEqual([
      { sector: 'Energy', weight_ratio: 50_000 / 110_000 },
      { sector: 'Cash', weight_ratio: 40_000 / 110_000 },
      { sector: 'Utilities', weight_ratio: 20_000 / 110_000 },
    ]);
    expect(stats.max_drawdown_ratio).toBeCloseTo(5_000 / 105_000, 10);
    expect(stats.volatility).toBeCloseTo(
      standardDeviation([0.05, 100_000 / 105_000 - 1]) * Math.sqrt(252),
      10,
    );
  });

  it('measures beta against the even mix of the sector funds: the mix itself has a beta of 1', () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, 5 + n, 21));
    const dayNumber = (n: number) => newYorkDay(day(n).getTime());
    // Fund A: 100, 110, 99 (+10 %, −10 %); fund B: 200, 200, 220 (0, +10 %).
    const levels = evenMixLevels([
      [0, 1, 2].map((n, index) => ({ day: dayNumber(n), cents: [100, 110, 99][index]! })),
      [0, 1, 2].map((n, index) => ({ day: dayNumber(n), cents: [200, 200, 220][index]! })),
    ]);
    // The mix: 1, then (1.10 + 1.00) / 2 = 1.05, then (0.99 + 1.10) / 2 = 1.045.
    expect(levels.map((point) => point.level)).toEqual([1, 1.05, 1.045]);
    const stats = (values: number[]) =>
      portfolioStats({
        startingCashCents: 100_000,
        cashCents: 0,
        valueCents: values.at(-1)!,
        previousCloseValueCents: values.at(-2)!,
        history: values.map((valueCents, n) => ({ createdAt: day(n), valueCents })),
        marketLevels: levels,
        holdings: [],
        realizedPnlCents: 0,
        unrealizedPnlCents: 0,
        commissionsCents: 0,
        dividendsCents: 0,
      });
    // Holding the mix: 100 000, 105 000, 104 500 cents.
    expect(stats([100_000, 105_000, 104_500]).beta).toBeCloseTo(1, 10);
    // Twice the mix's moves (+10 %, then 2 × −0.476 % = −0.952 %): a beta of 2.
    const second = 110_000 * (1 + 2 * (1.045 / 1.05 - 1));
    expect(stats([100_000, 110_000, second]).beta).toBeCloseTo(2, 10);
    // A fund without a close on a day leaves that day out of the mix.
    expect(evenMixLevels([[{ day: 1, cents: 100 }], [{ day: 2, cents: 100 }]])).toEqual([]);
  });
});

describe('risk figures carried from close to close', () => {
  const after = (closes: number[], start = 100_000): RiskLine | null =>
    closes.reduce<RiskLine | null>((line, close) => riskLineAfterClose(line, close, start), null);

  it('gives the Sharpe ratio and the largest fall worked by hand', () => {
    // Returns +10 %, −10 %, +10 %: mean 0.1 / 3 = 0.033 333; deviations 0.066 667, −0.133 333,
    // 0.066 667, squares summing to 0.026 667; sample variance 0.026 667 / 2 = 0.013 333,
    // deviation 0.115 470; 0.033 333 / 0.115 470 = 0.288 675; × √252 (15.874 508) = 4.582 576.
    expect(sharpeRatio([0.1, -0.1, 0.1])).toBeCloseTo(4.582576, 5);
    const line = after([110_000, 99_000, 108_900])!;
    expect(line.tradingDays).toBe(3);
    expect(line.sharpe).toBeCloseTo(4.582576, 5);
    // Peak 110 000, low 99 000: a fall of 11 000 / 110 000 = 10 % = 1 000 basis points.
    expect(line.peakCents).toBe(110_000);
    expect(line.maxDrawdownBps).toBe(1_000);
    expect(line.lastCloseCents).toBe(108_900);
  });

  it('agrees with the batch formulae on the same closes', () => {
    const closes = [101_000, 99_500, 103_200, 97_000, 104_000, 104_500];
    const line = after(closes)!;
    expect(line.sharpe).toBeCloseTo(sharpeRatio(returnsOf([100_000, ...closes]))!, 12);
    expect(line.maxDrawdownBps).toBe(Math.floor(maxDrawdown([100_000, ...closes]) * 10_000));
  });

  it('ranks nothing it cannot measure, and rounds a fall down to whole basis points', () => {
    // One return: no sample deviation.
    expect(after([105_000])!.sharpe).toBeNull();
    // No movement at all: a deviation of 0.
    expect(after([100_000, 100_000, 100_000])!.sharpe).toBeNull();
    // The first close falls from the starting cash: 33 333 / 100 000 = 3 333.3 → 3 333.
    expect(after([66_667])!.maxDrawdownBps).toBe(3_333);
    // Steady losses give a negative ratio.
    expect(after([99_000, 97_000, 96_500])!.sharpe).toBeLessThan(0);
  });
});
