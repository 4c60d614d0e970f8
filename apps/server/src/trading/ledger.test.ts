import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFill, basisOfSale, portfolioValue, type Account, type Holding } from './ledger.ts';

type Step =
  | { kind: 'order'; side: 'BUY' | 'SELL'; symbol: number; quantity: number }
  | { kind: 'move'; symbol: number; percent: number };

const SYMBOLS = 4;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    side: fc.constantFrom('BUY' as const, 'SELL' as const),
    symbol: fc.integer({ min: 0, max: SYMBOLS - 1 }),
    quantity: fc.integer({ min: 1, max: 400 }),
  }),
  fc.record({
    kind: fc.constant('move' as const),
    symbol: fc.integer({ min: 0, max: SYMBOLS - 1 }),
    percent: fc.integer({ min: -30, max: 40 }),
  }),
);

describe('applyFill', () => {
  it('keeps cash and shares non-negative and the books balanced to the cent, for any sequence', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 100_000_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: SYMBOLS, maxLength: SYMBOLS }),
        fc.array(step, { maxLength: 120 }),
        (startingCash, commission, initialPrices, steps) => {
          const prices = [...initialPrices];
          let account: Account = {
            cashCents: startingCash,
            realizedPnlCents: 0,
            commissionsCents: 0,
          };
          const holdings: Holding[] = prices.map(() => ({ shares: 0, costBasisCents: 0 }));
          for (const current of steps) {
            if (current.kind === 'move') {
              prices[current.symbol] = Math.max(
                1,
                Math.round((prices[current.symbol]! * (100 + current.percent)) / 100),
              );
            } else {
              const result = applyFill(account, holdings[current.symbol]!, {
                side: current.side,
                quantity: current.quantity,
                priceCents: prices[current.symbol]!,
                commissionCents: commission,
              });
              if (result.ok) {
                expect(result.account.cashCents - account.cashCents).toBe(result.cashDeltaCents);
                account = result.account;
                holdings[current.symbol] = result.holding;
              }
            }
            expect(account.cashCents).toBeGreaterThanOrEqual(0);
            for (const holding of holdings) {
              expect(holding.shares).toBeGreaterThanOrEqual(0);
              expect(holding.costBasisCents).toBeGreaterThanOrEqual(0);
              if (holding.shares === 0) expect(holding.costBasisCents).toBe(0);
              expect(Number.isInteger(holding.costBasisCents)).toBe(true);
            }
            const marketValue = holdings.reduce(
              (sum, holding, index) => sum + holding.shares * prices[index]!,
              0,
            );
            const unrealized = holdings.reduce(
              (sum, holding, index) =>
                sum + holding.shares * prices[index]! - holding.costBasisCents,
              0,
            );
            expect(account.cashCents + marketValue).toBe(
              startingCash + account.realizedPnlCents + unrealized - account.commissionsCents,
            );
            expect(
              portfolioValue(
                account.cashCents,
                holdings.map((holding, index) => ({
                  shares: holding.shares,
                  priceCents: prices[index]!,
                })),
              ),
            ).toBe(account.cashCents + marketValue);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a buy over the cash and a sale over the shares, with the spec of each', () => {
    const account = { cashCents: 10_000, realizedPnlCents: 0, commissionsCents: 0 };
    const none = { shares: 0, costBasisCents: 0 };
    expect(
      applyFill(account, none, {
        side: 'BUY',
        quantity: 10,
        priceCents: 1_000,
        commissionCents: 1,
      }),
    ).toEqual({
      ok: false,
      reason: 'Not enough cash: this order needs $100.01 and you have $100.00.',
    });
    expect(
      applyFill(account, none, { side: 'BUY', quantity: 10, priceCents: 999, commissionCents: 10 })
        .ok,
    ).toBe(true);
    expect(
      applyFill(
        account,
        { shares: 2, costBasisCents: 50 },
        { side: 'SELL', quantity: 3, priceCents: 1, commissionCents: 0 },
      ),
    ).toEqual({
      ok: false,
      reason: 'You own 2 shares; you cannot sell 3.',
    });
  });

  it('takes cost basis out at the average cost, all of it on the last share', () => {
    expect(basisOfSale({ shares: 3, costBasisCents: 100 }, 1)).toBe(33);
    expect(basisOfSale({ shares: 3, costBasisCents: 101 }, 1)).toBe(34);
    expect(basisOfSale({ shares: 3, costBasisCents: 100 }, 3)).toBe(100);
  });
});
