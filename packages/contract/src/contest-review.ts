import { z } from 'zod';
import { idField } from './input.ts';

/**
 * A student's one-page review of a contest once it has ended (docs/features.md "Contest
 * review"): what the portfolio made against holding an index fund, the fees paid, the best and
 * worst decisions (each stock's whole profit or loss), and how spread out the portfolio was
 * over time. Money in cents; ratios are fractions (0.05 = 5%).
 */
export const reviewMessages = {
  notEnded: 'The review is ready when the contest ends.',
  notYours: 'Only the student and the contest’s owner can see this review.',
} as const;

export const reviewParams = z.object({ id: idField });

export const reviewDecisionSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** Sales, dividends and the value still held at the end, less what the shares cost. */
  profit: z.number().int(),
  /** What the buys cost, commissions included. */
  bought: z.number().int(),
  shares_at_end: z.number().int(),
});
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

export const reviewPointSchema = z.object({
  /** The trading day (YYYY-MM-DD), at its close. */
  date: z.string(),
  value: z.number().int(),
  holdings: z.number().int(),
  /** The largest holding's share of the portfolio's value. */
  largest_weight_ratio: z.number(),
  cash_ratio: z.number(),
});
export type ReviewPoint = z.infer<typeof reviewPointSchema>;

export const contestReviewSchema = z.object({
  contest: z.object({
    id: z.number().int(),
    name: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
  }),
  starting_cash: z.number().int(),
  final_value: z.number().int(),
  return_ratio: z.number(),
  /**
   * The starting cash put evenly into the market's index funds (the sector funds, which together
   * hold the whole S&P 500) at the start and held to the end, without fees.
   */
  index_funds: z
    .object({
      symbols: z.array(z.string()),
      final_value: z.number().int(),
      return_ratio: z.number(),
    })
    .nullable(),
  trades: z.number().int(),
  commissions: z.number().int(),
  dividends: z.number().int(),
  /**
   * Cash the contest's managers added (negative: removed) since the portfolio's last reset
   * (docs/decisions/049-portfolio-reset-and-cash-adjustment.md).
   */
  adjustments: z.number().int(),
  /** When the portfolio was last reset by its teacher: the review counts from then. */
  reset_at: z.string().nullable(),
  best: z.array(reviewDecisionSchema),
  worst: z.array(reviewDecisionSchema),
  diversification: z.array(reviewPointSchema),
});
export type ContestReview = z.infer<typeof contestReviewSchema>;
