import { queryOptions, useQuery } from '@tanstack/react-query';
import { POINTS_PULSE_MS, PREV_POINTS_KEY } from '@bullpen/contract/constants';
import { api } from '@bullpen/contract/routes';
import type { Points } from '@bullpen/contract/users';
import { apiClient } from '@/lib/api-client.ts';

export interface PointsView {
  availablePoints: number;
  /** True when the balance grew since the value remembered in local storage (spec section 4). */
  increased: boolean;
  /** When that rise was first seen on this page: the badge pulses for 6 s from then. */
  risenAt: number | null;
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

/**
 * The last rise a fetch found on this page, and when. Two fetches can follow one change (the
 * page that caused it refetches, and the WebSocket says so too): the second finds the stored
 * value already updated, and without this it would stop the pulse the first one started.
 */
let lastRise: { points: number; at: number } | null = null;

export async function getPoints(userId: number): Promise<PointsView> {
  const { available_points: availablePoints } = await apiClient.get<Points>(
    api.points.build({ userId }),
  );
  const previous = readPreviousPoints();
  rememberPoints(availablePoints);
  const now = Date.now();
  if (availablePoints > (previous ?? 0)) {
    lastRise = { points: availablePoints, at: now };
  } else if (lastRise?.points !== availablePoints || now - lastRise.at >= POINTS_PULSE_MS) {
    lastRise = null;
  }
  return { availablePoints, increased: lastRise !== null, risenAt: lastRise?.at ?? null };
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
