import { sql } from 'drizzle-orm';
import {
  check,
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
