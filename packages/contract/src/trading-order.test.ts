import { describe, expect, it } from 'vitest';
import { MAX_ORDER_SHARES } from './constants.ts';
import { marketReservePriceCents, tradingMessages } from './trading-messages.ts';
import { placeOrderSchema } from './trading-order.ts';

const order = { contest_user: 1, security: 2, order_type: 'BUY', quantity: 10 };
const refusals = (input: unknown) => {
  const result = placeOrderSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the order a student places', () => {
  it('is a market order of whole shares unless it says otherwise', () => {
    expect(placeOrderSchema.parse(order)).toEqual({
      ...order,
      kind: 'market',
      time_in_force: 'gtc',
    });
    expect(
      placeOrderSchema.parse({ ...order, order_type: 'SELL', kind: 'limit', limit_price: 1 }),
    ).toEqual({
      ...order,
      order_type: 'SELL',
      kind: 'limit',
      limit_price: 1,
      time_in_force: 'gtc',
    });
  });

  it('takes 1 to the most shares, whole, and refuses anything else', () => {
    expect(refusals({ ...order, quantity: 1 })).toEqual([]);
    expect(refusals({ ...order, quantity: MAX_ORDER_SHARES })).toEqual([]);
    expect(refusals({ ...order, quantity: 0 })).toEqual([
      'quantity: Buy or sell at least 1 share.',
    ]);
    expect(refusals({ ...order, quantity: 1.5 })).toEqual([
      'quantity: Enter a whole number of shares.',
    ]);
    expect(refusals({ ...order, quantity: '10' })).toEqual([
      'quantity: Enter a whole number of shares.',
    ]);
    expect(refusals({ ...order, quantity: MAX_ORDER_SHARES + 1 })).toEqual([
      'quantity: Enter at most 1,000,000 shares.',
    ]);
  });

  it('needs a positive limit price for a limit order, and none for a market order', () => {
    expect(refusals({ ...order, kind: 'limit' })).toEqual([
      'limit_price: Enter a limit price for a limit order.',
    ]);
    expect(refusals({ ...order, kind: 'market', limit_price: 100 })).toEqual([
      'limit_price: A market order has no limit price.',
    ]);
    expect(refusals({ ...order, kind: 'limit', limit_price: 0 })).toEqual([
      'limit_price: Enter a positive limit price.',
    ]);
  });

  it('needs a stop price for a stop or stop-limit order, and a limit price for a stop-limit', () => {
    expect(refusals({ ...order, kind: 'stop', stop_price: 100, time_in_force: 'day' })).toEqual([]);
    expect(refusals({ ...order, kind: 'stop_limit', stop_price: 100, limit_price: 105 })).toEqual(
      [],
    );
    expect(refusals({ ...order, kind: 'stop' })).toEqual([
      'stop_price: Enter a stop price for a stop order.',
    ]);
    expect(refusals({ ...order, kind: 'stop_limit', stop_price: 100 })).toEqual([
      'limit_price: Enter a limit price for a limit order.',
    ]);
    expect(refusals({ ...order, kind: 'market', stop_price: 100 })).toEqual([
      'stop_price: Only a stop order has a stop price.',
    ]);
    expect(refusals({ ...order, kind: 'stop', stop_price: -5 })).toEqual([
      'stop_price: Enter a positive stop price.',
    ]);
  });

  it('refuses another side, another kind, another term or a field it does not know', () => {
    expect(refusals({ ...order, order_type: 'SHORT' })).toHaveLength(1);
    expect(refusals({ ...order, kind: 'trailing_stop' })).toHaveLength(1);
    expect(refusals({ ...order, time_in_force: 'week' })).toHaveLength(1);
    expect(refusals({ ...order, note: 'x' })).toHaveLength(1);
  });
});

describe('the trading messages a student reads', () => {
  it('counts shares in the singular and the plural', () => {
    expect(tradingMessages.notEnoughShares(2, 1)).toBe('You own 1 share; you cannot sell 2.');
    expect(tradingMessages.notEnoughShares(3, 2)).toBe('You own 2 shares; you cannot sell 3.');
    expect(tradingMessages.sharesReserved(2, 1)).toBe(
      'You can sell 1 share (the rest wait in pending sell orders); you cannot sell 2.',
    );
  });

  it('says what went wrong in words of the order ticket', () => {
    expect({ ...tradingMessages }).toMatchObject({
      orderNotFound: 'No such pending order.',
      notYourPortfolio: 'You can only trade in your own portfolio.',
      idempotencyMismatch: 'This Idempotency-Key was already used for a different order.',
      marketClosedRefused:
        'The market is closed and this contest does not queue orders. Try again when the market opens.',
      notPending: 'Only a pending order can be cancelled.',
    });
  });

  it('sets aside a market buy at the last price plus 5 %, rounded up to the cent', () => {
    expect(marketReservePriceCents(1_000)).toBe(1_050);
    expect(marketReservePriceCents(1_001)).toBe(1_052);
  });
});
