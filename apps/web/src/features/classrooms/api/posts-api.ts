import { useEffect } from 'react';
import {
  type InfiniteData,
  type QueryClient,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import {
  classroomChannel,
  classroomPostDeletedEvent,
  classroomPostEvent,
  type ClassroomPost,
  type ClassroomPostsPage,
} from '@bullpen/contract/classroom-posts';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';
import { realtime } from '@/lib/realtime.ts';

/**
 * The discussion board's calls. The board is one infinite query: its first page is the newest
 * posts, each further page the ones before the oldest shown (`before`, so new posts never
 * shift it). Live posts from `classroom:<id>` are added to the first page; deleted ones are
 * dropped wherever they are.
 */

type BoardData = InfiniteData<ClassroomPostsPage, number | undefined>;

export const classroomPostsQueryOptions = (classroomId: number) =>
  infiniteQueryOptions({
    queryKey: ['classrooms', classroomId, 'posts'],
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<ClassroomPostsPage>(
        `${api.classroomPosts.build({ id: classroomId })}${pageParam ? `?before=${pageParam}` : ''}`,
        undefined,
        { signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => (lastPage.next ? lastPage.results[0]?.id : undefined),
  });

/** Adds a post to the newest page, once (the author hears their own post live too). */
function addPost(queryClient: QueryClient, classroomId: number, post: ClassroomPost): void {
  queryClient.setQueryData<BoardData>(classroomPostsQueryOptions(classroomId).queryKey, (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.results.some((known) => known.id === post.id))) {
      return data;
    }
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    const results = [...newest.results, post].sort((a, b) => a.id - b.id);
    return { ...data, pages: [{ ...newest, count: newest.count + 1, results }, ...older] };
  });
}

/** Drops a deleted post from every page of the board (it may be in an older one). */
export function removePost(queryClient: QueryClient, classroomId: number, postId: number): void {
  queryClient.setQueryData<BoardData>(classroomPostsQueryOptions(classroomId).queryKey, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) =>
        page.results.some((known) => known.id === postId)
          ? {
              ...page,
              count: Math.max(0, page.count - 1),
              results: page.results.filter((known) => known.id !== postId),
            }
          : page,
      ),
    };
  });
}

/** The posts of the board, oldest first, with `fetchNextPage` loading older ones. */
export function useClassroomPosts(classroomId: number) {
  return useInfiniteQuery(classroomPostsQueryOptions(classroomId));
}

/**
 * Hears the class's channel while mounted. Each (re)subscription refetches the board, so a
 * post written while the socket was away is not missed.
 */
export function useClassroomPostsLive(classroomId: number): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      realtime.subscribe(classroomChannel(classroomId), (message) => {
        if (message.type === 'subscribed') {
          void queryClient.invalidateQueries({
            queryKey: classroomPostsQueryOptions(classroomId).queryKey,
          });
          return;
        }
        const event = classroomPostEvent.safeParse(message);
        if (event.success) addPost(queryClient, classroomId, event.data.post);
        const deleted = classroomPostDeletedEvent.safeParse(message);
        if (deleted.success) removePost(queryClient, classroomId, deleted.data.postId);
      }),
    [classroomId, queryClient],
  );
}

export function useSendClassroomPost(classroomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiClient.post<ClassroomPost>(api.classroomPosts.build({ id: classroomId }), { message }),
    onSuccess: (post) => addPost(queryClient, classroomId, post),
  });
}
