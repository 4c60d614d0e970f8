import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Attempt,
  AttemptBody,
  Course,
  Glossary,
  Lesson,
  LessonCard,
  PreviewCourse,
  linkedModuleSchema,
} from '@bullpen/contract/learn';
import { PREVIEW_COURSES_PAGE_SIZE } from '@bullpen/contract/constants';
import type { Page } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';
import { articleQueryOptions, type ArticleKind } from './articles-queries.ts';

export type LinkedModule = z.infer<typeof linkedModuleSchema>;

/** Every course is one page: the catalogue is small (tens of courses). */
const ALL = 100;

const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

const isId = (id: number) => Number.isInteger(id) && id > 0;

export const coursesQueryOptions = () =>
  queryOptions({
    queryKey: ['learn', 'courses'],
    queryFn: ({ signal }) =>
      apiClient.get<Page<Course>>(withQuery(api.courses.build(), { page_size: ALL }), undefined, {
        signal,
      }),
  });

export function useCourses() {
  return useQuery(coursesQueryOptions());
}

/** The glossary: the same for everyone, changed only by a new release of the content. */
export function useGlossary() {
  return useQuery({
    queryKey: ['learn', 'glossary'],
    queryFn: ({ signal }) => apiClient.get<Glossary>(api.glossary.build(), undefined, { signal }),
    staleTime: Infinity,
  });
}

export function useCourse(id: number) {
  return useQuery({
    queryKey: ['learn', 'course', id],
    queryFn: ({ signal }) => apiClient.get<Course>(api.course.build({ id }), undefined, { signal }),
    enabled: isId(id),
  });
}

export function useCourseLessons(courseId: number) {
  return useQuery({
    queryKey: ['learn', 'lessons', courseId],
    queryFn: ({ signal }) =>
      apiClient.get<Page<LessonCard>>(
        withQuery(api.lessons.build(), { course: courseId, page_size: ALL }),
        undefined,
        { signal },
      ),
    enabled: isId(courseId),
  });
}

const lessonQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['learn', 'lesson', id],
    queryFn: ({ signal }) => apiClient.get<Lesson>(api.lesson.build({ id }), undefined, { signal }),
  });

/** The lesson, with the questions the server drew for my next attempt. */
export function useLesson(id: number) {
  return useQuery({ ...lessonQueryOptions(id), enabled: isId(id) });
}

/**
 * The questions of my next attempt, fetched now: after an attempt the server draws anew when
 * the lesson is opened, so a cached copy would show the last attempt's questions.
 */
export function useNewDraw(lessonId: number) {
  const queryClient = useQueryClient();
  return async () =>
    (await queryClient.fetchQuery({ ...lessonQueryOptions(lessonId), staleTime: 0 })).questions;
}

/** Every lesson's module list starts with this key: a finished module refreshes them all. */
export const completedModulesQueryKey = ['learn', 'completed-modules'] as const;

export function useCompletedModules(lessonId: number) {
  return useQuery({
    queryKey: [...completedModulesQueryKey, lessonId],
    queryFn: ({ signal }) =>
      apiClient.get<LinkedModule[]>(api.lessonCompletedModules.build({ id: lessonId }), undefined, {
        signal,
      }),
    enabled: isId(lessonId),
  });
}

/**
 * POST /api/learn/lessons/{id}/attempts/ with an `Idempotency-Key`: one key per submission,
 * so a resend after a lost answer returns the same graded attempt instead of a second one.
 */
export function submitAttempt({
  lessonId,
  body,
  idempotencyKey,
}: {
  lessonId: number;
  body: AttemptBody;
  idempotencyKey: string;
}) {
  return apiClient.post<Attempt>(api.lessonAttempts.build({ id: lessonId }), body, undefined, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useSubmitAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAttempt,
    // Progress shows on the lesson, its course's cards and the catalogue.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['learn'] }),
  });
}

export function usePreviewCourses() {
  return useQuery({
    queryKey: ['learn', 'preview'],
    queryFn: ({ signal }) =>
      apiClient.get<Page<PreviewCourse>>(
        withQuery(api.coursesPreview.build(), { page_size: PREVIEW_COURSES_PAGE_SIZE }),
        undefined,
        { signal, auth: false },
      ),
  });
}

export type { ArticleKind };

export function useArticle(kind: ArticleKind, alias: string) {
  return useQuery(articleQueryOptions(kind, alias));
}
