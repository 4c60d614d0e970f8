import { z } from 'zod';
import { contestMessages } from './contest-messages.ts';
import { MARKET_SECTOR_NAMES, RULE_PRESET_NAMES, ruleMessages } from './contest-rules.ts';
import { messages } from './messages.ts';
import { dateTimeField, idField } from './input.ts';
import { pageQuery, pageSchema } from './pagination.ts';
import { textError } from './users.ts';

/**
 * Contests, membership (a member's portfolio, the contest user) and the leaderboard (spec
 * section 7 "Contests"); orders, holdings, values and statistics are in `trading.ts`. Money is
 * integer cents; ratios are fractions (0.05 = 5%).
 */
export { contestMessages } from './contest-messages.ts';
export {
  MARKET_SECTOR_NAMES,
  NO_RULES,
  RULE_PRESET_NAMES,
  RULE_PRESETS,
  resolveContestRules,
  ruleMessages,
  type ContestRules,
  type MarketSectorName,
  type RulePreset,
} from './contest-rules.ts';

const TICKER = /^[A-Z][A-Z0-9.-]{0,9}$/;

function unique(values: readonly string[]): boolean {
  return new Set(values).size === values.length;
}

const tickerList = z
  .array(
    z
      .string({ error: ruleMessages.tickerFormat })
      .trim()
      .toUpperCase()
      .regex(TICKER, ruleMessages.tickerFormat),
    { error: ruleMessages.tickerFormat },
  )
  .max(100, ruleMessages.tooManyTickers)
  .refine(unique, ruleMessages.tickerTwice);

const sectorList = z
  .array(z.enum(MARKET_SECTOR_NAMES, { error: ruleMessages.sectorName }), {
    error: ruleMessages.sectorName,
  })
  .refine(unique, ruleMessages.sectorTwice);

/** An empty "only these" list means no such rule. */
const emptyIsNull = <T>(list: T[] | null | undefined) =>
  list === undefined ? undefined : list === null || list.length === 0 ? null : list;

/**
 * A contest's trading rules (docs/decisions/046-contest-rule-packs.md). Each is optional: a
 * field left out takes the preset's value (`resolveContestRules` in contest-rules.ts), and no
 * preset means no rule.
 */
export const contestRulesShape = {
  rule_preset: z.enum(RULE_PRESET_NAMES, { error: ruleMessages.preset }).optional(),
  /** Largest weight of one position after a buy, in percent; null for no limit. */
  max_position_weight: z
    .number({ error: 'Enter a percentage.' })
    .int()
    .min(1, 'Enter a percentage from 1 to 100.')
    .max(100, 'Enter a percentage from 1 to 100.')
    .nullable()
    .optional(),
  allowed_symbols: tickerList.nullable().optional().transform(emptyIsNull),
  blocked_symbols: tickerList.optional(),
  allowed_sectors: sectorList.nullable().optional().transform(emptyIsNull),
  blocked_sectors: sectorList.optional(),
  /** Cents: from $0.01 to $1,000. */
  min_share_price: z
    .number({ error: ruleMessages.minSharePrice })
    .int(ruleMessages.minSharePrice)
    .min(1, ruleMessages.minSharePrice)
    .max(100_000, ruleMessages.minSharePrice)
    .nullable()
    .optional(),
  max_trades_per_day: z
    .number({ error: ruleMessages.maxTradesPerDay })
    .int(ruleMessages.maxTradesPerDay)
    .min(1, ruleMessages.maxTradesPerDay)
    .max(100, ruleMessages.maxTradesPerDay)
    .nullable()
    .optional(),
  min_holding_minutes: z
    .number({ error: ruleMessages.minHoldingMinutes })
    .int(ruleMessages.minHoldingMinutes)
    .min(1, ruleMessages.minHoldingMinutes)
    .max(43_200, ruleMessages.minHoldingMinutes)
    .nullable()
    .optional(),
};

/** PUT /api/contests/{id}/rules/: the owner (or the class's teacher) changes the rules. */
export const contestRulesSchema = z.strictObject(contestRulesShape);
export type ContestRulesInput = z.input<typeof contestRulesSchema>;

/** A contest's settings, every kind alike (a class contest has no visibility to choose). */
export const contestSettingsShape = {
  name: z.string({ error: textError }).trim().min(3, 'Use at least 3 characters.').max(80),
  description: z.string({ error: textError }).trim().max(2000).default(''),
  starts_at: dateTimeField('Enter a date and time.'),
  ends_at: dateTimeField('Enter a date and time.'),
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
  after_hours: z.enum(['queue', 'refuse']).default('queue'),
  /** The trade coach's notes on the order ticket (docs/decisions/047-trade-coach.md). */
  coach: z.boolean({ error: 'Say whether the coach is on: true or false.' }).default(true),
  ...contestRulesShape,
};

export const createContestSchema = z
  .strictObject({
    ...contestSettingsShape,
    visibility: z.enum(['public', 'private'], { error: 'Choose public or private.' }),
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
export function datesAreValid(payload: {
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

/**
 * The risk-adjusted board's setting as a contest carries it (risk-board.ts has the board, the
 * edit body and the messages, which only the pages that use them load).
 */
export const RISK_BOARD_MODES = ['off', 'sharpe', 'drawdown'] as const;
export type RiskBoardMode = (typeof RISK_BOARD_MODES)[number];
export const riskBoardSettingSchema = z.object({
  mode: z.enum(RISK_BOARD_MODES),
  /** Sharpe: the trading days a portfolio needs before it is ranked. */
  min_trading_days: z.number().int(),
  /** Drawdown: the largest fall from a peak a ranked portfolio may have had. */
  max_drawdown_bps: z.number().int(),
});
export type RiskBoardSetting = z.infer<typeof riskBoardSettingSchema>;

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
  rule_preset: z.enum(RULE_PRESET_NAMES),
  allowed_symbols: z.array(z.string()).nullable(),
  blocked_symbols: z.array(z.string()),
  allowed_sectors: z.array(z.enum(MARKET_SECTOR_NAMES)).nullable(),
  blocked_sectors: z.array(z.enum(MARKET_SECTOR_NAMES)),
  min_share_price: z.number().int().nullable(),
  max_trades_per_day: z.number().int().nullable(),
  min_holding_minutes: z.number().int().nullable(),
  status: contestStatus,
  is_challenge: z.boolean(),
  members_count: z.number().int(),
  is_owner: z.boolean(),
  /**
   * The viewer may change the trading rules, the coach, the risk-adjusted ranking and the
   * portfolios: the owner, or the teacher of a class contest's class.
   */
  can_manage: z.boolean(),
  /** The viewer's portfolio in this contest, when they have joined. */
  my_contest_user: z.number().int().nullable(),
  /** Shown to members only, so they can invite others. */
  join_code: z.string().nullable(),
  /** The class whose teacher started it (a class contest), or null. */
  classroom_id: z.number().int().nullable(),
  /**
   * Why orders are refused now besides the status (the class's teacher turned trading off),
   * as the server's English message; null while nothing else holds trading back.
   */
  trading_paused_reason: z.string().nullable(),
  /** Whether the order ticket shows the trade coach's notes. */
  coach: z.boolean(),
  /** The risk-adjusted board beside the value ranking (risk-board.ts). */
  risk_board: riskBoardSettingSchema,
});
export type Contest = z.infer<typeof contestSchema>;

export const contestParams = z.object({ id: idField });
export const freezeSchema = z.strictObject({
  frozen: z.boolean({ error: 'Say whether the contest is frozen: true or false.' }),
});

export { CONTEST_CHANNEL_PREFIX, contestChannel, LEADERBOARDS_CHANNEL } from './realtime.ts';
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
