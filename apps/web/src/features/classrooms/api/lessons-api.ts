import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClassroomCourses,
  ClassroomLessonState,
  OverdueLessons,
  ReminderResult,
  Statistics,
} from '@bullpen/contract/classroom-lessons';
import type { Classroom } from '@bullpen/contract/classrooms';
import type { Page } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/** A class's courses with its enabled lessons (and, for a student, their standing). */
export const classroomCoursesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['classrooms', 'lessons', id, 'courses'],
    queryFn: ({ signal }) =>
      apiClient.get<ClassroomCourses>(api.classroomCourses.build({ id }), undefined, { signal }),
  });

export function useClassroomCourses(id: number) {
  return useQuery(classroomCoursesQueryOptions(id));
}

function useRefreshLessons(id: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['classrooms', 'lessons', id] });
}

export function useEnableLessons(id: number) {
  const refresh = useRefreshLessons(id);
  return useMutation({
    mutationFn: (body: { lessons: number[]; due_at?: string | null }) =>
      apiClient.post<{ results: ClassroomLessonState[] }>(api.classroomLessons.build({ id }), body),
    onSuccess: refresh,
  });
}

export function useUpdateLesson(id: number) {
  const refresh = useRefreshLessons(id);
  return useMutation({
    mutationFn: ({
      lessonId,
      body,
    }: {
      lessonId: number;
      body: { due_at?: string | null; enabled?: boolean };
    }) => apiClient.patch<ClassroomLessonState>(api.classroomLesson.build({ id, lessonId }), body),
    onSuccess: refresh,
  });
}

export function useRemindLesson(id: number) {
  const refresh = useRefreshLessons(id);
  return useMutation({
    mutationFn: (lessonId: number) =>
      apiClient.post<ReminderResult>(api.remindClassroomLesson.build({ id, lessonId })),
    onSettled: refresh,
  });
}

/** The classes I teach or joined; the assessment page keeps the ones I teach. */
export const myClassroomsQueryOptions = () =>
  queryOptions({
    queryKey: ['classrooms', 'lessons', 'mine'],
    queryFn: ({ signal }) =>
      apiClient.get<Page<Classroom>>(`${api.classrooms.build()}?page_size=100`, undefined, {
        signal,
      }),
  });

export function useMyClassrooms() {
  return useQuery(myClassroomsQueryOptions());
}

export function useStatistics(id: number | null, course: number | null) {
  return useQuery({
    queryKey: ['classrooms', 'lessons', id, 'statistics', course],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      apiClient.post<Statistics>(
        api.classroomStatistics.build({ id: id! }),
        course === null ? {} : { course },
        undefined,
        { signal },
      ),
  });
}

export function useOverdueLessons(id: number | null, course: number | null) {
  return useQuery({
    queryKey: ['classrooms', 'lessons', id, 'overdue', course],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      apiClient.post<OverdueLessons>(
        api.classroomOverdueLessons.build({ id: id! }),
        course === null ? {} : { course },
        undefined,
        { signal },
      ),
  });
}
