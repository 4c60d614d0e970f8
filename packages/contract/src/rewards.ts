import { z } from 'zod';
import { idField } from './input.ts';
import { pageQueryWith, pageSchema } from './pagination.ts';

/**
 * `/redeem` (spec section 1 "Redeem page for points"): platform rewards (avatar frames and
 * profile badges, shown in the header and on leaderboards) and rewards a teacher defines for
 * their class. A classroom reward becomes a request the teacher approves or declines
 * (declined: the points come back).
 */

export const REWARD_KINDS = ['frame', 'badge', 'classroom'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

export const REDEMPTION_STATUSES = [
  'done',
  'pending',
  'approved',
  'declined',
  'cancelled',
] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/**
 * The platform catalogue. Names and descriptions are in the web app's catalogues under
 * `redeem:platform.<slug>`; the server keeps an English name for history lines.
 */
export const PLATFORM_REWARDS = [
  { slug: 'frame-gold', kind: 'frame', cost: 300, name: 'Gold frame' },
  { slug: 'frame-emerald', kind: 'frame', cost: 200, name: 'Emerald frame' },
  { slug: 'frame-sky', kind: 'frame', cost: 100, name: 'Sky frame' },
  { slug: 'badge-saver', kind: 'badge', cost: 80, name: 'Super Saver badge' },
  { slug: 'badge-investor', kind: 'badge', cost: 120, name: 'Rising Investor badge' },
  { slug: 'badge-budget-boss', kind: 'badge', cost: 100, name: 'Budget Boss badge' },
  { slug: 'badge-scholar', kind: 'badge', cost: 150, name: 'Money Scholar badge' },
] as const satisfies readonly {
  slug: string;
  kind: 'frame' | 'badge';
  cost: number;
  name: string;
}[];
export type PlatformRewardSlug = (typeof PLATFORM_REWARDS)[number]['slug'];

export const REWARD_NAME_MAX = 80;
export const REWARD_DESCRIPTION_MAX = 300;
export const REWARD_COST_MAX = 10_000;
/** Rewards one class may have on sale at once. */
export const CLASSROOM_REWARDS_MAX = 50;

export const rewardMessages = {
  name: 'Give the reward a name.',
  nameTooLong: `A name can be at most ${REWARD_NAME_MAX} characters.`,
  descriptionTooLong: `A description can be at most ${REWARD_DESCRIPTION_MAX} characters.`,
  cost: `A cost is a whole number of points from 1 to ${REWARD_COST_MAX}.`,
  tooMany: `A class can have at most ${CLASSROOM_REWARDS_MAX} rewards.`,
  owned: 'You already have this reward.',
  notFound: 'Reward not found.',
  redemptionNotFound: 'Request not found.',
  notPending: 'This request has already been decided.',
  notOwned: 'Redeem this reward before you use it.',
  wrongKind: 'This reward cannot be used there.',
  frozen: 'This class is frozen.',
} as const;

/** A reward as the catalogue shows it to one user. */
export const rewardSchema = z.object({
  id: z.number().int(),
  kind: z.enum(REWARD_KINDS),
  /** Platform rewards: the catalogue key; null for a classroom reward. */
  slug: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  cost: z.number().int(),
  classroom: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Platform rewards: this user has it. */
  owned: z.boolean(),
  /** Classroom rewards: this user's requests waiting for the teacher. */
  pending: z.number().int(),
});
export type Reward = z.infer<typeof rewardSchema>;
export const rewardListSchema = z.array(rewardSchema);

export const rewardParams = z.object({ id: idField });
export const classroomRewardParams = z.object({ id: idField, rewardId: idField });

export const classroomRewardBody = z.strictObject({
  name: z
    .string({ error: rewardMessages.name })
    .trim()
    .min(1, rewardMessages.name)
    .max(REWARD_NAME_MAX, rewardMessages.nameTooLong),
  description: z
    .string()
    .trim()
    .max(REWARD_DESCRIPTION_MAX, rewardMessages.descriptionTooLong)
    .default(''),
  cost: z
    .number({ error: rewardMessages.cost })
    .int(rewardMessages.cost)
    .min(1, rewardMessages.cost)
    .max(REWARD_COST_MAX, rewardMessages.cost),
});
export type ClassroomRewardBody = z.input<typeof classroomRewardBody>;
export const classroomRewardPatch = classroomRewardBody.partial();

export const redemptionSchema = z.object({
  id: z.number().int(),
  reward: rewardSchema.pick({ id: true, kind: true, slug: true, name: true }),
  cost: z.number().int(),
  status: z.enum(REDEMPTION_STATUSES),
  classroom: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The student who asked (the teacher's queue shows it). */
  student: z.object({ id: z.number().int(), name: z.string() }),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

export const redeemResultSchema = z.object({
  redemption: redemptionSchema,
  available_points: z.number().int(),
});
export type RedeemResult = z.infer<typeof redeemResultSchema>;

export const REDEMPTIONS_PAGE_SIZE = 20;
export const redemptionsQuery = pageQueryWith(REDEMPTIONS_PAGE_SIZE).extend({
  status: z.enum(REDEMPTION_STATUSES, { error: 'Choose a status.' }).optional(),
});
export const redemptionsPageSchema = pageSchema(redemptionSchema);
export type RedemptionsPage = z.infer<typeof redemptionsPageSchema>;

/** What a user shows: one frame and one badge, each a platform reward they own, or none. */
export const equippedSchema = z.object({
  frame: z.string().nullable(),
  badge: z.string().nullable(),
});
export type Equipped = z.infer<typeof equippedSchema>;
export const equipBody = z.strictObject({
  frame: idField.nullable().optional(),
  badge: idField.nullable().optional(),
});
export type EquipBody = z.infer<typeof equipBody>;

/** `GET /api/rewards/equipped/of/?users=1,2,3`: what each listed user shows (at most 100). */
export const EQUIPPED_OF_MAX = 100;
export const equippedOfQuery = z.object({
  users: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',') : value),
    z
      .array(idField, { error: 'List user ids separated by commas.' })
      .min(1, 'List user ids separated by commas.')
      .max(EQUIPPED_OF_MAX, `List at most ${EQUIPPED_OF_MAX} users.`),
  ),
});
export const equippedOfSchema = z.array(equippedSchema.extend({ user: z.number().int() }));
export type EquippedOf = z.infer<typeof equippedOfSchema>;
