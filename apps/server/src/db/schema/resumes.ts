import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { classrooms } from './classrooms.ts';
import { at } from './columns.ts';
import { users } from './users.ts';

/**
 * A student's résumé written in a class (rich-text fields, sanitised HTML). It belongs to the
 * student: deleting the class clears the link and keeps the résumé.
 */
export const resumes = pgTable(
  'resumes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    classroomId: integer('classroom_id').references(() => classrooms.id, {
      onDelete: 'set null',
    }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    summary: text().notNull(),
    education: text().notNull(),
    experience: text().notNull(),
    skills: text().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    // One résumé per student and class: writing again updates it.
    uniqueIndex('resumes_classroom_user_key').on(table.classroomId, table.userId),
    index('resumes_user_idx').on(table.userId),
  ],
);

/** The teacher's comments on a résumé, and the student's answers. */
export const resumeComments = pgTable(
  'resume_comments',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resumeId: integer('resume_id')
      .notNull()
      .references(() => resumes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('resume_comments_resume_idx').on(table.resumeId, table.id)],
);
