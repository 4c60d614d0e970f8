import { describe, expect, it } from 'vitest';
import { betaAgainst, maxDrawdown, portfolioStats, returnsOf, standardDeviation } from './stats.ts';

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
      marketCloses: [],
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
});
