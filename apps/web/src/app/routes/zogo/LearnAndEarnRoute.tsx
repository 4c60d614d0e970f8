import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LearnAndEarnPage } from '@/features/zogo/pages/LearnAndEarnPage.tsx';
import { completedModulesQueryKey } from '@/features/learn/api/learn-api.ts';
import { pointsQueryOptions } from '@/features/points/api/points-queries.ts';
import { useSession } from '@/lib/session.tsx';

/**
 * /learn-and-earn: the learn-and-earn page, and what a finished module changes elsewhere —
 * the header badge's balance (it pulses when the balance rose) and the lessons' module lists.
 */
export function Component() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id;
  const onPointsChanged = useCallback(() => {
    if (userId !== undefined) {
      void queryClient.invalidateQueries({ queryKey: pointsQueryOptions(userId).queryKey });
    }
    void queryClient.invalidateQueries({ queryKey: completedModulesQueryKey });
  }, [queryClient, userId]);
  return <LearnAndEarnPage onPointsChanged={onPointsChanged} />;
}
