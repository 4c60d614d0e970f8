import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userChannel } from '@bullpen/contract/realtime';
import { realtime } from '@/lib/realtime.ts';
import { pointsQueryOptions } from '../api/points-queries.ts';

/**
 * Listens on the user's own channel (`user:<id>`, theirs only) while mounted and refetches
 * the balance when the server says the points ledger changed, so the header badge updates
 * (and pulses, if the balance grew) without a reload.
 */
export function usePointsUpdates(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return undefined;
    return realtime.subscribe(userChannel(userId), (message) => {
      if (message.type !== 'points') return;
      void queryClient.invalidateQueries({ queryKey: pointsQueryOptions(userId).queryKey });
    });
  }, [userId, queryClient]);
}
