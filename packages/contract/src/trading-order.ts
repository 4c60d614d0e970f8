import { z } from 'zod';
import { MAX_ORDER_SHARES, ORDER_SIDES } from './constants.ts';
import { idField } from './input.ts';
import { tradingMessages } from './trading-messages.ts';

/**
 * The order a student places (POST /api/contest-user-orders/): the quantity rules (a whole
 * number of shares, 1 to MAX_ORDER_SHARES) and the limit price's, shared by the order ticket and
 * the server. trading.ts re-exports them with the other trading schemas.
 */
export const orderSide = z.enum(ORDER_SIDES);
export const placeOrderSchema = z
  .strictObject({
    contest_user: idField,
    security: idField,
    order_type: orderSide,
    kind: z.enum(['market', 'limit']).default('market'),
    quantity: z
      .number({ error: 'Enter a whole number of shares.' })
      .int('Enter a whole number of shares.')
      .min(1, 'Buy or sell at least 1 share.')
      .max(MAX_ORDER_SHARES, tradingMessages.tooManyShares),
    limit_price: z.number().int().positive('Enter a positive limit price.').optional(),
  })
  .refine((value) => value.kind === 'market' || value.limit_price !== undefined, {
    message: tradingMessages.limitRequired,
    path: ['limit_price'],
  })
  .refine((value) => value.kind === 'limit' || value.limit_price === undefined, {
    message: tradingMessages.limitOnlyForLimit,
    path: ['limit_price'],
  });
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
