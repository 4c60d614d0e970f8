import { z } from 'zod';
import { MAX_ORDER_SHARES } from './constants.ts';
import { pageQuery, pageSchema } from './market.ts';
import { messages } from './messages.ts';
import { idField } from './input.ts';
import { textError } from './users.ts';

/**
 * Contests, membership, trading and portfolios (spec section 7 "Contests"). Money is integer
 * cents; ratios are fractions (0.05 = 5%).
 */
export const contestMessages = {
  notFound: 'No such contest.',
  portfolioNotFound: 'No such portfolio.',
  orderNotFound: 'No such pending order.',
  notOwner: 'Only the contest owner can do this.',
  freezeEnded: 'This contest has ended: there is nothing left to freeze.',
  notYourPortfolio: 'You can only trade in your own portfolio.',
  notYourContestToLeave: 'You can only leave a contest you are in.',
  notYourDescription: 'You can only edit your own portfolio description.',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different order.',
  tooManyShares: `Enter at most ${new Intl.NumberFormat('en-US').format(MAX_ORDER_SHARES)} shares.`,
  notMember: 'Join this contest to see its portfolios.',
  deleteStarted: 'This contest has started and others have joined: it can no longer be deleted.',
  ownerCannotLeave: 'You created this contest: delete it instead of leaving.',
  alreadyMember: 'You have already joined this contest.',
  ended: 'This contest has ended.',
  notStarted: 'This contest has not started yet: trading opens when it starts.',
  frozen: 'This contest is frozen: trading is paused by its owner.',
  privateNeedsCode: 'This contest is private: enter its join code or use your invitation.',
  badCode: 'That join code does not match any contest.',
  invitationInvalid: 'This invitation link is invalid or has already been used.',
  marketClosedRefused:
    'The market is closed and this contest does not queue orders. Try again when the market opens.',
  notEnoughCash: (neededCents: number, availableCents: number) =>
    `Not enough cash: this order needs ${formatUsd(neededCents)} and you have ${formatUsd(availableCents)}.`,
  notEnoughShares: (wanted: number, owned: number) =>
    `You own ${owned} share${owned === 1 ? '' : 's'}; you cannot sell ${wanted}.`,
  /** Cash set aside for pending buys cannot pay for another order. */
  notEnoughBuyingPower: (neededCents: number, buyingPowerCents: number) =>
    `Not enough buying power: this order needs ${formatUsd(neededCents)} and you have ${formatUsd(buyingPowerCents)} not set aside for pending orders.`,
  /** Shares set aside for pending sells cannot be sold twice. */
  sharesReserved: (wanted: number, available: number) =>
    `You can sell ${available} share${available === 1 ? '' : 's'} (the rest wait in pending sell orders); you cannot sell ${wanted}.`,
  weightExceeded: (maxPercent: number) =>
    `This order would make one position more than ${maxPercent}% of your portfolio, the contest's limit.`,
  limitRequired: 'Enter a limit price for a limit order.',
  limitOnlyForLimit: 'A market order has no limit price.',
  notPending: 'Only a pending order can be cancelled.',
  endBeforeStart: 'The end date must be after the start date.',
  endInPast: 'The end date must be in the future.',
} as const;

function formatUsd(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

export const createContestSchema = z
  .strictObject({
    name: z.string({ error: textError }).trim().min(3, 'Use at least 3 characters.').max(80),
    description: z.string({ error: textError }).trim().max(2000).default(''),
    visibility: z.enum(['public', 'private'], { error: 'Choose public or private.' }),
    starts_at: z.iso.datetime({ offset: true, error: 'Enter a date and time.' }),
    ends_at: z.iso.datetime({ offset: true, error: 'Enter a date and time.' }),
    /** Starting cash in cents: from $100 to $10,000,000. */
    starting_cash: z
      .number({ error: 'Enter the starting cash in cents.' })
      .int()
      .min(10_000, 'Start with at least $100.')
      .max(1_000_000_000, 'Start with at most $10,000,000.'),
    commission: z
      .number({ error: 'Enter the commission in cents.' })
      .int()
      .min(0, 'The commission cannot be negative.')
      .max(10_000, 'The commission can be at most $100.')
      .default(0),
    /** Largest weight of one position after a buy, in percent; null for no limit. */
    max_position_weight: z
      .number({ error: 'Enter a percentage.' })
      .int()
      .min(1, 'Enter a percentage from 1 to 100.')
      .max(100, 'Enter a percentage from 1 to 100.')
      .nullable()
      .default(null),
    after_hours: z.enum(['queue', 'refuse']).default('queue'),
  })
  .refine((value) => Date.parse(value.ends_at) > Date.parse(value.starts_at), {
    message: contestMessages.endBeforeStart,
    path: ['ends_at'],
    when: datesAreValid,
  });
export type CreateContestInput = z.input<typeof createContestSchema>;

/**
 * The date rules run whenever both dates are valid, whatever else is wrong, so one answer
 * lists every problem (spec section 5: all schema errors per field).
 */
function datesAreValid(payload: {
  value: unknown;
  issues: readonly { code?: string; path?: readonly PropertyKey[] }[];
}): boolean {
  const value = payload.value as { starts_at?: unknown; ends_at?: unknown } | null | undefined;
  return (
    typeof value?.starts_at === 'string' &&
    typeof value.ends_at === 'string' &&
    // Not another date rule's own issue (code `custom`): a date both backwards and past gets both.
    !payload.issues.some(
      (issue) =>
        issue.code !== 'custom' && ['starts_at', 'ends_at'].includes(String(issue.path?.[0])),
    )
  );
}

/**
 * Creating a contest, with the rule that needs a clock: it must end in the future (the
 * server's market clock; the form's own clock for its early check).
 */
export function createContestSchemaAt(now: () => Date) {
  return createContestSchema.refine((value) => Date.parse(value.ends_at) > now().getTime(), {
    message: contestMessages.endInPast,
    path: ['ends_at'],
    when: datesAreValid,
  });
}

export const contestStatus = z.enum(['upcoming', 'active', 'ended', 'frozen']);

export const contestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  visibility: z.enum(['public', 'private']),
  owner: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  starting_cash: z.number().int(),
  commission: z.number().int(),
  max_position_weight: z.number().int().nullable(),
  after_hours: z.enum(['queue', 'refuse']),
  status: contestStatus,
  is_challenge: z.boolean(),
  members_count: z.number().int(),
  is_owner: z.boolean(),
  /** The viewer's portfolio in this contest, when they have joined. */
  my_contest_user: z.number().int().nullable(),
  /** Shown to members only, so they can invite others. */
  join_code: z.string().nullable(),
});
export type Contest = z.infer<typeof contestSchema>;

export const contestParams = z.object({ id: idField });
export const freezeSchema = z.strictObject({
  frozen: z.boolean({ error: 'Say whether the contest is frozen: true or false.' }),
});

/**
 * WebSocket channels: `{type: 'leaderboard', contest}` whenever a contest's values change, and
 * `{type: 'contest', contest}` when its owner freezes or resumes it. Every contest has its own
 * channel, `contest:<id>`; a private contest's channel takes its members only (the subscribe
 * message carries the session token). The `leaderboards` channel carries public contests only.
 */
export const LEADERBOARDS_CHANNEL = 'leaderboards';
export const CONTEST_CHANNEL_PREFIX = 'contest:';
export const contestChannel = (contestId: number) => `${CONTEST_CHANNEL_PREFIX}${contestId}`;
export const contestListQuery = pageQuery.extend({
  type: z.enum(['public', 'private']).optional(),
});
export const contestListSchema = pageSchema(contestSchema);

export const inviteSchema = z.strictObject({
  emails: z
    .array(
      z
        .string()
        .trim()
        .pipe(z.email({ error: messages.invalidEmail })),
      {
        error: messages.chipNone,
      },
    )
    .min(1, messages.chipNone)
    .max(50, 'Invite at most 50 people at a time.')
    .refine(
      (emails) => new Set(emails.map((email) => email.toLowerCase())).size === emails.length,
      {
        message: messages.chipDuplicate,
      },
    ),
});
export const inviteResultSchema = z.object({ invited: z.array(z.string()) });

export const joinContestSchema = z
  .strictObject({
    contest: idField.optional(),
    code: z.string().trim().toUpperCase().max(20).optional(),
    /** The token of an emailed invitation link (`/join?invitation=…`). */
    invitation: z.string().trim().min(1).max(512).optional(),
  })
  .refine((value) => value.contest !== undefined || value.code || value.invitation, {
    message: 'Choose a contest or enter a join code.',
  });

export const contestUserSchema = z.object({
  id: z.number().int(),
  contest: contestSchema,
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    avatar: z.string().nullable(),
  }),
  cash: z.number().int(),
  /** Cash set aside for pending buys. */
  reserved_cash: z.number().int(),
  /** Cash minus reserved cash: what a new buy can spend. */
  buying_power: z.number().int(),
  value: z.number().int(),
  return_ratio: z.number(),
  description: z.string(),
  joined_at: z.string(),
  is_mine: z.boolean(),
});
export type ContestUser = z.infer<typeof contestUserSchema>;
export const contestUserParams = z.object({ id: idField });
export const contestUserListQuery = pageQuery.extend({
  type: z.enum(['public', 'private']).optional(),
});
export const contestUserListSchema = pageSchema(contestUserSchema);
export const descriptionSchema = z.strictObject({
  description: z.string({ error: textError }).trim().max(500, 'Use at most 500 characters.'),
});

export const leaderboardQuery = pageQuery.extend({
  contest: idField,
  /** Only this user's entry, with its rank in the whole contest. */
  user: idField.optional(),
});
export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  contest_user: z.number().int(),
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    avatar: z.string().nullable(),
  }),
  value: z.number().int(),
  return_ratio: z.number(),
});
export const leaderboardSchema = pageSchema(leaderboardEntrySchema);

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

export const orderSide = z.enum(['BUY', 'SELL']);
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
      .max(MAX_ORDER_SHARES, contestMessages.tooManyShares),
    limit_price: z.number().int().positive('Enter a positive limit price.').optional(),
  })
  .refine((value) => value.kind === 'market' || value.limit_price !== undefined, {
    message: contestMessages.limitRequired,
    path: ['limit_price'],
  })
  .refine((value) => value.kind === 'limit' || value.limit_price === undefined, {
    message: contestMessages.limitOnlyForLimit,
    path: ['limit_price'],
  });
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  contest_user: z.number().int(),
  security: z.number().int(),
  symbol: z.string(),
  order_type: orderSide,
  kind: z.enum(['market', 'limit']),
  quantity: z.number().int(),
  limit_price: z.number().int().nullable(),
  status: z.enum(['filled', 'pending', 'cancelled', 'rejected']),
  fill_price: z.number().int().nullable(),
  commission: z.number().int(),
  total: z.number().int().nullable(),
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
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
});
export type PortfolioStats = z.infer<typeof portfolioStatsSchema>;
