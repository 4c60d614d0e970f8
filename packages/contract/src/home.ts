import { z } from 'zod';

/**
 * The signed-in home (`/home`): one small response per card. A card the existing API
 * already answers (notifications, the staff's teachers, inbox and outbox) reads that endpoint;
 * these are the cards none did. Every list is short: a card shows a few lines and links on.
 */

/** How many lines a home card lists at most. */
export const HOME_CARD_LINES = 5;
/** A student counts as inactive after this many days without signing in. */
export const HOME_INACTIVE_DAYS = 7;
/** How many leaders a class contest's card shows. */
export const HOME_LEADERS = 3;

const classroomRef = z.object({ id: z.number().int(), name: z.string() });

// Student cards

/** GET /api/home/lessons-due/: assigned lessons not passed yet, overdue first, then by date. */
export const homeLessonsDueSchema = z.object({
  results: z.array(
    z.object({
      lesson_id: z.number().int(),
      title: z.string(),
      course: z.string(),
      classroom: classroomRef,
      due_at: z.string(),
      overdue: z.boolean(),
    }),
  ),
});
export type HomeLessonsDue = z.infer<typeof homeLessonsDueSchema>;

const lessonRef = z.object({ lesson_id: z.number().int(), title: z.string(), course: z.string() });

/**
 * GET /api/home/courses/: where "Continue" leads (the last lesson tried and not passed, else the
 * next lesson of the last course), and the next lesson of each started course.
 */
export const homeCoursesSchema = z.object({
  continue: lessonRef.nullable(),
  results: z.array(
    z.object({
      course_id: z.number().int(),
      title: z.string(),
      completed: z.number().int(),
      lessons: z.number().int(),
      next: lessonRef.nullable(),
    }),
  ),
});
export type HomeCourses = z.infer<typeof homeCoursesSchema>;

/** GET /api/home/contests/: the student's class contests, their rank and value change. */
export const homeContestsSchema = z.object({
  results: z.array(
    z.object({
      contest_id: z.number().int(),
      name: z.string(),
      classroom: classroomRef,
      rank: z.number().int().nullable(),
      players: z.number().int(),
      value_cents: z.number().int(),
      change_cents: z.number().int(),
    }),
  ),
});
export type HomeContests = z.infer<typeof homeContestsSchema>;

/**
 * GET /api/home/points/: the balance, how many rewards it buys now, and the cheapest reward it
 * does not buy yet (with the points still missing), or null when it buys every one.
 */
export const homePointsSchema = z.object({
  available_points: z.number().int(),
  affordable: z.number().int(),
  next_reward: z
    .object({
      id: z.number().int(),
      name: z.string(),
      cost: z.number().int(),
      missing: z.number().int(),
    })
    .nullable(),
});
export type HomePoints = z.infer<typeof homePointsSchema>;

// Teacher cards

/** GET /api/home/classes/: each class taught, with its overdue work (students × lessons). */
export const homeClassesSchema = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      students: z.number().int(),
      overdue: z.number().int(),
      /** The lessons past due with students not done, most missing first (the remind action). */
      overdue_lessons: z.array(
        z.object({ lesson_id: z.number().int(), title: z.string(), missing: z.number().int() }),
      ),
    }),
  ),
});
export type HomeClasses = z.infer<typeof homeClassesSchema>;

/** GET /api/home/inactive-students/: the teacher's students not seen for HOME_INACTIVE_DAYS. */
export const homeInactiveStudentsSchema = z.object({
  count: z.number().int(),
  results: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      classroom: classroomRef,
      /** The day (YYYY-MM-DD) last seen: the column keeps only the day (auth/authenticate.ts). */
      last_active_on: z.string(),
    }),
  ),
});
export type HomeInactiveStudents = z.infer<typeof homeInactiveStudentsSchema>;

/** GET /api/home/reward-requests/: pending requests in the teacher's classes, newest first. */
export const homeRewardRequestsSchema = z.object({
  count: z.number().int(),
  results: z.array(
    z.object({
      id: z.number().int(),
      reward: z.string(),
      cost: z.number().int(),
      student: z.string(),
      classroom: classroomRef,
      created_at: z.string(),
    }),
  ),
});
export type HomeRewardRequests = z.infer<typeof homeRewardRequestsSchema>;

/** GET /api/home/reports/: reported board posts per class (the teacher reviews them there). */
export const homeReportsSchema = z.object({
  results: z.array(
    z.object({
      classroom: classroomRef,
      posts: z.number().int(),
      last_reported_at: z.string(),
    }),
  ),
});
export type HomeReports = z.infer<typeof homeReportsSchema>;

/** GET /api/home/leaders/: each running class contest's top HOME_LEADERS. */
export const homeLeadersSchema = z.object({
  results: z.array(
    z.object({
      contest_id: z.number().int(),
      name: z.string(),
      classroom: classroomRef,
      leaders: z.array(
        z.object({ rank: z.number().int(), name: z.string(), value_cents: z.number().int() }),
      ),
    }),
  ),
});
export type HomeLeaders = z.infer<typeof homeLeadersSchema>;

// Staff cards

/** GET /api/home/retention/: the retention job's last run (counts only), or null before one. */
export const homeRetentionSchema = z.object({
  last_run: z
    .object({
      finished_at: z.string(),
      deleted: z.number().int(),
      accounts_warned: z.number().int(),
      accounts_erased: z.number().int(),
    })
    .nullable(),
});
export type HomeRetention = z.infer<typeof homeRetentionSchema>;

// A guardian's cards

/** GET /api/home/children/{id}/: one followed child at a glance (the full view links on). */
export const homeChildSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  lessons_done: z.number().int(),
  lessons_due: z.number().int(),
  overdue: z.number().int(),
  certificates: z.number().int(),
  available_points: z.number().int(),
});
export type HomeChild = z.infer<typeof homeChildSchema>;
