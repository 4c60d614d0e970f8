import { z } from 'zod';
import { RISK_BOARD_MODES, riskBoardSettingSchema, type RiskBoardSetting } from './contests.ts';
import { pageQuery, pageSchema } from './pagination.ts';

/**
 * The risk-adjusted board (docs/decisions/050-risk-adjusted-board.md): a contest option that
 * ranks portfolios, beside the value ranking, by their Sharpe ratio over the contest or by
 * their return among those whose largest fall stayed within a limit. Figures are measured at
 * each close. Ratios are fractions (0.05 = 5%); drawdowns in basis points (2000 = 20%).
 */

export const DEFAULT_MIN_TRADING_DAYS = 5;
export const MIN_TRADING_DAYS_RANGE = { min: 1, max: 60 } as const;
export const DEFAULT_MAX_DRAWDOWN_BPS = 2000;
export const MAX_DRAWDOWN_BPS_RANGE = { min: 100, max: 9000 } as const;

export const riskBoardMessages = {
  mode: 'Choose off, sharpe or drawdown.',
  minTradingDays: `Enter a whole number of trading days from ${MIN_TRADING_DAYS_RANGE.min} to ${MIN_TRADING_DAYS_RANGE.max}.`,
  maxDrawdown: `Enter a drawdown limit from ${MAX_DRAWDOWN_BPS_RANGE.min} to ${MAX_DRAWDOWN_BPS_RANGE.max} basis points (1% to 90%).`,
  notEditor: "Only the contest's owner or its class's teacher can change its risk-adjusted board.",
  ended: 'The contest has ended: its risk board can no longer change.',
  off: 'This contest has no risk-adjusted board.',
} as const;

/** A contest without the board (every contest until its owner turns it on). */
export const RISK_BOARD_OFF: RiskBoardSetting = {
  mode: 'off',
  min_trading_days: DEFAULT_MIN_TRADING_DAYS,
  max_drawdown_bps: DEFAULT_MAX_DRAWDOWN_BPS,
};

/** The owner's or class teacher's change; fields left out keep their value. */
export const riskBoardSettingBody = z.strictObject({
  mode: z.enum(RISK_BOARD_MODES, { error: riskBoardMessages.mode }),
  min_trading_days: z
    .number({ error: riskBoardMessages.minTradingDays })
    .int(riskBoardMessages.minTradingDays)
    .min(MIN_TRADING_DAYS_RANGE.min, riskBoardMessages.minTradingDays)
    .max(MIN_TRADING_DAYS_RANGE.max, riskBoardMessages.minTradingDays)
    .optional(),
  max_drawdown_bps: z
    .number({ error: riskBoardMessages.maxDrawdown })
    .int(riskBoardMessages.maxDrawdown)
    .min(MAX_DRAWDOWN_BPS_RANGE.min, riskBoardMessages.maxDrawdown)
    .max(MAX_DRAWDOWN_BPS_RANGE.max, riskBoardMessages.maxDrawdown)
    .optional(),
});
export type RiskBoardSettingBody = z.infer<typeof riskBoardSettingBody>;

export const riskBoardQuery = pageQuery;

/**
 * One line. `rank` is null for a line that is not ranked: one with fewer than the trading
 * days (`status` "needs_days": on the drawdown board, no close yet) or, on the drawdown board,
 * one past the limit (`status` "past_limit"); unranked lines follow the ranked ones, in the
 * value ranking's order.
 */
export const riskBoardLineSchema = z.object({
  rank: z.number().int().nullable(),
  status: z.enum(['ranked', 'needs_days', 'past_limit']),
  contest_user: z.number().int(),
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    avatar: z.string().nullable(),
  }),
  /** The value and return at the last close measured (the starting cash before any). */
  value: z.number().int(),
  return_ratio: z.number(),
  /** Mean daily return over its sample deviation, × √252; null when it cannot be measured. */
  sharpe_ratio: z.number().nullable(),
  max_drawdown_bps: z.number().int(),
  trading_days: z.number().int(),
});
export type RiskBoardLine = z.infer<typeof riskBoardLineSchema>;

export const riskBoardSchema = pageSchema(riskBoardLineSchema).extend({
  setting: riskBoardSettingSchema,
});
export type RiskBoard = z.infer<typeof riskBoardSchema>;
