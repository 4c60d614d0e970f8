import type {
  Attempt,
  Course,
  Lesson,
  LessonCard,
  PreviewCourse,
  QuizQuestion,
} from '@bullpen/contract/learn';
import { learnPaths } from '@bullpen/contract/routes';
import type {
  AttemptRow,
  CourseRow,
  CourseWithCount,
  LessonRow,
  ProgressRow,
  StoredQuizItem,
} from './queries.ts';
import type { LessonView } from './service.ts';

/** Rows → the contract's shapes. A question leaves without its answer and explanation. */
function courseFields(course: CourseWithCount): Omit<Course, 'progress'> {
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    description: course.description,
    category: course.category,
    grade_min: course.gradeMin,
    grade_max: course.gradeMax,
    pass_percent: course.passPercent,
    lessons_count: course.lessonsCount,
    sources: course.sources,
  };
}

/** `completed` is null for an anonymous request: no progress at all then. */
export function presentCourse(course: CourseWithCount, completed: number | null): Course {
  return {
    ...courseFields(course),
    progress: completed === null ? null : { completed, total: course.lessonsCount },
  };
}

export function presentPreviewCourse(course: CourseWithCount, lessons: LessonRow[]): PreviewCourse {
  return {
    ...courseFields(course),
    lessons: lessons.map((lesson) => ({
      order: lesson.position,
      title: lesson.title,
      sub_title: lesson.subTitle,
      link: learnPaths.lesson(lesson.id),
      slug: lesson.slug,
    })),
  };
}

/** `progress` is undefined when anonymous, null before the user's first attempt. */
export function presentLessonCard(
  lesson: LessonRow,
  progress: ProgressRow | null | undefined,
): LessonCard {
  return {
    id: lesson.id,
    course: lesson.courseId,
    slug: lesson.slug,
    order: lesson.position,
    title: lesson.title,
    sub_title: lesson.subTitle,
    link: learnPaths.lesson(lesson.id),
    minutes: lesson.minutes,
    completed: progress === undefined ? null : progress?.completedAt != null,
    best_percent: progress === undefined ? null : (progress?.bestPercent ?? null),
  };
}

export function presentQuestion(item: StoredQuizItem): QuizQuestion {
  return item.type === 'choice'
    ? { id: item.id, type: 'choice', question: item.question, choices: item.choices }
    : { id: item.id, type: 'number', question: item.question, unit: item.unit };
}

const linkTo = (lesson: LessonRow | null) =>
  lesson ? { id: lesson.id, title: lesson.title } : null;

export function presentLesson({
  lesson,
  course,
  previous,
  next,
  progress,
  questions,
}: LessonView): Lesson {
  return {
    id: lesson.id,
    slug: lesson.slug,
    course: pickCourse(course),
    order: lesson.position,
    title: lesson.title,
    sub_title: lesson.subTitle,
    minutes: lesson.minutes,
    objectives: lesson.objectives,
    html: lesson.html,
    try_it: lesson.tryIt,
    standards: lesson.standards,
    decision: lesson.decision,
    questions: questions.map(presentQuestion),
    previous: linkTo(previous),
    next: linkTo(next),
    progress: {
      completed: progress?.completedAt != null,
      best_percent: progress?.bestPercent ?? null,
      attempts: progress?.attempts ?? 0,
    },
  };
}

function pickCourse(course: CourseRow): Lesson['course'] {
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    pass_percent: course.passPercent,
  };
}

export function presentAttemptSummary(
  attempt: AttemptRow,
  lessonCompleted: boolean,
): Omit<Attempt, 'results'> {
  return {
    id: attempt.id,
    lesson: attempt.lessonId,
    score: attempt.score,
    total: attempt.total,
    percent: attempt.percent,
    passed: attempt.passed,
    lesson_completed: lessonCompleted,
    created_at: attempt.createdAt.toISOString(),
  };
}

/** A graded attempt, as the POST answers it: with the points it paid. */
export function presentAttempt(
  attempt: AttemptRow,
  lessonCompleted: boolean,
  pointsAwarded: number,
): Attempt {
  return {
    ...presentAttemptSummary(attempt, lessonCompleted),
    // The right answer only when the attempt may name it (see answersShown in db/schema/learn.ts).
    results: attempt.results.map((result) => ({
      ...result,
      answer: attempt.answersShown ? result.answer : null,
      why: result.why ?? null,
    })),
    points_awarded: pointsAwarded,
  };
}
