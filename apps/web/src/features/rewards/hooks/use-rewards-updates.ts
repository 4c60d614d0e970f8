import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userChannel } from '@bullpen/contract/realtime';
import { realtime } from '@/lib/realtime.ts';

/**
 * While mounted, listens on the user's own channel and refetches the catalogue and the
 * requests when the server says one of this user's reward requests changed (a teacher
 * approved or declined it), so /redeem shows the decision without a reload.
 */
export function useRewardsUpdates(userId: number): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      realtime.subscribe(userChannel(userId), (message) => {
        if (message.type !== 'rewards') return;
        void queryClient.invalidateQueries({ queryKey: ['rewards'] });
      }),
    [userId, queryClient],
  );
}
