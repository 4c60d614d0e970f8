import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ModuleCard, ModuleImage } from '@bullpen/contract/zogo';
import { at } from './columns.ts';
import { lessons } from './learn.ts';
import { users } from './users.ts';

/**
 * Learn-and-earn (spec section 7 "Zogo"): categories, skills and modules copied from
 * `content/modules/` at start-up, upserted by slug so ids stay stable, retired (never deleted)
 * when their file goes, so completions keep their module.
 */
export const zogoCategories = pgTable(
  'zogo_categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull(),
    name: text().notNull(),
    position: integer().notNull(),
  },
  (table) => [uniqueIndex('zogo_categories_slug_key').on(table.slug)],
);

export const zogoSkills = pgTable(
  'zogo_skills',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull(),
    name: text().notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => zogoCategories.id),
    position: integer().notNull(),
    retiredAt: at('retired_at'),
  },
  (table) => [uniqueIndex('zogo_skills_slug_key').on(table.slug)],
);

export const zogoModules = pgTable(
  'zogo_modules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull(),
    name: text().notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => zogoCategories.id),
    skillId: integer('skill_id')
      .notNull()
      .references(() => zogoSkills.id),
    points: integer().notNull(),
    image: text().$type<ModuleImage>().notNull(),
    minutes: integer().notNull(),
    /** Reading cards and questions in order; the answers stay on the server. */
    cards: jsonb().$type<ModuleCard[]>().notNull(),
    position: integer().notNull(),
    contentHash: text('content_hash').notNull(),
    retiredAt: at('retired_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('zogo_modules_slug_key').on(table.slug),
    index('zogo_modules_skill_idx').on(table.skillId),
    check('zogo_modules_points', sql`${table.points} between 1 and 100`),
  ],
);

/** Which lessons a module goes with (a lesson's `completed-modules` list). */
export const zogoModuleLessons = pgTable(
  'zogo_module_lessons',
  {
    moduleId: integer('module_id')
      .notNull()
      .references(() => zogoModules.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
  },
  (table) => [
    primaryKey({ columns: [table.moduleId, table.lessonId] }),
    index('zogo_module_lessons_lesson_idx').on(table.lessonId),
  ],
);

/** A module a user finished: once per user and module, with the points it paid then. */
export const zogoCompletions = pgTable(
  'zogo_completions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => zogoModules.id),
    points: integer().notNull(),
    completedAt: at('completed_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.moduleId] })],
);

/**
 * When a user was first served each card of a module (by position), and the answer checks
 * spent on it: a module pays only for cards played for a plausible time, and a question's
 * checks are counted (docs/decisions/029-paced-learn-and-earn-and-quiz-retries.md). Times and
 * counts only, no answers; seen by the server alone, kept as long as the user.
 */
export const zogoCardStarts = pgTable(
  'zogo_card_starts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => zogoModules.id, { onDelete: 'cascade' }),
    card: integer().notNull(),
    startedAt: at('started_at').notNull(),
    checks: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.moduleId, table.card] })],
);

/**
 * Each user's answer checks in their current one-minute window, in the database so every
 * server process counts the same ones. One row per user, overwritten each minute.
 */
export const zogoCheckWindows = pgTable('zogo_check_windows', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  windowStart: at('window_start').notNull(),
  checks: integer().notNull(),
});

/**
 * Module points a user earned on each UTC day: the daily cap is counted on this row, and its
 * row lock makes concurrent completions take their turn. Kept as long as the user.
 */
export const zogoDailyPoints = pgTable(
  'zogo_daily_points',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    points: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    check('zogo_daily_points_points', sql`${table.points} >= 0`),
  ],
);
