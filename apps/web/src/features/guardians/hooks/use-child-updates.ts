import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { childChannel } from '@bullpen/contract/realtime';
import { realtime } from '@/lib/realtime.ts';
import { childSummaryQueryOptions } from '../api/guardians-api.ts';

/**
 * Listens on the followed child's channel (`child:<id>`, their linked guardians only) while the
 * child's page is open, and reads the summary again when the child's points change. A link
 * that ends closes the subscription on the server at once.
 */
export function useChildUpdates(childId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (childId === undefined) return undefined;
    return realtime.subscribe(childChannel(childId), (message) => {
      if (message.type !== 'points') return;
      void queryClient.invalidateQueries({ queryKey: childSummaryQueryOptions(childId).queryKey });
    });
  }, [childId, queryClient]);
}
