import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyFill,
  applySplit,
  basisOfSale,
  buyingPower,
  portfolioValue,
  release,
  reservationFor,
  reserve,
  sellableShares,
  splitOrder,
  splitStop,
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

describe('applyFill, one fill at a time', () => {
  const account = (cashCents: number, reservedCashCents = 0): Account => ({
    cashCents,
    realizedPnlCents: 0,
    commissionsCents: 0,
    reservedCashCents,
  });

  it('fills a buy that spends exactly the buying power, to the cent', () => {
    expect(
      applyFill(
        account(10_000),
        { shares: 0, costBasisCents: 0 },
        { side: 'BUY', quantity: 10, priceCents: 999, commissionCents: 10 },
      ),
    ).toEqual({
      ok: true,
      account: {
        cashCents: 0,
        realizedPnlCents: 0,
        commissionsCents: 10,
        reservedCashCents: 0,
      },
      holding: { shares: 10, costBasisCents: 9_990, reservedShares: 0 },
      cashDeltaCents: -10_000,
      realizedPnlCents: 0,
    });
  });

  it('fills a sale: the proceeds less the commission in, the average cost out, the rest realised', () => {
    expect(
      applyFill(
        { cashCents: 1_000, realizedPnlCents: 7, commissionsCents: 3 },
        { shares: 3, costBasisCents: 100 },
        { side: 'SELL', quantity: 1, priceCents: 500, commissionCents: 5 },
      ),
    ).toEqual({
      ok: true,
      account: {
        cashCents: 1_495,
        realizedPnlCents: 7 + 467,
        commissionsCents: 8,
        reservedCashCents: 0,
      },
      holding: { shares: 2, costBasisCents: 67, reservedShares: 0 },
      cashDeltaCents: 495,
      realizedPnlCents: 467,
    });
  });

  it('sells every share held, and then holds no cost basis', () => {
    const result = applyFill(
      account(0),
      { shares: 4, costBasisCents: 1_001 },
      { side: 'SELL', quantity: 4, priceCents: 300, commissionCents: 0 },
    );
    expect(result).toMatchObject({
      ok: true,
      holding: { shares: 0, costBasisCents: 0 },
      realizedPnlCents: 1_200 - 1_001,
    });
  });

  it('fills a sale whose commission the proceeds just pay, and refuses one they cannot', () => {
    const oneShare = { shares: 1, costBasisCents: 10 };
    expect(
      applyFill(account(0), oneShare, {
        side: 'SELL',
        quantity: 1,
        priceCents: 10,
        commissionCents: 10,
      }).ok,
    ).toBe(true);
    expect(
      applyFill(account(0), oneShare, {
        side: 'SELL',
        quantity: 1,
        priceCents: 5,
        commissionCents: 10,
      }),
    ).toEqual({
      ok: false,
      reason: 'Not enough cash: this order needs $0.10 and you have $0.05.',
    });
  });

  it('refuses a fill too large to count in cents', () => {
    const tooLarge = { quantity: 4, priceCents: 2 ** 52, commissionCents: 0 };
    expect(
      applyFill(account(0), { shares: 0, costBasisCents: 0 }, { side: 'BUY', ...tooLarge }),
    ).toEqual({ ok: false, reason: 'This order is too large.' });
    expect(
      applyFill(account(0), { shares: 9, costBasisCents: 0 }, { side: 'SELL', ...tooLarge }),
    ).toEqual({ ok: false, reason: 'This order is too large.' });
  });

  it('spends only the cash not set aside, and says so when pending buys hold the rest', () => {
    expect(
      applyFill(
        account(10_000, 5_000),
        { shares: 0, costBasisCents: 0 },
        { side: 'BUY', quantity: 6, priceCents: 1_000, commissionCents: 0 },
      ),
    ).toEqual({
      ok: false,
      reason:
        'Not enough buying power: this order needs $60.00 and you have $50.00 not set aside for pending orders.',
    });
  });

  it('fills a pending buy from the cash it set aside, and releases the rest of it', () => {
    const result = applyFill(
      account(10_000, 5_000),
      { shares: 0, costBasisCents: 0 },
      {
        side: 'BUY',
        quantity: 10,
        priceCents: 400,
        commissionCents: 10,
        release: { cashCents: 5_000, shares: 0 },
      },
    );
    expect(result).toMatchObject({
      ok: true,
      account: { cashCents: 5_990, reservedCashCents: 0 },
      holding: { shares: 10, costBasisCents: 4_000 },
    });
  });

  it('sells only the shares not set aside, and says so when pending sells hold the rest', () => {
    const holding = { shares: 5, costBasisCents: 500, reservedShares: 3 };
    expect(
      applyFill(account(0), holding, {
        side: 'SELL',
        quantity: 3,
        priceCents: 100,
        commissionCents: 0,
      }),
    ).toEqual({
      ok: false,
      reason: 'You can sell 2 shares (the rest wait in pending sell orders); you cannot sell 3.',
    });
    expect(
      applyFill(account(0), holding, {
        side: 'SELL',
        quantity: 3,
        priceCents: 100,
        commissionCents: 0,
        release: { cashCents: 0, shares: 3 },
      }),
    ).toMatchObject({ ok: true, holding: { shares: 2, costBasisCents: 200, reservedShares: 0 } });
  });
});

describe('reservations', () => {
  const account: Account = {
    cashCents: 10_000,
    realizedPnlCents: 0,
    commissionsCents: 0,
    reservedCashCents: 2_000,
  };
  const holding: Holding = { shares: 5, costBasisCents: 500, reservedShares: 2 };

  it('counts buying power and sellable shares net of what is set aside', () => {
    expect(buyingPower(account)).toBe(8_000);
    expect(buyingPower({ cashCents: 100, realizedPnlCents: 0, commissionsCents: 0 })).toBe(100);
    expect(sellableShares(holding)).toBe(3);
    expect(sellableShares({ shares: 4, costBasisCents: 0 })).toBe(4);
  });

  it('sets aside a limit buy at its limit, a market buy at the last price plus the margin, a sale its shares', () => {
    const order = { quantity: 10, lastPriceCents: 1_000, commissionCents: 7 };
    expect(reservationFor({ ...order, side: 'SELL', limitPriceCents: 900 })).toEqual({
      cashCents: 0,
      shares: 10,
    });
    expect(reservationFor({ ...order, side: 'BUY', limitPriceCents: 900 })).toEqual({
      cashCents: 9_007,
      shares: 0,
    });
    // 5% over $10.00: $10.50 a share.
    expect(reservationFor({ ...order, side: 'BUY', limitPriceCents: null })).toEqual({
      cashCents: 10_507,
      shares: 0,
    });
  });

  it('sets aside exactly the buying power or the sellable shares, and adds to what was set aside', () => {
    expect(reserve(account, holding, { cashCents: 8_000, shares: 3 })).toEqual({
      ok: true,
      account: { ...account, reservedCashCents: 10_000 },
      holding: { ...holding, reservedShares: 5 },
    });
    expect(
      reserve(
        { cashCents: 50, realizedPnlCents: 0, commissionsCents: 0 },
        { shares: 1, costBasisCents: 0 },
        { cashCents: 50, shares: 0 },
      ),
    ).toMatchObject({
      ok: true,
      account: { reservedCashCents: 50 },
      holding: { reservedShares: 0 },
    });
  });

  it('refuses a cent or a share more, saying whether pending orders hold the rest', () => {
    expect(reserve(account, holding, { cashCents: 8_001, shares: 0 })).toEqual({
      ok: false,
      reason:
        'Not enough buying power: this order needs $80.01 and you have $80.00 not set aside for pending orders.',
    });
    expect(
      reserve({ ...account, reservedCashCents: 0 }, holding, { cashCents: 10_001, shares: 0 }),
    ).toEqual({
      ok: false,
      reason: 'Not enough cash: this order needs $100.01 and you have $100.00.',
    });
    expect(reserve(account, holding, { cashCents: 0, shares: 4 })).toEqual({
      ok: false,
      reason: 'You can sell 3 shares (the rest wait in pending sell orders); you cannot sell 4.',
    });
    expect(
      reserve(account, { ...holding, reservedShares: 0 }, { cashCents: 0, shares: 6 }),
    ).toEqual({ ok: false, reason: 'You own 5 shares; you cannot sell 6.' });
  });

  it('refuses a reservation too large to count in cents', () => {
    expect(reserve(account, holding, { cashCents: 2 ** 53, shares: 0 })).toEqual({
      ok: false,
      reason: 'This order is too large.',
    });
  });

  it('gives a reservation back', () => {
    expect(release(account, holding, { cashCents: 500, shares: 2 })).toEqual({
      account: { ...account, reservedCashCents: 1_500 },
      holding: { ...holding, reservedShares: 0 },
    });
  });
});

describe('splits', () => {
  const account: Account = { cashCents: 1_000, realizedPnlCents: 5, commissionsCents: 0 };

  it('multiplies the shares and keeps the cost basis when no fraction is left', () => {
    expect(
      applySplit(
        account,
        { shares: 10, costBasisCents: 1_000 },
        { numerator: 4, denominator: 1, sharesAtSplit: 10, priceBeforeCents: 40_000 },
      ),
    ).toEqual({
      account,
      holding: { shares: 40, costBasisCents: 1_000 },
      fractionCashCents: 0,
      realizedPnlCents: 0,
    });
  });

  it('leaves a holding sold out before the split as it is', () => {
    expect(
      applySplit(
        account,
        { shares: 0, costBasisCents: 0 },
        { numerator: 3, denominator: 2, sharesAtSplit: 0, priceBeforeCents: 1_000 },
      ),
    ).toEqual({
      account,
      holding: { shares: 0, costBasisCents: 0 },
      fractionCashCents: 0,
      realizedPnlCents: 0,
    });
  });

  it('pays a fraction of a new share in cash rounded half up, and realises its cost basis', () => {
    // 4 for 3 of 1 share: 1 new share and 1/3 of one; a new share is worth $10.02 × 3/4, so
    // the third is $10.02 / 4 = 250.5 cents, paid as 251. Its basis is a quarter of $9.99.
    expect(
      applySplit(
        account,
        { shares: 1, costBasisCents: 999 },
        { numerator: 4, denominator: 3, sharesAtSplit: 1, priceBeforeCents: 1_002 },
      ),
    ).toEqual({
      account: { ...account, cashCents: 1_251, realizedPnlCents: 5 + 1 },
      holding: { shares: 1, costBasisCents: 749 },
      fractionCashCents: 251,
      realizedPnlCents: 1,
    });
  });

  it('leaves shares bought after the split as they are, and prorates the basis over all', () => {
    // 2 of the 3 shares were bought at the new price: the basis is shared over 4 + 2 × 3 units.
    expect(
      applySplit(
        account,
        { shares: 3, costBasisCents: 1_000 },
        { numerator: 4, denominator: 3, sharesAtSplit: 1, priceBeforeCents: 1_002 },
      ),
    ).toEqual({
      account: { ...account, cashCents: 1_251, realizedPnlCents: 5 + 151 },
      holding: { shares: 3, costBasisCents: 900 },
      fractionCashCents: 251,
      realizedPnlCents: 151,
    });
  });

  it('adjusts a pending order: quantity rounded down, a buy limit down and a sell limit up', () => {
    const forward = { numerator: 4, denominator: 1 };
    expect(splitOrder({ side: 'BUY', quantity: 10, limitPriceCents: 1_001 }, forward)).toEqual({
      quantity: 40,
      limitPriceCents: 250,
    });
    expect(splitOrder({ side: 'SELL', quantity: 10, limitPriceCents: 1_001 }, forward)).toEqual({
      quantity: 40,
      limitPriceCents: 251,
    });
    expect(splitOrder({ side: 'BUY', quantity: 3, limitPriceCents: null }, forward)).toEqual({
      quantity: 12,
      limitPriceCents: null,
    });
    const reverse = { numerator: 1, denominator: 10 };
    expect(splitOrder({ side: 'SELL', quantity: 25, limitPriceCents: 101 }, reverse)).toEqual({
      quantity: 2,
      limitPriceCents: 1_010,
    });
  });

  it('cancels an order left with no whole share, and keeps a limit of at least a cent', () => {
    const reverse = { numerator: 1, denominator: 10 };
    expect(splitOrder({ side: 'BUY', quantity: 9, limitPriceCents: 100 }, reverse)).toBeNull();
    expect(splitOrder({ side: 'BUY', quantity: 10, limitPriceCents: 100 }, reverse)).toEqual({
      quantity: 1,
      limitPriceCents: 1_000,
    });
    expect(
      splitOrder(
        { side: 'BUY', quantity: 1, limitPriceCents: 3 },
        { numerator: 4, denominator: 1 },
      ),
    ).toEqual({ quantity: 4, limitPriceCents: 1 });
  });

  it('scales a stop like a limit: a buy stop down, a sell stop up, never below a cent', () => {
    const forward = { numerator: 4, denominator: 1 };
    expect(splitStop({ side: 'BUY', stopPriceCents: 1_001 }, forward)).toBe(250);
    expect(splitStop({ side: 'SELL', stopPriceCents: 1_001 }, forward)).toBe(251);
    expect(splitStop({ side: 'BUY', stopPriceCents: 3 }, forward)).toBe(1);
    expect(
      splitStop({ side: 'SELL', stopPriceCents: 101 }, { numerator: 1, denominator: 10 }),
    ).toBe(1_010);
    expect(splitStop({ side: 'BUY', stopPriceCents: null }, forward)).toBeNull();
  });
});
