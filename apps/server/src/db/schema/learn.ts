import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CourseCategory, Decision, NumberUnit, Source } from '@bullpen/contract/learn';
import { at } from './columns.ts';
import { users } from './users.ts';

/**
 * The curriculum as the server serves it: copied from `content/courses/` at start-up, upserted
 * by slug so ids stay stable (classrooms assign lessons by id). A course or lesson whose file
 * is gone is retired (hidden), never deleted, so attempts and progress keep their lesson.
 */
export const courses = pgTable(
  'courses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    category: text().$type<CourseCategory>().notNull(),
    gradeMin: integer('grade_min').notNull(),
    gradeMax: integer('grade_max').notNull(),
    passPercent: integer('pass_percent').notNull(),
    position: integer().notNull(),
    sources: jsonb().$type<Source[]>().notNull(),
    /** Hash of the file's content: an unchanged course is not rewritten at start-up. */
    contentHash: text('content_hash').notNull(),
    retiredAt: at('retired_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('courses_slug_key').on(table.slug)],
);

/** A quiz item as stored: the answers stay on the server until an attempt is graded. */
export type StoredQuizItem =
  | {
      id: string;
      type: 'choice';
      question: string;
      choices: string[];
      /** Why each choice is wrong (the mistake it stands for), null for the right one. */
      whys?: (string | null)[];
      answer: number;
      explanation: string;
    }
  | {
      id: string;
      type: 'number';
      question: string;
      answer: number;
      tolerance: number;
      unit: NumberUnit;
      explanation: string;
    };

export const lessons = pgTable(
  'lessons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    /** Order inside its course (the file's `NN-` prefix). */
    position: integer().notNull(),
    title: text().notNull(),
    subTitle: text('sub_title').notNull(),
    minutes: integer().notNull(),
    objectives: jsonb().$type<string[]>().notNull(),
    /** The reading, rendered from Markdown and sanitised. */
    html: text().notNull(),
    tryIt: jsonb('try_it').$type<{ path: string; label: string }>().notNull(),
    /** The national standards it teaches, each with its statement (content/standards.yaml). */
    standards: jsonb().$type<{ code: string; title: string }[]>().notNull().default([]),
    /** A decision scenario worked out in numbers, or null. */
    decision: jsonb().$type<Decision>(),
    quiz: jsonb().$type<StoredQuizItem[]>().notNull(),
    contentHash: text('content_hash').notNull(),
    retiredAt: at('retired_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lessons_slug_key').on(table.slug),
    index('lessons_course_idx').on(table.courseId, table.position),
  ],
);

/** The result of one question in a graded attempt, as it was graded. */
export type StoredQuestionResult = {
  item: string;
  correct: boolean;
  given: number;
  answer: number;
  explanation: string;
  /** Why the given choice is wrong, when the lesson says (absent in older attempts). */
  why?: string | null;
};

/** Every graded quiz attempt; a student may retry as often as they like. */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
    answers: jsonb().$type<Record<string, number>>().notNull(),
    results: jsonb().$type<StoredQuestionResult[]>().notNull(),
    score: integer().notNull(),
    total: integer().notNull(),
    percent: integer().notNull(),
    passed: boolean().notNull(),
    /**
     * Whether the answer to this attempt names the right answers: once the lesson is passed,
     * or when every question of the lesson's bank was in an earlier attempt (none unseen is left).
     */
    answersShown: boolean('answers_shown').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('quiz_attempts_idempotency_key')
      .on(table.userId, table.lessonId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('quiz_attempts_user_lesson_idx').on(table.userId, table.lessonId, table.createdAt),
    check('quiz_attempts_score', sql`${table.score} between 0 and ${table.total}`),
  ],
);

/**
 * The questions a user's next attempt at a lesson answers, drawn by the server when the lesson
 * is opened (unseen first, then least recently asked). One row per user and lesson, locked while
 * an attempt is graded; the attempt closes it (`open` false) and the next opening draws again.
 * Question ids only, seen by the server alone, kept as long as the user (deleted with them).
 */
export const quizDraws = pgTable(
  'quiz_draws',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
    questions: jsonb().$type<string[]>().notNull(),
    open: boolean().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] })],
);

/**
 * A user's progress in one lesson, from the first attempt: the best score so far and, once an
 * attempt passed, when the lesson was completed (never undone by a later, worse attempt).
 */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
    bestPercent: integer('best_percent').notNull(),
    /** The first attempt's score, never changed: the teacher sees it beside the best. */
    firstPercent: integer('first_percent'),
    attempts: integer().notNull(),
    completedAt: at('completed_at'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] })],
);
