import { queryOptions, useQuery } from '@tanstack/react-query';
import { PREV_POINTS_KEY } from '@bullpen/contract/constants';
import { api } from '@bullpen/contract/routes';
import type { Points } from '@bullpen/contract/users';
import { apiClient } from '@/lib/api-client.ts';

export interface PointsView {
  availablePoints: number;
  /** True when the balance grew since the value remembered in local storage (spec section 4). */
  increased: boolean;
}

function readPreviousPoints(): number | null {
  try {
    const stored = window.localStorage.getItem(PREV_POINTS_KEY);
    const value = stored === null ? NaN : Number(stored);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

function rememberPoints(value: number): void {
  try {
    window.localStorage.setItem(PREV_POINTS_KEY, String(value));
  } catch {
    // Storage can be disabled (private mode, school policies); the badge still works.
  }
}

export async function getPoints(userId: number): Promise<PointsView> {
  const { available_points: availablePoints } = await apiClient.get<Points>(
    api.points.build({ userId }),
  );
  const previous = readPreviousPoints();
  rememberPoints(availablePoints);
  return { availablePoints, increased: availablePoints > (previous ?? 0) };
}

export const pointsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['points', userId],
    queryFn: () => getPoints(userId),
    staleTime: 60_000,
  });

export function usePoints(userId: number | undefined) {
  return useQuery({ ...pointsQueryOptions(userId ?? 0), enabled: userId !== undefined });
}
