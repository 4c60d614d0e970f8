import type {
  ClassroomCourse,
  ClassroomLessonState,
  OverdueLesson,
  StudentStatistics,
} from '@bullpen/contract/classroom-lessons';
import type { UserRow } from '../../users/presenter.ts';
import type { ClassroomLessonRow } from './queries.ts';
import type { ClassroomCourseView, OverdueView, StudentStatisticsView } from './service.ts';

function iso(at: Date | null | undefined): string | null {
  return at ? at.toISOString() : null;
}

function person(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
  };
}

/** A course of the class; `teacher` decides whether reminder times are shown. */
export function presentClassroomCourse(
  { course, lessons }: ClassroomCourseView,
  teacher: boolean,
): ClassroomCourse {
  return {
    id: course.id,
    title: course.title,
    category: course.category,
    lessons: lessons.map(({ lesson, setting, progress }) => ({
      id: lesson.id,
      title: lesson.title,
      sub_title: lesson.subTitle,
      order: lesson.position,
      minutes: lesson.minutes,
      enabled: setting?.enabled ?? false,
      due_at: iso(setting?.dueAt),
      reminded_at: teacher ? iso(setting?.remindedAt) : null,
      status: progress?.status ?? null,
      best_percent: progress?.bestPercent ?? null,
    })),
  };
}

export function presentLessonState(row: ClassroomLessonRow): ClassroomLessonState {
  return { id: row.lessonId, enabled: row.enabled, due_at: iso(row.dueAt) };
}

export function presentStudentStatistics(view: StudentStatisticsView): StudentStatistics {
  return {
    ...person(view.student),
    completed: view.completed,
    average_percent: view.averagePercent,
    first_attempt_percent: view.firstAttemptPercent,
    best_percent: view.bestPercent,
    attempts: view.attempts,
    points: view.points,
    points_earned: {
      lessons: view.earned.lesson,
      modules: view.earned.module,
      awards: view.earned.award,
      contests: view.earned.contest,
      total: view.earned.lesson + view.earned.module + view.earned.award + view.earned.contest,
    },
    last_active: iso(view.lastActive),
  };
}

export function presentOverdue(view: OverdueView): OverdueLesson {
  return {
    student: person(view.student),
    lesson: { id: view.lesson.id, title: view.lesson.title, course: view.course.title },
    due_at: view.dueAt.toISOString(),
    best_percent: view.bestPercent,
  };
}
