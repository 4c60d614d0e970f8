import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { POINTS_PULSE_MS, PREV_POINTS_KEY } from '@bullpen/contract/constants';
import { stubApi } from '@/test/stub-api.ts';
import { getPoints } from './points-queries.ts';

let balance = 0;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  window.localStorage.setItem(PREV_POINTS_KEY, '100');
  stubApi(() => ({ status: 200, body: { available_points: balance } }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

it('keeps a rise for the pulse when a second fetch follows the same change', async () => {
  balance = 100;
  expect(await getPoints(3)).toEqual({ availablePoints: 100, increased: false, risenAt: null });
  balance = 120;
  const risenAt = Date.now();
  // The page that paid the points refetches, and the WebSocket's refetch follows: the same
  // rise, seen at the same time, so the pulse is not made longer.
  expect(await getPoints(3)).toEqual({ availablePoints: 120, increased: true, risenAt });
  expect(window.localStorage.getItem(PREV_POINTS_KEY)).toBe('120');
  vi.setSystemTime(risenAt + 1000);
  expect(await getPoints(3)).toEqual({ availablePoints: 120, increased: true, risenAt });
  // Once the pulse's time is over, the same balance is no rise.
  vi.setSystemTime(risenAt + POINTS_PULSE_MS);
  expect(await getPoints(3)).toEqual({ availablePoints: 120, increased: false, risenAt: null });
});
