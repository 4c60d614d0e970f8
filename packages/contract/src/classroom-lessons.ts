import { z } from 'zod';
import { dateTimeField, idField } from './input.ts';
import { courseCategory } from './learn.ts';

/**
 * Lessons in a class (spec section 7 "Classrooms"): which of the live curriculum's lessons a
 * teacher enabled in a class and when each is due, every student's status, reminders, and the
 * teacher's statistics and overdue list. Scores are whole percents (0–100).
 */

/** A class may send one reminder per lesson in this many minutes. */
export const REMINDER_INTERVAL_MINUTES = 60;
/** At most this many lessons in one enable request (the curriculum is far smaller). */
export const MAX_LESSONS_PER_REQUEST = 200;

export const classroomLessonMessages = {
  unknownLesson: 'Lesson {id} does not exist or is no longer offered.',
  notEnabled: 'This lesson is not enabled in this class.',
  remindTooSoon:
    'A reminder for this lesson was sent less than an hour ago. You can send the next one at {at}.',
  nothingToChange: 'Send due_at, enabled or both.',
  dueAt: 'Enter a date and time, or null for no due date.',
} as const;

const dueAtField = dateTimeField(classroomLessonMessages.dueAt).nullable();

export const classroomLessonParams = z.object({ id: idField, lessonId: idField });

/** POST …/{id}/lessons/: enable these lessons (again), with one due date for all of them. */
export const enableLessonsBodySchema = z.strictObject({
  lessons: z.array(idField).min(1).max(MAX_LESSONS_PER_REQUEST),
  /** Omitted: lessons already enabled keep their due date; null clears it. */
  due_at: dueAtField.optional(),
});
export type EnableLessonsBody = z.infer<typeof enableLessonsBodySchema>;

/** PATCH …/{id}/lessons/{lessonId}/ */
export const updateClassroomLessonBodySchema = z
  .strictObject({ due_at: dueAtField.optional(), enabled: z.boolean().optional() })
  .refine((body) => body.due_at !== undefined || body.enabled !== undefined, {
    message: classroomLessonMessages.nothingToChange,
  });
export type UpdateClassroomLessonBody = z.infer<typeof updateClassroomLessonBodySchema>;

/** A student's standing in one lesson of the class. */
export const lessonStatus = z.enum(['not_started', 'in_progress', 'done', 'overdue']);
export type LessonStatus = z.infer<typeof lessonStatus>;

export const classroomLessonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  sub_title: z.string(),
  order: z.number().int(),
  minutes: z.number().int(),
  enabled: z.boolean(),
  due_at: z.string().nullable(),
  /** When the last reminder went out (teachers only; null for students). */
  reminded_at: z.string().nullable(),
  /** The viewing student's standing; null for the teacher. */
  status: lessonStatus.nullable(),
  best_percent: z.number().int().nullable(),
});
export type ClassroomLesson = z.infer<typeof classroomLessonSchema>;

export const classroomCourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: courseCategory,
  lessons: z.array(classroomLessonSchema),
});
export type ClassroomCourse = z.infer<typeof classroomCourseSchema>;

/**
 * GET …/{id}/courses/: every live course with its lessons for the teacher; for a student only
 * the lessons enabled in the class (and the courses that have some).
 */
export const classroomCoursesSchema = z.object({ results: z.array(classroomCourseSchema) });
export type ClassroomCourses = z.infer<typeof classroomCoursesSchema>;

/** A lesson's setting in a class: the answer to enabling and to PATCH. */
export const classroomLessonStateSchema = z.object({
  id: z.number().int(),
  enabled: z.boolean(),
  due_at: z.string().nullable(),
});
export type ClassroomLessonState = z.infer<typeof classroomLessonStateSchema>;

/** POST …/{id}/lessons/: the lessons just enabled. */
export const enabledLessonsSchema = z.object({ results: z.array(classroomLessonStateSchema) });

/** POST …/{id}/lessons/{lessonId}/remind/ */
export const reminderResultSchema = z.object({
  /** Of those, the students reached by mail too (an address, and reminders by mail wanted). */
  mailed: z.number().int(),
  /** Students reminded: each gets a notification in the app. */
  in_app: z.number().int(),
});
export type ReminderResult = z.infer<typeof reminderResultSchema>;

/**
 * POST …/{id}/statistics/: the class's enabled lessons of a course, or of every course in a
 * category, or of every course when both are left out.
 */
export const statisticsBodySchema = z.strictObject({
  course: idField.optional(),
  category: courseCategory.optional(),
});
export type StatisticsBody = z.infer<typeof statisticsBodySchema>;

/** Points earned by kind of source (teacher awards are `awards`). */
export const pointsEarnedSchema = z.object({
  lessons: z.number().int(),
  /** Learn-and-earn modules. */
  modules: z.number().int(),
  awards: z.number().int(),
  contests: z.number().int(),
  total: z.number().int(),
});
export type PointsEarned = z.infer<typeof pointsEarnedSchema>;

export const studentStatisticsSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** Enabled lessons in scope this student has completed. */
  completed: z.number().int(),
  /** Mean of the student's best score in each lesson in scope they attempted (null: none). */
  average_percent: z.number().int().nullable(),
  /**
   * Mean of the student's first-attempt score in each lesson in scope they attempted: beside
   * the best, it shows what a retry added (null: none).
   */
  first_attempt_percent: z.number().int().nullable(),
  best_percent: z.number().int().nullable(),
  attempts: z.number().int(),
  /** The spendable balance: points earned less points spent on rewards. */
  points: z.number().int(),
  /** Points earned, by kind of source; spending rewards does not lower them. */
  points_earned: pointsEarnedSchema,
  /** The student's latest quiz attempt at any lesson (null: never). */
  last_active: z.string().nullable(),
});
export type StudentStatistics = z.infer<typeof studentStatisticsSchema>;

export const statisticsSchema = z.object({
  /** How many enabled lessons are in scope: the "of n" of `completed`. */
  lessons: z.number().int(),
  results: z.array(studentStatisticsSchema),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/** POST …/{id}/overdue-lessons/: a course's (or every course's) overdue lessons. */
export const overdueBodySchema = z.strictObject({ course: idField.optional() });
export type OverdueBody = z.infer<typeof overdueBodySchema>;

export const overdueLessonSchema = z.object({
  student: z.object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  }),
  lesson: z.object({ id: z.number().int(), title: z.string(), course: z.string() }),
  due_at: z.string(),
  best_percent: z.number().int().nullable(),
});
export type OverdueLesson = z.infer<typeof overdueLessonSchema>;

export const overdueLessonsSchema = z.object({ results: z.array(overdueLessonSchema) });
export type OverdueLessons = z.infer<typeof overdueLessonsSchema>;
