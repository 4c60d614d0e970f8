import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@bullpen/contract/pagination';
import {
  RESUME_PAGE_SIZE,
  type Resume,
  type ResumeBody,
  type ResumeComment,
} from '@bullpen/contract/resumes';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/**
 * A class's résumés: the teacher's list holds the whole class (the spec's page of 1000), a
 * student's list holds their own résumé, if written. The comment thread of one résumé is one
 * page (the server's largest).
 */
export const resumesQueryOptions = (classroomId: number) =>
  queryOptions({
    queryKey: ['classrooms', classroomId, 'resumes'],
    queryFn: ({ signal }) =>
      apiClient.get<Page<Resume>>(
        `${api.classroomResumes.build({ id: classroomId })}?page_size=${RESUME_PAGE_SIZE}`,
        undefined,
        { signal },
      ),
  });

export const resumeQueryOptions = (classroomId: number, resumeId: number) =>
  queryOptions({
    queryKey: ['classrooms', classroomId, 'resumes', resumeId],
    queryFn: ({ signal }) =>
      apiClient.get<Resume>(api.classroomResume.build({ id: classroomId, resumeId }), undefined, {
        signal,
      }),
  });

export const resumeCommentsQueryOptions = (classroomId: number, resumeId: number) =>
  queryOptions({
    queryKey: ['classrooms', classroomId, 'resumes', resumeId, 'comments'],
    queryFn: ({ signal }) =>
      apiClient.get<Page<ResumeComment>>(
        `${api.resumeComments.build({ id: classroomId, resumeId })}?page_size=500`,
        undefined,
        { signal },
      ),
  });

export function useResumes(classroomId: number) {
  return useQuery(resumesQueryOptions(classroomId));
}

export function useResume(classroomId: number, resumeId: number | null) {
  return useQuery({
    ...resumeQueryOptions(classroomId, resumeId ?? 0),
    enabled: resumeId !== null,
  });
}

export function useResumeComments(classroomId: number, resumeId: number) {
  return useQuery(resumeCommentsQueryOptions(classroomId, resumeId));
}

export function useSaveResume(classroomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResumeBody) =>
      apiClient.post<Resume>(api.classroomResumes.build({ id: classroomId }), body),
    onSuccess: (resume) => {
      queryClient.setQueryData(resumeQueryOptions(classroomId, resume.id).queryKey, resume);
      return queryClient.invalidateQueries({
        queryKey: resumesQueryOptions(classroomId).queryKey,
        exact: true,
      });
    },
  });
}

export function useCommentOnResume(classroomId: number, resumeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiClient.post<ResumeComment>(api.resumeComments.build({ id: classroomId, resumeId }), {
        body,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: resumeCommentsQueryOptions(classroomId, resumeId).queryKey,
        }),
        queryClient.invalidateQueries({
          queryKey: resumesQueryOptions(classroomId).queryKey,
          exact: true,
        }),
      ]),
  });
}
