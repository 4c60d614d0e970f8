import { z } from 'zod';
import { dateField, idField } from './input.ts';
import { pointsAwardBody } from './points.ts';

/**
 * The gradebook of a class (its teacher only): every student × every lesson enabled in the
 * class, with the first-attempt and best scores, attempts, the completion date and whether it
 * was late; its CSV and XLSX export; a per-student report (PDF) for a parent conference; and
 * bulk actions (award points to several students at once, remind several students of a lesson).
 * Scores are whole percents (0–100); dates are ISO 8601 in UTC.
 */

/** At most this many students in one bulk action (a class is never larger). */
export const MAX_BULK_STUDENTS = 500;
export const GRADEBOOK_FORMATS = ['csv', 'xlsx'] as const;
export type GradebookFormat = (typeof GRADEBOOK_FORMATS)[number];

export const gradebookMessages = {
  date: 'Enter a date as YYYY-MM-DD.',
  range: 'The start date must be on or before the end date.',
  chooseStudents: 'Choose at least one student.',
  tooManyStudents: `Choose at most ${MAX_BULK_STUDENTS} students.`,
  notStudents: 'Some of these students are not in the class.',
  format: 'Choose csv or xlsx.',
  allDone: 'Every student you chose has already completed this lesson.',
} as const;

const dayField = dateField(gradebookMessages.date);

/**
 * The filters, in the query string: the class's lessons of one course (left out: every
 * course), and a date range (inclusive, UTC days) that keeps a lesson whose due date is in it
 * and, of the other lessons, the cells completed in it.
 */
export const gradebookQuery = z
  .strictObject({
    course: idField.optional(),
    from: dayField.optional(),
    to: dayField.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: gradebookMessages.range,
    path: ['to'],
  });
export type GradebookQuery = z.infer<typeof gradebookQuery>;

export const gradebookExportQuery = z
  .strictObject({
    format: z.enum(GRADEBOOK_FORMATS, { error: gradebookMessages.format }),
    course: idField.optional(),
    from: dayField.optional(),
    to: dayField.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: gradebookMessages.range,
    path: ['to'],
  });
export type GradebookExportQuery = z.infer<typeof gradebookExportQuery>;

export const gradebookStudentParams = z.object({ id: idField, userId: idField });

export const gradebookLessonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  course: z.object({ id: z.number().int(), title: z.string() }),
  due_at: z.string().nullable(),
});
export type GradebookLesson = z.infer<typeof gradebookLessonSchema>;

/** One student in one lesson. */
export const gradebookCellSchema = z.object({
  lesson: z.number().int(),
  /** The first attempt's score (null: never attempted). */
  first_percent: z.number().int().nullable(),
  best_percent: z.number().int().nullable(),
  attempts: z.number().int(),
  completed_at: z.string().nullable(),
  /** Completed after the due date, or past due and not completed. */
  late: z.boolean(),
});
export type GradebookCell = z.infer<typeof gradebookCellSchema>;

export const gradebookStudentSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** One per lesson of `lessons`, in the same order. */
  cells: z.array(gradebookCellSchema),
});
export type GradebookStudent = z.infer<typeof gradebookStudentSchema>;

export const gradebookSchema = z.object({
  lessons: z.array(gradebookLessonSchema),
  students: z.array(gradebookStudentSchema),
});
export type Gradebook = z.infer<typeof gradebookSchema>;

/** POST …/{id}/gradebook/points-awards/: the same points and reason for every student. */
export const bulkAwardBody = z.strictObject({
  students: z
    .array(idField)
    .min(1, gradebookMessages.chooseStudents)
    .max(MAX_BULK_STUDENTS, gradebookMessages.tooManyStudents),
  points: pointsAwardBody.shape.points,
  reason: pointsAwardBody.shape.reason,
});
export type BulkAwardBody = z.infer<typeof bulkAwardBody>;

export const bulkAwardSchema = z.object({
  /** The students awarded, each once. */
  students: z.array(z.number().int()),
  points: z.number().int(),
  /** What the teacher may still award today. */
  left_today: z.number().int(),
});
export type BulkAward = z.infer<typeof bulkAwardSchema>;

/** POST …/{id}/gradebook/reminders/: remind these students (those not done) of a lesson. */
export const bulkRemindBody = z.strictObject({
  lesson: idField,
  students: z
    .array(idField)
    .min(1, gradebookMessages.chooseStudents)
    .max(MAX_BULK_STUDENTS, gradebookMessages.tooManyStudents),
});
export type BulkRemindBody = z.infer<typeof bulkRemindBody>;
