import { z } from 'zod';
import { pageQueryWith, pageSchema } from './pagination.ts';
import { idField } from './input.ts';

/**
 * The points ledger (docs/decisions/016). Every change is an entry with its source; the balance
 * (`GET /api/points/points/{userId}/`, spec section 3) is their sum and never negative, and one
 * source pays a user once however often it is sent.
 */

/** Where points come from, and where they go. */
export const POINTS_REASONS = [
  'module',
  'lesson',
  'contest',
  'award',
  'redemption',
  'refund',
] as const;
export type PointsReason = (typeof POINTS_REASONS)[number];

/** A passed lesson pays this once (the first time the lesson is completed). */
export const LESSON_POINTS = 50;
/** Finishing a contest in the top places pays, by place: 1st, 2nd, 3rd. */
export const CONTEST_PLACE_POINTS = [150, 100, 50] as const;
/** A contest needs at least this many players before its places pay. */
export const CONTEST_POINTS_MIN_PLAYERS = 3;

/** A teacher's award in a class: 1 to this many points, with a reason the student reads. */
export const AWARD_POINTS_MAX = 100;
export const AWARD_REASON_MAX = 200;
/** Points one teacher may award in 24 hours, over all their classes. */
export const AWARD_POINTS_PER_TEACHER_PER_DAY = 1000;

export const pointsMessages = {
  notEnough: (missing: number) =>
    `You need ${missing} more ${missing === 1 ? 'point' : 'points'} for this.`,
  awardPoints: `Award from 1 to ${AWARD_POINTS_MAX} points.`,
  awardReason: 'Say what the points are for.',
  awardReasonTooLong: `A reason can be at most ${AWARD_REASON_MAX} characters.`,
  awardCap: (left: number) =>
    `You can award ${left} more points today (at most ${AWARD_POINTS_PER_TEACHER_PER_DAY} a day).`,
  awardNotStudent: 'This student is not in the class.',
} as const;

/** One line of a user's history. */
export const pointsEntrySchema = z.object({
  id: z.number().int(),
  points: z.number().int(),
  reason: z.enum(POINTS_REASONS),
  /** What it was for: a module's or lesson's name, a contest, a teacher's words, a reward. */
  note: z.string(),
  /** The teacher who awarded it (awards only). */
  awarded_by: z.string().nullable(),
  created_at: z.string(),
});
export type PointsEntry = z.infer<typeof pointsEntrySchema>;

export const POINTS_HISTORY_PAGE_SIZE = 20;
export const pointsHistoryQuery = pageQueryWith(POINTS_HISTORY_PAGE_SIZE);
export const pointsHistoryPageSchema = pageSchema(pointsEntrySchema);
export type PointsHistoryPage = z.infer<typeof pointsHistoryPageSchema>;

/** `POST /api/classrooms/classrooms/{id}/points-awards/`: a teacher awards one student. */
export const pointsAwardBody = z.strictObject({
  student: idField,
  points: z
    .number({ error: pointsMessages.awardPoints })
    .int(pointsMessages.awardPoints)
    .min(1, pointsMessages.awardPoints)
    .max(AWARD_POINTS_MAX, pointsMessages.awardPoints),
  reason: z
    .string({ error: pointsMessages.awardReason })
    .trim()
    .min(1, pointsMessages.awardReason)
    .max(AWARD_REASON_MAX, pointsMessages.awardReasonTooLong),
});
export type PointsAwardBody = z.infer<typeof pointsAwardBody>;

export const pointsAwardSchema = z.object({
  entry: pointsEntrySchema,
  student: z.number().int(),
  /** What the teacher may still award today. */
  left_today: z.number().int(),
});
export type PointsAward = z.infer<typeof pointsAwardSchema>;

/** `GET …/classrooms/{id}/points-awards/`: what the class's teacher may still award today. */
export const pointsAllowanceSchema = z.object({
  left_today: z.number().int(),
  daily_max: z.number().int(),
});
export type PointsAllowance = z.infer<typeof pointsAllowanceSchema>;
