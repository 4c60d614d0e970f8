import { HOME_CARD_LINES, HOME_INACTIVE_DAYS, HOME_LEADERS } from '@bullpen/contract/home';
import type { Executor } from '../db/connection.ts';
import {
  classroomsStudiedBy,
  classroomsTaughtBy,
  membersOfClassrooms,
} from '../classrooms/core/queries.ts';
import { dueLessonSettings } from '../classrooms/lessons/queries.ts';
import { dueLessonsOfStudent } from '../classrooms/lessons/service.ts';
import { reportedPostSummaries } from '../classrooms/posts/moderation-queries.ts';
import { classroomContestIds } from '../contests/catalogue-queries.ts';
import { leaderboardPage, myContestUsers } from '../contests/members-queries.ts';
import { findContest, type ContestRow } from '../contests/queries.ts';
import {
  findLiveLessons,
  liveLessonsOf,
  progressByRecency,
  progressOfUsers,
  type CourseRow,
  type LessonRow,
} from '../learn/queries.ts';
import { availablePoints } from '../points/service.ts';
import { lastRetentionRun, type RetentionRecord } from '../privacy/retention.ts';
import {
  countRedemptions,
  redemptionsPage,
  type RedemptionWithReward,
} from '../rewards/queries.ts';
import { rewardCatalogue } from '../rewards/service.ts';
import { findUsersByIds, type UserRow } from '../users/queries.ts';
import { isInactiveSince } from './policies.ts';

type ClassroomRef = { id: number; name: string };
type LessonInCourse = { lesson: LessonRow; course: CourseRow };

/** Live lessons by id (a retired lesson is shown to no one). */
function liveLessons(db: Executor, ids: number[]): Promise<Map<number, LessonInCourse>> {
  return findLiveLessons(db, ids);
}

export type DueLesson = LessonInCourse & { classroom: ClassroomRef; dueAt: Date; overdue: boolean };

/** The student's assigned lessons with a due date, not passed yet: overdue first, then soonest. */
export async function lessonsDue(db: Executor, student: UserRow, now: Date): Promise<DueLesson[]> {
  const due = await dueLessonsOfStudent(db, student.id, now);
  const names = new Map(
    (await classroomsStudiedBy(db, student.id)).map((classroom) => [classroom.id, classroom]),
  );
  return due.slice(0, HOME_CARD_LINES).map(({ lesson, course, classroomId, dueAt, overdue }) => ({
    lesson,
    course,
    classroom: names.get(classroomId)!,
    dueAt,
    overdue,
  }));
}

export type CourseStep = {
  course: CourseRow;
  completed: number;
  lessons: number;
  next: LessonInCourse | null;
};

/**
 * "Continue": the lesson tried last and not passed; else the next lesson (in course order) of
 * the course tried last. And each started course with its next lesson not passed.
 */
export async function courseSteps(
  db: Executor,
  student: UserRow,
): Promise<{ resume: LessonInCourse | null; courses: CourseStep[] }> {
  const progress = await progressByRecency(db, student.id);
  const tried = await liveLessons(
    db,
    progress.map((row) => row.lessonId),
  );
  // Courses in the order the student last worked in them.
  const courseOrder: CourseRow[] = [];
  for (const row of progress) {
    const course = tried.get(row.lessonId)?.course;
    if (course && !courseOrder.some((seen) => seen.id === course.id)) courseOrder.push(course);
  }
  const lessons = await liveLessonsOf(
    db,
    courseOrder.map((course) => course.id),
  );
  const passed = new Set(progress.filter((row) => row.completedAt).map((row) => row.lessonId));
  const steps = courseOrder.map((course) => {
    const ofCourse = lessons.filter((lesson) => lesson.courseId === course.id);
    const next = ofCourse.find((lesson) => !passed.has(lesson.id));
    return {
      course,
      completed: ofCourse.filter((lesson) => passed.has(lesson.id)).length,
      lessons: ofCourse.length,
      next: next ? { lesson: next, course } : null,
    };
  });
  const lastOpen = progress.find((row) => !row.completedAt && tried.has(row.lessonId));
  const resume = lastOpen
    ? tried.get(lastOpen.lessonId)!
    : (steps.find((step) => step.next)?.next ?? null);
  return { resume, courses: steps.filter((step) => step.next).slice(0, HOME_CARD_LINES) };
}

export type ContestStanding = {
  contest: ContestRow;
  classroom: ClassroomRef;
  rank: number | null;
  players: number;
  valueCents: number;
};

/** The student's class contests (not ended first), each with their rank and value. */
export async function classContestStandings(
  db: Executor,
  student: UserRow,
): Promise<ContestStanding[]> {
  const classes = new Map(
    (await classroomsStudiedBy(db, student.id)).map((classroom) => [classroom.id, classroom]),
  );
  const standings: ContestStanding[] = [];
  for (const { contestUser } of await myContestUsers(db, student.id)) {
    const contest = await findContest(db, contestUser.contestId);
    const classroom = contest?.classroomId == null ? undefined : classes.get(contest.classroomId);
    if (!contest || !classroom) continue;
    const { rows } = await leaderboardPage(db, contest, { offset: 0, limit: 0 }, student.id);
    const { count } = await leaderboardPage(db, contest, { offset: 0, limit: 0 });
    standings.push({
      contest,
      classroom,
      rank: rows[0]?.rank ?? null,
      players: count,
      valueCents: contestUser.valueCents,
    });
  }
  return standings.slice(0, HOME_CARD_LINES);
}

export type PointsStanding = {
  available: number;
  affordable: number;
  next: { id: number; name: string; cost: number } | null;
};

/** The balance, how many rewards it buys now, and the cheapest one it does not buy yet. */
export async function pointsStanding(db: Executor, student: UserRow): Promise<PointsStanding> {
  const available = await availablePoints(db, student.id);
  const { rewards } = await rewardCatalogue(db, student);
  // A platform reward is bought once; a class reward may be asked for again.
  const open = rewards
    .filter(({ owned }) => !owned)
    .map(({ reward }) => reward)
    .sort((a, b) => a.cost - b.cost || a.id - b.id);
  const next = open.find((reward) => reward.cost > available) ?? null;
  return {
    available,
    affordable: open.filter((reward) => reward.cost <= available).length,
    next: next && { id: next.id, name: next.name, cost: next.cost },
  };
}

export type ClassWork = {
  classroom: ClassroomRef;
  students: number;
  overdue: number;
  overdueLessons: { lesson: LessonRow; missing: number }[];
};

/** Each class the teacher teaches, with its overdue work: students × past-due lessons not done. */
export async function classesWithOverdueWork(
  db: Executor,
  teacher: UserRow,
  now: Date,
): Promise<ClassWork[]> {
  const classes = await classroomsTaughtBy(db, teacher.id);
  const ids = classes.map((classroom) => classroom.id);
  const [members, settings] = await Promise.all([
    membersOfClassrooms(db, ids),
    dueLessonSettings(db, { classroomIds: ids }),
  ]);
  const pastDue = settings.filter((setting) => setting.dueAt.getTime() <= now.getTime());
  const lessons = await liveLessons(
    db,
    pastDue.map((setting) => setting.lessonId),
  );
  const progress = await progressOfUsers(
    db,
    [...new Set(members.map((member) => member.userId))],
    [...lessons.keys()],
  );
  const done = new Set(
    progress.filter((row) => row.completedAt).map((row) => `${row.userId}:${row.lessonId}`),
  );
  return classes.map((classroom) => {
    const students = members.filter((member) => member.classroomId === classroom.id);
    const overdueLessons = pastDue
      .filter((setting) => setting.classroomId === classroom.id && lessons.has(setting.lessonId))
      .map((setting) => ({
        lesson: lessons.get(setting.lessonId)!.lesson,
        missing: students.filter((student) => !done.has(`${student.userId}:${setting.lessonId}`))
          .length,
      }))
      .filter((line) => line.missing > 0)
      .sort((a, b) => b.missing - a.missing || a.lesson.id - b.lesson.id);
    return {
      classroom: { id: classroom.id, name: classroom.name },
      students: students.length,
      overdue: overdueLessons.reduce((sum, line) => sum + line.missing, 0),
      overdueLessons: overdueLessons.slice(0, 3),
    };
  });
}

export type InactiveStudent = { student: UserRow; classroom: ClassroomRef };

/** The teacher's students not seen for HOME_INACTIVE_DAYS, longest away first. */
export async function inactiveStudents(
  db: Executor,
  teacher: UserRow,
  now: Date,
): Promise<{ count: number; results: InactiveStudent[] }> {
  const classes = new Map(
    (await classroomsTaughtBy(db, teacher.id)).map((row) => [
      row.id,
      { id: row.id, name: row.name },
    ]),
  );
  const members = await membersOfClassrooms(db, [...classes.keys()]);
  const people = await findUsersByIds(db, [...new Set(members.map((member) => member.userId))]);
  const seen = new Set<number>();
  const away: InactiveStudent[] = [];
  for (const member of members) {
    const student = people.get(member.userId);
    if (!student || seen.has(student.id)) continue;
    if (!isInactiveSince(student.lastActiveAt, now, HOME_INACTIVE_DAYS)) continue;
    seen.add(student.id);
    away.push({ student, classroom: classes.get(member.classroomId)! });
  }
  away.sort((a, b) => a.student.lastActiveAt.getTime() - b.student.lastActiveAt.getTime());
  return { count: away.length, results: away.slice(0, HOME_CARD_LINES) };
}

export type RewardRequest = RedemptionWithReward & { student: UserRow; classroom: ClassroomRef };

/** Pending reward requests in the teacher's classes, newest first, and how many wait in all. */
export async function pendingRewardRequests(
  db: Executor,
  teacher: UserRow,
): Promise<{ count: number; results: RewardRequest[] }> {
  let count = 0;
  const requests: (RedemptionWithReward & { classroom: ClassroomRef })[] = [];
  for (const classroom of await classroomsTaughtBy(db, teacher.id)) {
    const filter = { classroomId: classroom.id, status: 'pending' } as const;
    count += await countRedemptions(db, filter);
    const rows = await redemptionsPage(db, filter, { offset: 0, limit: HOME_CARD_LINES });
    const ref = { id: classroom.id, name: classroom.name };
    for (const row of rows) requests.push({ ...row, classroom: ref });
  }
  const shown = requests
    .sort((a, b) => b.redemption.id - a.redemption.id)
    .slice(0, HOME_CARD_LINES);
  const people = await findUsersByIds(db, [...new Set(shown.map((row) => row.redemption.userId))]);
  return {
    count,
    results: shown
      .filter((row) => people.has(row.redemption.userId))
      .map((row) => ({ ...row, student: people.get(row.redemption.userId)! })),
  };
}

export type ClassReports = { classroom: ClassroomRef; posts: number; lastReportedAt: Date };

/** The classes with reported board posts, most recent report first. */
export async function reportedPosts(db: Executor, teacher: UserRow): Promise<ClassReports[]> {
  const lines: ClassReports[] = [];
  for (const classroom of await classroomsTaughtBy(db, teacher.id)) {
    const reports = await reportedPostSummaries(db, classroom.id);
    if (reports.length === 0) continue;
    lines.push({
      classroom: { id: classroom.id, name: classroom.name },
      posts: reports.length,
      lastReportedAt: new Date(
        Math.max(...reports.map((report) => report.lastReportedAt.getTime())),
      ),
    });
  }
  return lines.sort((a, b) => b.lastReportedAt.getTime() - a.lastReportedAt.getTime());
}

export type ContestLeaders = {
  contest: ContestRow;
  classroom: ClassroomRef;
  leaders: { rank: number; name: string; valueCents: number }[];
};

/** Each running contest of the teacher's classes with its top HOME_LEADERS. */
export async function classContestLeaders(
  db: Executor,
  teacher: UserRow,
  now: Date,
): Promise<ContestLeaders[]> {
  const boards: ContestLeaders[] = [];
  for (const classroom of await classroomsTaughtBy(db, teacher.id)) {
    for (const contestId of await classroomContestIds(db, classroom.id)) {
      const contest = await findContest(db, contestId);
      if (!contest || contest.endsAt.getTime() <= now.getTime()) continue;
      const { rows } = await leaderboardPage(db, contest, { offset: 0, limit: HOME_LEADERS });
      boards.push({
        contest,
        classroom: { id: classroom.id, name: classroom.name },
        leaders: rows.map((row) => ({
          rank: row.rank,
          name: row.firstName || row.username,
          valueCents: row.valueCents,
        })),
      });
    }
  }
  return boards.slice(0, HOME_CARD_LINES);
}

export async function retentionLastRun(db: Executor): Promise<RetentionRecord | null> {
  return lastRetentionRun({ db });
}
