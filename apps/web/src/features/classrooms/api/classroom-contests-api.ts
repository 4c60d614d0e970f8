import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateClassroomContestInput,
  TradingSwitchResult,
} from '@bullpen/contract/classroom-contests';
import type { Classroom } from '@bullpen/contract/classrooms';
import type { Contest } from '@bullpen/contract/contests';
import type { Page } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';
import { classroomQueryOptions } from './classrooms-api.ts';

/** A class's contests (one page holds a term's worth) and the class's trading switch. */
export const classroomContestsQueryOptions = (classroomId: number) =>
  queryOptions({
    queryKey: ['classrooms', classroomId, 'contests'],
    queryFn: ({ signal }) =>
      apiClient.get<Page<Contest>>(
        `${api.classroomContests.build({ id: classroomId })}?page_size=100`,
        undefined,
        { signal },
      ),
  });

export function useClassroomContests(classroomId: number) {
  return useQuery(classroomContestsQueryOptions(classroomId));
}

export function useStartClassroomContest(classroomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClassroomContestInput) =>
      apiClient.post<Contest>(api.classroomContests.build({ id: classroomId }), body),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: classroomContestsQueryOptions(classroomId).queryKey,
      }),
  });
}

export function useSwitchClassroomTrading(classroomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiClient.patch<TradingSwitchResult>(api.classroomTrading.build({ id: classroomId }), {
        enabled,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData<Classroom>(classroomQueryOptions(classroomId).queryKey, (old) =>
        old ? { ...old, trading_enabled: result.trading_enabled } : old,
      );
      // The class's contests now answer another trading_paused_reason.
      return queryClient.invalidateQueries({ queryKey: ['classrooms', classroomId, 'contests'] });
    },
  });
}
