import type {
  HomeChild,
  HomeClasses,
  HomeContests,
  HomeCourses,
  HomeInactiveStudents,
  HomeLeaders,
  HomeLessonsDue,
  HomePoints,
  HomeReports,
  HomeRetention,
  HomeRewardRequests,
} from '@bullpen/contract/home';
import { displayName } from '../classrooms/certificates/service.ts';
import type { RetentionRecord } from '../privacy/retention.ts';
import type {
  ClassReports,
  ClassWork,
  ContestLeaders,
  ContestStanding,
  CourseStep,
  DueLesson,
  InactiveStudent,
  PointsStanding,
  RewardRequest,
} from './service.ts';

type LessonInCourse = NonNullable<CourseStep['next']>;

const lessonRef = ({ lesson, course }: LessonInCourse) => ({
  lesson_id: lesson.id,
  title: lesson.title,
  course: course.title,
});

export function presentLessonsDue(lines: DueLesson[]): HomeLessonsDue {
  return {
    results: lines.map((line) => ({
      ...lessonRef(line),
      classroom: line.classroom,
      due_at: line.dueAt.toISOString(),
      overdue: line.overdue,
    })),
  };
}

export function presentCourses(steps: {
  resume: LessonInCourse | null;
  courses: CourseStep[];
}): HomeCourses {
  return {
    continue: steps.resume && lessonRef(steps.resume),
    results: steps.courses.map((step) => ({
      course_id: step.course.id,
      title: step.course.title,
      completed: step.completed,
      lessons: step.lessons,
      next: step.next && lessonRef(step.next),
    })),
  };
}

export function presentContests(standings: ContestStanding[]): HomeContests {
  return {
    results: standings.map((line) => ({
      contest_id: line.contest.id,
      name: line.contest.name,
      classroom: line.classroom,
      rank: line.rank,
      players: line.players,
      value_cents: line.valueCents,
      change_cents: line.valueCents - line.contest.startingCashCents,
    })),
  };
}

export function presentPoints(standing: PointsStanding): HomePoints {
  return {
    available_points: standing.available,
    affordable: standing.affordable,
    next_reward: standing.next && {
      ...standing.next,
      missing: standing.next.cost - standing.available,
    },
  };
}

export function presentClasses(classes: ClassWork[]): HomeClasses {
  return {
    results: classes.map((line) => ({
      id: line.classroom.id,
      name: line.classroom.name,
      students: line.students,
      overdue: line.overdue,
      overdue_lessons: line.overdueLessons.map(({ lesson, missing }) => ({
        lesson_id: lesson.id,
        title: lesson.title,
        missing,
      })),
    })),
  };
}

export function presentInactiveStudents(found: {
  count: number;
  results: InactiveStudent[];
}): HomeInactiveStudents {
  return {
    count: found.count,
    results: found.results.map(({ student, classroom }) => ({
      id: student.id,
      name: displayName(student),
      classroom,
      last_active_on: student.lastActiveAt.toISOString().slice(0, 10),
    })),
  };
}

export function presentRewardRequests(found: {
  count: number;
  results: RewardRequest[];
}): HomeRewardRequests {
  return {
    count: found.count,
    results: found.results.map((row) => ({
      id: row.redemption.id,
      reward: row.reward.name,
      cost: row.redemption.cost,
      student: displayName(row.student),
      classroom: row.classroom,
      created_at: row.redemption.createdAt.toISOString(),
    })),
  };
}

export function presentReports(lines: ClassReports[]): HomeReports {
  return {
    results: lines.map((line) => ({
      classroom: line.classroom,
      posts: line.posts,
      last_reported_at: line.lastReportedAt.toISOString(),
    })),
  };
}

export function presentLeaders(boards: ContestLeaders[]): HomeLeaders {
  return {
    results: boards.map((board) => ({
      contest_id: board.contest.id,
      name: board.contest.name,
      classroom: board.classroom,
      leaders: board.leaders.map((leader) => ({
        rank: leader.rank,
        name: leader.name,
        value_cents: leader.valueCents,
      })),
    })),
  };
}

export function presentRetention(record: RetentionRecord | null): HomeRetention {
  return {
    last_run: record && {
      finished_at: record.finishedAt,
      deleted: record.deleted,
      accounts_warned: record.warned,
      accounts_erased: record.erased,
    },
  };
}

export function presentChild(card: {
  child: { id: number; firstName: string };
  lessonsDone: number;
  lessonsDue: number;
  overdue: number;
  certificates: number;
  availablePoints: number;
}): HomeChild {
  return {
    id: card.child.id,
    first_name: card.child.firstName,
    lessons_done: card.lessonsDone,
    lessons_due: card.lessonsDue,
    overdue: card.overdue,
    certificates: card.certificates,
    available_points: card.availablePoints,
  };
}
