import { z } from 'zod';
import { MAX_ORDER_SHARES, ORDER_KINDS, ORDER_SIDES, TIMES_IN_FORCE } from './constants.ts';
import { idField } from './input.ts';
import { tradingMessages } from './trading-messages.ts';

/**
 * The order a student places (POST /api/contest-user-orders/): the quantity rules (a whole
 * number of shares, 1 to MAX_ORDER_SHARES) and the limit price's, shared by the order ticket and
 * the server. trading.ts re-exports them with the other trading schemas.
 */
export const orderSide = z.enum(ORDER_SIDES);
export const orderKind = z.enum(ORDER_KINDS);
export type OrderKind = z.infer<typeof orderKind>;

/** True for the kinds that carry a limit price (limit, stop limit). */
export function hasLimit(kind: OrderKind): boolean {
  return kind === 'limit' || kind === 'stop_limit';
}

/** True for the kinds that carry a stop price (stop, stop limit). */
export function hasStop(kind: OrderKind): boolean {
  return kind === 'stop' || kind === 'stop_limit';
}

export const placeOrderSchema = z
  .strictObject({
    contest_user: idField,
    security: idField,
    order_type: orderSide,
    kind: z.enum(ORDER_KINDS).default('market'),
    quantity: z
      .number({ error: 'Enter a whole number of shares.' })
      .int('Enter a whole number of shares.')
      .min(1, 'Buy or sell at least 1 share.')
      .max(MAX_ORDER_SHARES, tradingMessages.tooManyShares),
    limit_price: z.number().int().positive('Enter a positive limit price.').optional(),
    /** The price that triggers a stop or stop-limit order (docs/decisions/044-stop-orders.md). */
    stop_price: z.number().int().positive(tradingMessages.stopPositive).optional(),
    /** Good for the day (expires at the close) or good till cancelled. */
    time_in_force: z.enum(TIMES_IN_FORCE).default('gtc'),
  })
  .refine((value) => !hasLimit(value.kind) || value.limit_price !== undefined, {
    message: tradingMessages.limitRequired,
    path: ['limit_price'],
  })
  .refine((value) => hasLimit(value.kind) || value.limit_price === undefined, {
    message: tradingMessages.limitOnlyForLimit,
    path: ['limit_price'],
  })
  .refine((value) => !hasStop(value.kind) || value.stop_price !== undefined, {
    message: tradingMessages.stopRequired,
    path: ['stop_price'],
  })
  .refine((value) => hasStop(value.kind) || value.stop_price === undefined, {
    message: tradingMessages.stopOnlyForStop,
    path: ['stop_price'],
  });
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
