import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PageLoader } from '@/components/PageLoader.tsx';
import { useSession } from '@/lib/session.tsx';
import { pointsQueryOptions, usePoints } from '@/features/points/api/points-queries.ts';
import { PointsHistory } from '@/features/points/components/PointsHistory.tsx';
import { RedeemPage } from '@/features/rewards/pages/RedeemPage.tsx';

function SignedInRedeem({ userId, username }: { userId: number; username: string }) {
  const queryClient = useQueryClient();
  const points = usePoints(userId);
  // The balance's key holds the history too: both refresh, and the header's badge follows.
  const onPointsChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: pointsQueryOptions(userId).queryKey }),
    [queryClient, userId],
  );
  return (
    <RedeemPage
      userId={userId}
      username={username}
      balance={points.data?.availablePoints}
      onPointsChanged={onPointsChanged}
      history={<PointsHistory userId={userId} />}
    />
  );
}

/** /redeem: the rewards catalogue with the points balance and history beside it. */
export function Component() {
  const { user } = useSession();
  if (!user) return <PageLoader />;
  return <SignedInRedeem userId={user.id} username={user.username} />;
}
