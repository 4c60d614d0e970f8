import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ORDER_KINDS, TIMES_IN_FORCE } from '@bullpen/contract/constants';
import { at, cents } from './columns.ts';
import { contestUsers } from './contests.ts';

/**
 * The tables the trading domain owns: holdings, orders and the value of each portfolio over
 * time. A portfolio is a contest member (`contest_users`, owned by contests); trading changes
 * its account columns only through what `contests/queries.ts` exports.
 */

/** Holdings: whole shares, never below zero (no short selling). Cost basis is the total paid. */
export const positions = pgTable(
  'positions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    contestUserId: integer('contest_user_id')
      .notNull()
      .references(() => contestUsers.id, { onDelete: 'cascade' }),
    securityId: integer('security_id').notNull(),
    symbol: text().notNull(),
    shares: integer().notNull(),
    /** Shares set aside for pending sells; at most `shares`. */
    reservedShares: integer('reserved_shares').notNull().default(0),
    costBasisCents: cents('cost_basis_cents').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('positions_holding_key').on(table.contestUserId, table.securityId),
    check('positions_shares', sql`${table.shares} >= 0`),
    check('positions_cost', sql`${table.costBasisCents} >= 0`),
    check(
      'positions_reserved_shares',
      sql`${table.reservedShares} >= 0 and ${table.reservedShares} <= ${table.shares}`,
    ),
  ],
);

/**
 * Every order, from its placement to its end: filled at once, pending (placed while the market
 * was closed, or a limit not yet reached), cancelled, or rejected when it came to fill.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    contestUserId: integer('contest_user_id')
      .notNull()
      .references(() => contestUsers.id, { onDelete: 'cascade' }),
    securityId: integer('security_id').notNull(),
    symbol: text().notNull(),
    side: text({ enum: ['BUY', 'SELL'] }).notNull(),
    kind: text({ enum: ORDER_KINDS }).notNull(),
    quantity: integer().notNull(),
    limitPriceCents: cents('limit_price_cents'),
    /** A stop or stop-limit order's trigger price (docs/decisions/044-stop-orders.md). */
    stopPriceCents: cents('stop_price_cents'),
    /** 'day': a pending order expires at the close; 'gtc': it waits until filled or cancelled. */
    timeInForce: text('time_in_force', { enum: TIMES_IN_FORCE }).notNull().default('gtc'),
    /** When a stop-limit order's stop was crossed: from then on it waits as a limit order. */
    triggeredAt: at('triggered_at'),
    status: text({ enum: ['filled', 'pending', 'cancelled', 'rejected'] }).notNull(),
    fillPriceCents: cents('fill_price_cents'),
    commissionCents: cents('commission_cents').notNull().default(0),
    /** Cash change of the fill: negative for a buy, positive for a sale. */
    cashDeltaCents: cents('cash_delta_cents'),
    realizedPnlCents: cents('realized_pnl_cents'),
    rejectionReason: text('rejection_reason'),
    /**
     * What the order set aside while it was pending (cash for a buy, shares for a sell),
     * released exactly when it fills, is cancelled or rejected. 0 for immediate fills.
     */
    reservedCashCents: cents('reserved_cash_cents').notNull().default(0),
    reservedShares: integer('reserved_shares').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    createdAt: at('created_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
  },
  (table) => [
    uniqueIndex('orders_idempotency_key')
      .on(table.contestUserId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('orders_history_idx').on(table.contestUserId, table.createdAt),
    index('orders_pending_idx')
      .on(table.status)
      .where(sql`${table.status} = 'pending'`),
    check('orders_quantity', sql`${table.quantity} > 0`),
    check('orders_stop_price', sql`${table.stopPriceCents} is null or ${table.stopPriceCents} > 0`),
  ],
);

/** The value of a portfolio over time: one point at each fill and at each close. */
export const contestUserValues = pgTable(
  'contest_user_values',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    contestUserId: integer('contest_user_id')
      .notNull()
      .references(() => contestUsers.id, { onDelete: 'cascade' }),
    valueCents: cents('value_cents').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('contest_user_values_idx').on(table.contestUserId, table.createdAt)],
);

/**
 * Dividends and splits applied to portfolios (docs/decisions/012-corporate-actions.md): one row
 * per action and portfolio (the unique key makes the job idempotent). A dividend is `entitled`
 * at the close before its ex-date (`shares` held then) and `paid` on its pay date (`cash_cents`
 * credited); a split is `applied` at once (`shares` before, `shares_after`, and `cash_cents`
 * paid for a fraction of a share).
 */
export const corporateActionEntries = pgTable(
  'corporate_action_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    contestUserId: integer('contest_user_id')
      .notNull()
      .references(() => contestUsers.id, { onDelete: 'cascade' }),
    actionKey: text('action_key').notNull(),
    kind: text({ enum: ['dividend', 'split'] }).notNull(),
    securityId: integer('security_id').notNull(),
    symbol: text().notNull(),
    status: text({ enum: ['entitled', 'paid', 'applied'] }).notNull(),
    shares: integer().notNull(),
    sharesAfter: integer('shares_after'),
    perShareCents: cents('per_share_cents'),
    numerator: integer(),
    denominator: integer(),
    cashCents: cents('cash_cents').notNull().default(0),
    realizedPnlCents: cents('realized_pnl_cents').notNull().default(0),
    /** The record instant of a dividend, the effective instant of a split. */
    effectiveAt: at('effective_at').notNull(),
    payAt: at('pay_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
  },
  (table) => [
    uniqueIndex('corporate_action_entries_key').on(table.contestUserId, table.actionKey),
    index('corporate_action_entries_due_idx')
      .on(table.payAt)
      .where(sql`${table.status} = 'entitled'`),
    check('corporate_action_entries_shares', sql`${table.shares} >= 0`),
    check('corporate_action_entries_cash', sql`${table.cashCents} >= 0`),
  ],
);
