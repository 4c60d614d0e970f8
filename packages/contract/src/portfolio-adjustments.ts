import { z } from 'zod';
import { hasNulCharacter, idField } from './input.ts';
import { formatCents } from './money.ts';

/**
 * A contest's managers (its owner, a class contest's teacher) adjust a student's cash or reset
 * portfolios, each with a reason written to the contest's history
 * (docs/decisions/049-portfolio-reset-and-cash-adjustment.md). Money in integer cents.
 */

/** The longest reason a manager may give. */
export const ADJUSTMENT_REASON_MAX = 200;
/** An adjustment is at most this many times the contest's starting cash, either way. */
export const ADJUSTMENT_STARTING_CASH_MULTIPLE = 10;

export const adjustmentMessages = {
  notManager: 'Only the contest’s owner or the class’s teacher can change portfolios.',
  notMember: 'This student is not in the contest.',
  zeroAmount: 'Enter an amount other than zero.',
  tooLarge: (limitCents: number) =>
    `An adjustment can be at most ${formatCents(limitCents)} either way.`,
  belowReserved: (availableCents: number) =>
    `This would take the cash below what pending orders set aside: at most ${formatCents(availableCents)} can be removed.`,
  oneOrAll: 'Choose one student or all of them.',
  reasonRequired: 'Say why, in a few words.',
  reasonTooLong: `Use at most ${ADJUSTMENT_REASON_MAX} characters.`,
  /** What a line's reason becomes when the student's account is erased. */
  reasonErased: 'Removed with the student’s account.',
} as const;

const reasonField = z
  .string({ error: adjustmentMessages.reasonRequired })
  .trim()
  .min(1, adjustmentMessages.reasonRequired)
  .max(ADJUSTMENT_REASON_MAX, adjustmentMessages.reasonTooLong)
  .refine((value) => !hasNulCharacter(value), adjustmentMessages.reasonRequired);

/** Whole cents, signed; the contest's limit is checked by the server, which knows it. */
const amountField = z
  .number({ error: 'Enter the amount in cents.' })
  .int('Enter the amount in cents.')
  .min(-Number.MAX_SAFE_INTEGER, 'Enter the amount in cents.')
  .max(Number.MAX_SAFE_INTEGER, 'Enter the amount in cents.')
  .refine((value) => value !== 0, adjustmentMessages.zeroAmount);

export const adjustmentParams = z.object({ id: idField });

/** POST /api/contests/{id}/adjustments/: add (positive) or remove (negative) cash. */
export const cashAdjustmentSchema = z.strictObject({
  contest_user: idField,
  amount: amountField,
  reason: reasonField,
});
export type CashAdjustmentInput = z.input<typeof cashAdjustmentSchema>;

/** POST /api/contests/{id}/resets/: reset one student's portfolio, or every member's. */
export const portfolioResetSchema = z
  .strictObject({
    contest_user: idField.optional(),
    all: z.literal(true, { error: adjustmentMessages.oneOrAll }).optional(),
    reason: reasonField,
  })
  .refine((body) => (body.contest_user === undefined) !== (body.all === undefined), {
    message: adjustmentMessages.oneOrAll,
    path: ['non_field_errors'],
  });
export type PortfolioResetInput = z.input<typeof portfolioResetSchema>;

export const adjustmentSchema = z.object({
  id: z.number().int(),
  contest_user: z.number().int(),
  /** The student's first name and username, for the managers' list. */
  member: z.object({ username: z.string(), first_name: z.string() }),
  kind: z.enum(['reset', 'cash']),
  /** Cash added (negative: removed); for a reset, the change that brought cash back. */
  amount: z.number().int(),
  /** A reset's mark: the portfolio's orders up to this id came before it (0 for cash). */
  last_order: z.number().int(),
  /** The portfolio's value just before. */
  value_before: z.number().int(),
  reason: z.string(),
  /** Who did it: null once their account is erased. */
  actor: z.object({ username: z.string(), first_name: z.string() }).nullable(),
  created_at: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const adjustmentListSchema = z.object({ results: z.array(adjustmentSchema) });
export type AdjustmentList = z.infer<typeof adjustmentListSchema>;

/** What a reset request did: the lines written, one per portfolio reset. */
export const resetResultSchema = z.object({ results: z.array(adjustmentSchema) });
export type ResetResult = z.infer<typeof resetResultSchema>;

export const adjustmentListQuery = z.object({ contest_user: idField.optional() });
