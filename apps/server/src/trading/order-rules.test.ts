import { describe, expect, it } from 'vitest';
import {
  limitReached,
  reservePriceOf,
  stopCrossed,
  valueAfterFill,
  weightRefusalAtFill,
  weightRefusalAtPlacement,
  type WeightAtPlacement,
} from './order-rules.ts';

const OVER_25 =
  "This order would make one position more than 25% of your portfolio, the contest's limit.";

describe('limitReached', () => {
  it('fills a market order at any price', () => {
    expect(limitReached({ side: 'BUY', limitPriceCents: null }, 1_000_000)).toBe(true);
    expect(limitReached({ side: 'SELL', limitPriceCents: null }, 1)).toBe(true);
  });

  it('fills a limit buy at its limit or lower, never a cent above', () => {
    expect(limitReached({ side: 'BUY', limitPriceCents: 1_000 }, 1_000)).toBe(true);
    expect(limitReached({ side: 'BUY', limitPriceCents: 1_000 }, 999)).toBe(true);
    expect(limitReached({ side: 'BUY', limitPriceCents: 1_000 }, 1_001)).toBe(false);
  });

  it('fills a limit sell at its limit or higher, never a cent below', () => {
    expect(limitReached({ side: 'SELL', limitPriceCents: 1_000 }, 1_000)).toBe(true);
    expect(limitReached({ side: 'SELL', limitPriceCents: 1_000 }, 1_001)).toBe(true);
    expect(limitReached({ side: 'SELL', limitPriceCents: 1_000 }, 999)).toBe(false);
  });
});

describe('weightRefusalAtPlacement', () => {
  // $1,000.00 of cash, no commission, nothing held: 25% is $250.00.
  const buy = (overrides: Partial<WeightAtPlacement>): WeightAtPlacement => ({
    maxPositionWeightBps: 2_500,
    cashCents: 100_000,
    commissionCents: 0,
    otherHoldings: [],
    sharesHeld: 0,
    pendingBuyShares: 0,
    quantity: 10,
    priceCents: 2_500,
    ...overrides,
  });

  it('lets a buy bring a position to exactly the limit, and refuses one cent more', () => {
    expect(weightRefusalAtPlacement(buy({}))).toBeNull();
    expect(weightRefusalAtPlacement(buy({ priceCents: 2_501 }))).toBe(OVER_25);
    expect(weightRefusalAtPlacement(buy({ quantity: 11 }))).toBe(OVER_25);
  });

  it('has no limit in a contest without the rule', () => {
    expect(weightRefusalAtPlacement(buy({ maxPositionWeightBps: null, quantity: 40 }))).toBeNull();
  });

  it('counts the value after the commission: the commission leaves the portfolio', () => {
    // $999.00 after a $1.00 commission: 25% is $249.75, under the $250.00 position.
    expect(weightRefusalAtPlacement(buy({ commissionCents: 100 }))).toBe(OVER_25);
    expect(weightRefusalAtPlacement(buy({ cashCents: 100_400, commissionCents: 400 }))).toBeNull();
  });

  it('counts the other holdings in the whole, at their prices', () => {
    // $600.00 of cash and $400.00 of another stock: the same $1,000.00.
    const others = [{ shares: 4, priceCents: 10_000 }];
    expect(weightRefusalAtPlacement(buy({ cashCents: 60_000, otherHoldings: others }))).toBeNull();
    expect(
      weightRefusalAtPlacement(
        buy({ cashCents: 60_000, otherHoldings: [{ shares: 4, priceCents: 9_999 }] }),
      ),
    ).toBe(OVER_25);
  });

  it('counts the shares held in the position and in the whole', () => {
    // $750.00 of cash and 10 shares at $25.00: buying 2 more makes 12 × $25.00 = $300.00 of
    // $1,000.00. At most 30%: allowed at exactly 30%, refused at 29.99%.
    const held = buy({ cashCents: 75_000, sharesHeld: 10, quantity: 2 });
    expect(weightRefusalAtPlacement({ ...held, maxPositionWeightBps: 3_000 })).toBeNull();
    expect(weightRefusalAtPlacement({ ...held, maxPositionWeightBps: 2_999 })).toBe(
      "This order would make one position more than 29.99% of your portfolio, the contest's limit.",
    );
  });

  it('counts the pending buys of the same security in the position, not in the whole', () => {
    expect(weightRefusalAtPlacement(buy({ quantity: 9, pendingBuyShares: 1 }))).toBeNull();
    expect(weightRefusalAtPlacement(buy({ quantity: 9, pendingBuyShares: 2 }))).toBe(OVER_25);
  });
});

describe('valueAfterFill and weightRefusalAtFill', () => {
  it('values the portfolio at current prices: cash, other holdings and the position', () => {
    expect(
      valueAfterFill(
        50_000,
        [
          { shares: 2, priceCents: 1_000 },
          { shares: 3, priceCents: 7 },
        ],
        { shares: 4, priceCents: 2_500 },
      ),
    ).toEqual({ positionValueCents: 10_000, valueCents: 50_000 + 2_000 + 21 + 10_000 });
  });

  it('lets a buy fill at exactly the limit, and refuses it one cent over', () => {
    expect(
      weightRefusalAtFill('BUY', { positionValueCents: 25_000, valueCents: 100_000 }, 2_500),
    ).toBeNull();
    expect(
      weightRefusalAtFill('BUY', { positionValueCents: 25_001, valueCents: 100_000 }, 2_500),
    ).toBe(OVER_25);
  });

  it('never refuses a sale, nor a buy in a contest without the rule', () => {
    expect(
      weightRefusalAtFill('SELL', { positionValueCents: 90_000, valueCents: 100_000 }, 2_500),
    ).toBeNull();
    expect(
      weightRefusalAtFill('BUY', { positionValueCents: 90_000, valueCents: 100_000 }, null),
    ).toBeNull();
  });
});

describe('stops', () => {
  it('a buy stop triggers at or above its stop, a sell stop at or below; no stop never', () => {
    expect(stopCrossed({ side: 'BUY', stopPriceCents: 1_000 }, 999)).toBe(false);
    expect(stopCrossed({ side: 'BUY', stopPriceCents: 1_000 }, 1_000)).toBe(true);
    expect(stopCrossed({ side: 'SELL', stopPriceCents: 1_000 }, 1_001)).toBe(false);
    expect(stopCrossed({ side: 'SELL', stopPriceCents: 1_000 }, 1_000)).toBe(true);
    expect(stopCrossed({ side: 'BUY', stopPriceCents: null }, 1_000_000)).toBe(false);
  });

  it('sets a stop aside at its stop, a stop limit at its limit, a market order at none', () => {
    const prices = { limitPriceCents: 900, stopPriceCents: 1_000 };
    expect(reservePriceOf({ kind: 'stop', limitPriceCents: null, stopPriceCents: 1_000 })).toBe(
      1_000,
    );
    expect(reservePriceOf({ kind: 'stop_limit', ...prices })).toBe(900);
    expect(reservePriceOf({ kind: 'limit', limitPriceCents: 900, stopPriceCents: null })).toBe(900);
    expect(reservePriceOf({ kind: 'market', limitPriceCents: null, stopPriceCents: null })).toBe(
      null,
    );
  });
});
