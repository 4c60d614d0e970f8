import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyFill,
  basisOfSale,
  buyingPower,
  portfolioValue,
  release,
  reservationFor,
  reserve,
  sellableShares,
  type Account,
  type Holding,
  type Reservation,
} from './ledger.ts';

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

  it('keeps reservations covered through random pending orders, cancels and fills', () => {
    type Pending = { side: 'BUY' | 'SELL'; quantity: number; reservation: Reservation };
    const action = fc.oneof(
      fc.record({
        kind: fc.constant('place' as const),
        side: fc.constantFrom('BUY' as const, 'SELL' as const),
        quantity: fc.integer({ min: 1, max: 50 }),
        limitPercent: fc.option(fc.integer({ min: -10, max: 10 }), { nil: null }),
      }),
      fc.record({
        kind: fc.constantFrom('cancel' as const, 'fill' as const),
        pick: fc.nat(),
        percent: fc.integer({ min: -15, max: 15 }),
      }),
      fc.record({
        kind: fc.constant('market' as const),
        quantity: fc.integer({ min: 1, max: 50 }),
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 100, max: 50_000 }),
        fc.array(action, { maxLength: 80 }),
        (startingCash, commission, startPrice, actions) => {
          let price = startPrice;
          let account: Account = {
            cashCents: startingCash,
            realizedPnlCents: 0,
            commissionsCents: 0,
            reservedCashCents: 0,
          };
          let holding: Holding = { shares: 0, costBasisCents: 0, reservedShares: 0 };
          const pending: Pending[] = [];
          for (const current of actions) {
            if (current.kind === 'place') {
              const limit =
                current.limitPercent === null
                  ? null
                  : Math.max(1, Math.round((price * (100 + current.limitPercent)) / 100));
              const reservation = reservationFor({
                side: current.side,
                quantity: current.quantity,
                limitPriceCents: limit,
                lastPriceCents: price,
                commissionCents: commission,
              });
              const result = reserve(account, holding, reservation);
              if (result.ok) {
                account = result.account;
                holding = result.holding;
                pending.push({ side: current.side, quantity: current.quantity, reservation });
              }
            } else if (current.kind === 'market') {
              // An immediate buy may only spend the buying power.
              const before = buyingPower(account);
              const result = applyFill(account, holding, {
                side: 'BUY',
                quantity: current.quantity,
                priceCents: price,
                commissionCents: commission,
              });
              if (result.ok) {
                expect(price * current.quantity + commission).toBeLessThanOrEqual(before);
                account = result.account;
                holding = result.holding;
              }
            } else if (pending.length > 0) {
              const [order] = pending.splice(current.pick % pending.length, 1);
              if (current.kind === 'cancel') {
                ({ account, holding } = release(account, holding, order!.reservation));
              } else {
                price = Math.max(1, Math.round((price * (100 + current.percent)) / 100));
                const result = applyFill(account, holding, {
                  side: order!.side,
                  quantity: order!.quantity,
                  priceCents: price,
                  commissionCents: commission,
                  release: order!.reservation,
                });
                // A rejected fill gives its reservation back, as the service does.
                ({ account, holding } = result.ok
                  ? result
                  : release(account, holding, order!.reservation));
              }
            }
            const reservedCash = pending.reduce((sum, item) => sum + item.reservation.cashCents, 0);
            const reservedShares = pending.reduce((sum, item) => sum + item.reservation.shares, 0);
            expect(account.reservedCashCents).toBe(reservedCash);
            expect(holding.reservedShares).toBe(reservedShares);
            expect(account.reservedCashCents).toBeGreaterThanOrEqual(0);
            expect(buyingPower(account)).toBeGreaterThanOrEqual(0);
            expect(sellableShares(holding)).toBeGreaterThanOrEqual(0);
            expect(account.cashCents + holding.shares * price).toBe(
              startingCash +
                account.realizedPnlCents +
                (holding.shares * price - holding.costBasisCents) -
                account.commissionsCents,
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
