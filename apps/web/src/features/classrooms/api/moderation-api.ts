import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  classroomChannel,
  classroomPostDeletedEvent,
  type ClassroomMute,
  type ClassroomMuteBody,
  type ClassroomReportedPost,
} from '@bullpen/contract/classroom-posts';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';
import { realtime } from '@/lib/realtime.ts';
import { classroomPostsQueryOptions, removePost } from './posts-api.ts';

/**
 * The board's moderation calls (docs/decisions/032-board-moderation.md): deleting and
 * reporting posts, the teacher's list of reported posts, and mutes.
 */

export const classroomReportsQueryOptions = (classroomId: number) =>
  queryOptions({
    queryKey: ['classrooms', classroomId, 'reports'],
    queryFn: ({ signal }) =>
      apiClient.get<ClassroomReportedPost[]>(
        api.classroomReports.build({ id: classroomId }),
        undefined,
        { signal },
      ),
  });

export const classroomMutesQueryOptions = (classroomId: number) =>
  queryOptions({
    queryKey: ['classrooms', classroomId, 'mutes'],
    queryFn: ({ signal }) =>
      apiClient.get<ClassroomMute[]>(api.classroomMutes.build({ id: classroomId }), undefined, {
        signal,
      }),
  });

/** The teacher's list of reported posts (only asked for when `enabled`). */
export function useClassroomReports(classroomId: number, enabled: boolean) {
  return useQuery({ ...classroomReportsQueryOptions(classroomId), enabled });
}

/**
 * While the teacher's panel is open: a post deleted anywhere (by its author, say) leaves the
 * list of reported posts too.
 */
export function useClassroomReportsLive(classroomId: number): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      realtime.subscribe(classroomChannel(classroomId), (message) => {
        if (!classroomPostDeletedEvent.safeParse(message).success) return;
        void queryClient.invalidateQueries({
          queryKey: classroomReportsQueryOptions(classroomId).queryKey,
        });
      }),
    [classroomId, queryClient],
  );
}

/** The students muted now (the teacher's; only asked for when `enabled`). */
export function useClassroomMutes(classroomId: number, enabled: boolean) {
  return useQuery({ ...classroomMutesQueryOptions(classroomId), enabled });
}

export function useDeleteClassroomPost(classroomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) =>
      apiClient.delete<null>(api.classroomPost.build({ id: classroomId, postId })),
    onSuccess: (_, postId) => {
      removePost(queryClient, classroomId, postId);
      void queryClient.invalidateQueries({
        queryKey: classroomReportsQueryOptions(classroomId).queryKey,
      });
    },
  });
}

export function useReportClassroomPost(classroomId: number) {
  return useMutation({
    mutationFn: ({ postId, reason }: { postId: number; reason: string }) =>
      apiClient.post<{ postId: number }>(
        api.reportClassroomPost.build({ id: classroomId, postId }),
        { reason },
      ),
  });
}

export function useDismissReports(classroomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) =>
      apiClient.delete<null>(api.classroomPostReports.build({ id: classroomId, postId })),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: classroomReportsQueryOptions(classroomId).queryKey,
      }),
  });
}

export function useMuteStudent(classroomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassroomMuteBody) =>
      apiClient.post<ClassroomMute>(api.classroomMutes.build({ id: classroomId }), body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: classroomMutesQueryOptions(classroomId).queryKey }),
  });
}

export function useLiftMute(classroomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiClient.delete<null>(api.classroomMute.build({ id: classroomId, userId })),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: classroomMutesQueryOptions(classroomId).queryKey }),
  });
}

/** After a refusal for being muted: the board's page says until when. */
export function useRefreshBoard(classroomId: number) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: classroomPostsQueryOptions(classroomId).queryKey });
}
