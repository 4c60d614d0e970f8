import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, cents } from './columns.ts';
import { classrooms } from './classrooms.ts';
import { users } from './users.ts';

export const contests = pgTable(
  'contests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    description: text().notNull().default(''),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    visibility: text({ enum: ['public', 'private'] }).notNull(),
    /** The code a private contest's members join with; public contests have one too. */
    joinCode: text('join_code').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    startingCashCents: cents('starting_cash_cents').notNull(),
    commissionCents: cents('commission_cents').notNull().default(0),
    /** Largest share of a portfolio one position may reach after a buy, in basis points. */
    maxPositionWeightBps: integer('max_position_weight_bps'),
    afterHours: text('after_hours', { enum: ['queue', 'refuse'] })
      .notNull()
      .default('queue'),
    /**
     * The trading rules (docs/decisions/046-contest-rule-packs.md): the preset they came from,
     * the tickers and sectors a buy may or may not be in (an allowed list is null for every
     * one), the lowest share price of a buy, the orders a day, and the minutes a stock is kept
     * before it is sold; null for no rule.
     */
    rulePreset: text('rule_preset', { enum: ['beginner', 'classic', 'advanced', 'custom'] })
      .notNull()
      .default('custom'),
    allowedSymbols: text('allowed_symbols').array(),
    blockedSymbols: text('blocked_symbols')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    allowedSectors: text('allowed_sectors').array(),
    blockedSectors: text('blocked_sectors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minSharePriceCents: cents('min_share_price_cents'),
    maxTradesPerDay: integer('max_trades_per_day'),
    minHoldingMinutes: integer('min_holding_minutes'),
    frozenAt: at('frozen_at'),
    /** The standing public challenge anyone can join from /join-fintron-challenge. */
    isChallenge: boolean('is_challenge').notNull().default(false),
    /**
     * A class contest: every current and future student of the class is a member, and the
     * class's trading switch opens and closes its orders. Deleting the class keeps the contest.
     */
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    /**
     * Nobody joins any more: set on a class contest when its class is deleted, so the contest
     * (and the children on its board) stays closed to everyone who was not in the class.
     */
    joinsClosed: boolean('joins_closed').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    /**
     * When the contest's top places were paid their points (or found too small to pay), once
     * its values were final; null until then.
     */
    placesPaidAt: at('places_paid_at'),
    /** The trade coach's notes on the order ticket (docs/decisions/047-trade-coach.md). */
    coach: boolean().notNull().default(true),
    /**
     * The risk-adjusted board beside the value ranking (docs/decisions/050-risk-adjusted-board.md):
     * off, by Sharpe ratio (ranked from `min_trading_days` closes) or by return within a
     * drawdown limit (`max_drawdown_bps`).
     */
    riskBoard: text('risk_board', { enum: ['off', 'sharpe', 'drawdown'] })
      .notNull()
      .default('off'),
    minTradingDays: integer('min_trading_days').notNull().default(5),
    maxDrawdownBps: integer('max_drawdown_bps').notNull().default(2000),
  },
  (table) => [
    uniqueIndex('contests_join_code_key').on(table.joinCode),
    uniqueIndex('contests_one_challenge')
      .on(table.isChallenge)
      .where(sql`${table.isChallenge}`),
    index('contests_visibility_idx').on(table.visibility, table.endsAt),
    index('contests_classroom_idx').on(table.classroomId),
    // The places job's look-up: only contests whose places are still to pay.
    index('contests_places_unpaid_idx')
      .on(table.endsAt)
      .where(sql`${table.placesPaidAt} is null`),
    check('contests_dates', sql`${table.endsAt} > ${table.startsAt}`),
    check('contests_cash', sql`${table.startingCashCents} > 0`),
    check('contests_commission', sql`${table.commissionCents} >= 0`),
    check('contests_min_trading_days', sql`${table.minTradingDays} between 1 and 60`),
    check('contests_max_drawdown', sql`${table.maxDrawdownBps} between 100 and 9000`),
  ],
);

export const contestInvitations = pgTable(
  'contest_invitations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    /** SHA-256 of the single-use token in the emailed link; the link proves the address. */
    tokenHash: text('token_hash'),
    acceptedAt: at('accepted_at'),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('contest_invitations_email_key').on(table.contestId, sql`lower(${table.email})`),
    uniqueIndex('contest_invitations_token_key').on(table.tokenHash),
  ],
);

/** A user's portfolio in one contest. Cash can never go below zero, by constraint too. */
export const contestUsers = pgTable(
  'contest_users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cashCents: cents('cash_cents').notNull(),
    /** Cash + holdings at the last fill or revaluation: what the leaderboard ranks by. */
    valueCents: cents('value_cents').notNull(),
    realizedPnlCents: cents('realized_pnl_cents').notNull().default(0),
    commissionsCents: cents('commissions_cents').notNull().default(0),
    /** Cash set aside for pending buys; buying power is cash minus this. */
    reservedCashCents: cents('reserved_cash_cents').notNull().default(0),
    description: text().notNull().default(''),
    joinedAt: at('joined_at').notNull().defaultNow(),
    /**
     * Set when the member leaves; the row, its cash, positions and orders stay, so joining
     * again brings the same portfolio back (docs/decisions/007-trading-rules-hardening.md).
     */
    leftAt: at('left_at'),
  },
  (table) => [
    uniqueIndex('contest_users_member_key').on(table.contestId, table.userId),
    // No index on the value: the leaderboard reads contest_board (decision 014), and a value
    // outside every index lets a fill's or a revaluation's update stay on its page (a HOT
    // update, migration 0019) instead of writing an index entry each time.
    index('contest_users_user_idx').on(table.userId),
    check('contest_users_cash', sql`${table.cashCents} >= 0`),
    check(
      'contest_users_reserved_cash',
      sql`${table.reservedCashCents} >= 0 and ${table.reservedCashCents} <= ${table.cashCents}`,
    ),
  ],
);

/**
 * The leaderboard, kept ranked as values change (docs/decisions/014-stored-leaderboard.md):
 * one line per member who has not left, with `position` (1, 2, 3, … in the board's order:
 * value descending, then member id) and `rank` (equal values share one: 1, 2, 2, 4). Triggers
 * on `contest_users` (migration 0015) write it in the same statement that changes a value or a
 * membership, under a per-contest advisory lock, so any page is an index range read.
 * Since migration 0044 (docs/decisions/048-join-cost.md) both are counted from the top for a
 * line worth at least the starting cash and from the bottom, negative, for one worth less, so
 * a join at the starting cash shifts no line; contests/board-queries.ts reads them as places.
 */
export const contestBoard = pgTable(
  'contest_board',
  {
    contestUserId: integer('contest_user_id').primaryKey(),
    contestId: integer('contest_id').notNull(),
    userId: integer('user_id').notNull(),
    valueCents: cents('value_cents').notNull(),
    position: integer().notNull(),
    rank: integer().notNull(),
  },
  (table) => [
    index('contest_board_position_idx').on(table.contestId, table.position),
    index('contest_board_value_idx').on(
      table.contestId,
      table.valueCents.desc(),
      table.contestUserId,
    ),
  ],
);

/**
 * Each portfolio's risk figures, carried forward at every close by the close snapshot
 * (`recordRiskLines` in contests/risk-board-queries.ts, docs/decisions/050-risk-adjusted-board.md), so
 * the risk-adjusted board reads stored figures and never the value history. `trading_days`
 * counts the daily returns measured (close over the close before, the first over the starting
 * cash); `mean_return` and `m2` (the sum of squared deviations from it) are Welford's running
 * figures; `peak_cents` the highest close; `max_drawdown_bps` the largest fall from a peak;
 * `sharpe` is null until two returns with some deviation. `last_close_day` (New York day
 * number) makes a second run on the same close change nothing.
 */
export const contestRiskLines = pgTable(
  'contest_risk_lines',
  {
    contestUserId: integer('contest_user_id')
      .primaryKey()
      .references(() => contestUsers.id, { onDelete: 'cascade' }),
    contestId: integer('contest_id').notNull(),
    tradingDays: integer('trading_days').notNull(),
    meanReturn: doublePrecision('mean_return').notNull(),
    m2: doublePrecision().notNull(),
    lastCloseCents: cents('last_close_cents').notNull(),
    peakCents: cents('peak_cents').notNull(),
    maxDrawdownBps: integer('max_drawdown_bps').notNull(),
    sharpe: doublePrecision(),
    lastCloseDay: integer('last_close_day').notNull(),
  },
  (table) => [
    // The Sharpe board's order; the drawdown board's reads the value by contest.
    index('contest_risk_lines_sharpe_idx').on(
      table.contestId,
      table.sharpe.desc().nullsLast(),
      table.contestUserId,
    ),
    index('contest_risk_lines_value_idx').on(
      table.contestId,
      table.lastCloseCents.desc(),
      table.contestUserId,
    ),
  ],
);
