import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RedemptionStatus, RewardKind } from '@bullpen/contract/rewards';
import { at } from './columns.ts';
import { classrooms } from './classrooms.ts';
import { users } from './users.ts';

/**
 * What points buy: platform rewards (avatar frames and profile badges, `classroomId` null,
 * kept in step with the contract's catalogue by slug) and the rewards a teacher defines for
 * one class. A reward taken off sale is retired, never deleted, so its redemptions keep it.
 */
export const rewards = pgTable(
  'rewards',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().$type<RewardKind>().notNull(),
    /** Platform rewards only: the catalogue's key (the web app names and draws it by slug). */
    slug: text(),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    cost: integer().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    retiredAt: at('retired_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('rewards_slug_key')
      .on(table.slug)
      .where(sql`${table.slug} is not null`),
    index('rewards_classroom_idx').on(table.classroomId),
    check('rewards_cost_positive', sql`${table.cost} > 0`),
    check(
      'rewards_platform_or_classroom',
      sql`(${table.classroomId} is null) = (${table.slug} is not null)`,
    ),
  ],
);

/**
 * One purchase. A platform reward is `done` at once and owned for good (once per user); a
 * classroom reward is `pending` until its teacher approves it or declines it (points back),
 * or the student cancels it (points back).
 */
export const redemptions = pgTable(
  'redemptions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id),
    /** Copied from the reward: the class whose teacher decides (null for platform rewards). */
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'cascade' }),
    /** What it cost at the time, in points. */
    cost: integer().notNull(),
    status: text().$type<RedemptionStatus>().notNull(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('redemptions_platform_once_key')
      .on(table.userId, table.rewardId)
      .where(sql`${table.classroomId} is null`),
    index('redemptions_user_idx').on(table.userId, table.id),
    index('redemptions_classroom_status_idx').on(table.classroomId, table.status, table.id),
    check('redemptions_cost_positive', sql`${table.cost} > 0`),
  ],
);

/** The frame and badge a user shows (each one they own, or none). */
export const rewardEquips = pgTable('reward_equips', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  frameRewardId: integer('frame_reward_id').references(() => rewards.id),
  badgeRewardId: integer('badge_reward_id').references(() => rewards.id),
});
