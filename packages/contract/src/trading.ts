import { z } from 'zod';
import { idField } from './input.ts';
import { pageQuery, pageSchema } from './pagination.ts';
import { TIMES_IN_FORCE } from './constants.ts';
import { orderKind, orderSide } from './trading-order.ts';

/**
 * Trading in a contest (spec section 7 "Contests"): orders, pending invests (orders waiting for
 * the market to open), holdings, values over time and portfolio statistics. Money is integer
 * cents; ratios are fractions (0.05 = 5%). The contest rules a trade obeys (started, frozen,
 * ended) speak through `contestMessages`.
 */
export { marketReservePriceCents, tradingMessages } from './trading-messages.ts';
export {
  hasLimit,
  hasStop,
  orderKind,
  orderSide,
  placeOrderSchema,
  type OrderKind,
  type PlaceOrderInput,
} from './trading-order.ts';

export const portfolioQuery = pageQuery.extend({ contest_user: idField });

/** A holding row (spec section 3: security row + share and cost_basis) with derived figures. */
export const holdingSchema = z.object({
  id: z.number().int(),
  security: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  image_logo: z.string(),
  hyperlink: z.string(),
  share: z.number().int(),
  /** Shares set aside for pending sells; `share − reserved_shares` can be sold. */
  reserved_shares: z.number().int(),
  cost_basis: z.number().int(),
  last_price: z.number().int(),
  previous_day_close_price: z.number().int(),
  value: z.number().int(),
  gain_ratio: z.number(),
  weight_ratio: z.number(),
  daily_change: z.number().int(),
  daily_change_ratio: z.number(),
});
export type Holding = z.infer<typeof holdingSchema>;
export const holdingsSchema = z.object({
  cash: z.number().int(),
  reserved_cash: z.number().int(),
  buying_power: z.number().int(),
  value: z.number().int(),
  results: z.array(holdingSchema),
});

export const valuePointSchema = z.object({ created_at: z.string(), value: z.number().int() });
export const valuesSchema = z.object({ results: z.array(valuePointSchema) });

export const orderSchema = z.object({
  id: z.number().int(),
  contest_user: z.number().int(),
  security: z.number().int(),
  symbol: z.string(),
  order_type: orderSide,
  kind: orderKind,
  quantity: z.number().int(),
  limit_price: z.number().int().nullable(),
  /** A stop or stop-limit order's trigger price; null for the others. */
  stop_price: z.number().int().nullable(),
  time_in_force: z.enum(TIMES_IN_FORCE),
  /** When a stop-limit order's stop was crossed (it then waits as a limit order); else null. */
  triggered_at: z.string().nullable(),
  status: z.enum(['filled', 'pending', 'cancelled', 'rejected']),
  fill_price: z.number().int().nullable(),
  commission: z.number().int(),
  total: z.number().int().nullable(),
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  /**
   * Set on the order history's dividend and split lines (docs/decisions/012), absent on
   * orders. Such a line's `quantity` is the shares entitled (dividend) or held after the split,
   * `total` the cash credited (or paid for a fraction of a share), `status` `filled` once paid
   * or applied and `pending` while a dividend waits for its pay date.
   */
  action: z
    .object({
      kind: z.enum(['dividend', 'split']),
      /** Cash per share of a dividend, in cents. */
      per_share: z.number().int().nullable(),
      numerator: z.number().int().nullable(),
      denominator: z.number().int().nullable(),
      shares_before: z.number().int(),
      pay_date: z.string().nullable(),
    })
    .optional(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = pageSchema(orderSchema);
export const orderParams = z.object({ id: idField });

export const portfolioStatsRequest = z.strictObject({ contest_user: idField });
export const portfolioStatsSchema = z.object({
  value: z.number().int(),
  cash: z.number().int(),
  total_return_ratio: z.number(),
  daily_change: z.number().int(),
  daily_change_ratio: z.number(),
  /** Annualised standard deviation of daily returns; null until there are enough days. */
  volatility: z.number().nullable(),
  max_drawdown_ratio: z.number(),
  sharpe_ratio: z.number().nullable(),
  beta: z.number().nullable(),
  sector_weights: z.array(z.object({ sector: z.string(), weight_ratio: z.number() })),
  realized_pnl: z.number().int(),
  unrealized_pnl: z.number().int(),
  commissions: z.number().int(),
  /** Dividends credited to the portfolio, in cents. */
  dividends: z.number().int(),
});
export type PortfolioStats = z.infer<typeof portfolioStatsSchema>;
