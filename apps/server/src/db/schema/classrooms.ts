import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { courses, lessons } from './learn.ts';
import { users } from './users.ts';

/**
 * A teacher's class. Deleting it removes the class, its memberships, assignments and posts
 * for everyone; what students own (their lesson progress, résumés, certificates) stays, with
 * the class link cleared where they kept one.
 */
export const classrooms = pgTable(
  'classrooms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    grade: text().notNull().default(''),
    subject: text().notNull().default(''),
    school: text().notNull().default(''),
    description: text().notNull().default(''),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What students type on /join-classroom (unique, case-insensitive). */
    joinCode: text('join_code').notNull(),
    /** While set: no joins, posts or résumé submissions. */
    frozenAt: at('frozen_at'),
    /** The teacher's switch: while false, orders in the class's contests are refused. */
    tradingEnabled: boolean('trading_enabled').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('classrooms_join_code_key').on(sql`upper(${table.joinCode})`),
    index('classrooms_teacher_idx').on(table.teacherId, table.id),
  ],
);

/** The students of a class (its teacher is `classrooms.teacher_id`, not a member row). */
export const classroomMembers = pgTable(
  'classroom_members',
  {
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: at('joined_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.classroomId, table.userId] }),
    index('classroom_members_user_idx').on(table.userId),
  ],
);

/** Lessons a teacher enabled in a class, with their due dates. */
export const classroomLessons = pgTable(
  'classroom_lessons',
  {
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
    enabled: boolean().notNull().default(true),
    dueAt: at('due_at'),
    /** The last reminder mailed for this lesson: at most one an hour. */
    remindedAt: at('reminded_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.classroomId, table.lessonId] })],
);

/** The class discussion board. */
export const classroomPosts = pgTable(
  'classroom_posts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text after sanitising, at most 500 characters; erased ('') when deleted. */
    message: text().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /**
     * Set when the teacher or the author deleted the post: the text is erased and the post
     * leaves the board, but the row stays so the posting limit still counts it.
     */
    deletedAt: at('deleted_at'),
  },
  (table) => [
    index('classroom_posts_classroom_idx').on(table.classroomId, table.id),
    // The per-user posting limit reads a user's latest posts; deleting a user finds theirs.
    index('classroom_posts_user_idx').on(table.userId, table.id),
  ],
);

/**
 * A student the teacher muted on the class's board until `mutedUntil`. One row per student
 * and class; an expired row has no effect and is erased the next time the class's mutes are
 * written or the student posts (docs/decisions/032-board-moderation.md).
 */
export const classroomMutes = pgTable(
  'classroom_mutes',
  {
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedUntil: at('muted_until').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.classroomId, table.userId] }),
    index('classroom_mutes_user_idx').on(table.userId),
  ],
);

/**
 * A member's report of a post to the class's teacher: one per post and reporter (a repeat is
 * a no-op). Only the teacher reads them, without the reporters' names; they are erased when
 * the post is deleted or the teacher dismisses them.
 */
export const classroomPostReports = pgTable(
  'classroom_post_reports',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => classroomPosts.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    /** Plain text, at most CLASSROOM_REPORT_REASON_MAX characters; '' when none was given. */
    reason: text().notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.reporterId] }),
    index('classroom_post_reports_classroom_idx').on(table.classroomId, table.postId),
    index('classroom_post_reports_reporter_idx').on(table.reporterId),
  ],
);

/**
 * A course certificate granted to a student in a class. The names are copied when it is
 * granted, so the public verification page still confirms it after the class is deleted.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The public verification code (/public/certificates/{code}). */
    code: text().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    classroomId: integer('classroom_id').references(() => classrooms.id, {
      onDelete: 'set null',
    }),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    studentName: text('student_name').notNull(),
    courseTitle: text('course_title').notNull(),
    classroomName: text('classroom_name').notNull(),
    teacherName: text('teacher_name').notNull(),
    grantedAt: at('granted_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('certificates_code_key').on(table.code),
    // One certificate per student, course and class (a re-grant is a no-op).
    uniqueIndex('certificates_user_course_classroom_key').on(
      table.userId,
      table.courseId,
      table.classroomId,
    ),
    index('certificates_classroom_idx').on(table.classroomId),
  ],
);
