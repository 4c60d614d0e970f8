import type { ValuePoint } from './api/portfolios-api.ts';

/** Fewer distinct moments than this read better as a sentence than as a chart. */
export const MIN_CHART_POINTS = 3;

/**
 * The points in time order, one per second (the chart's resolution), the latest value of
 * each second winning.
 */
export function distinctValuePoints(points: readonly ValuePoint[]): ValuePoint[] {
  const bySecond = new Map<number, ValuePoint>();
  const sorted = [...points].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  for (const point of sorted) bySecond.set(Math.floor(Date.parse(point.created_at) / 1000), point);
  return [...bySecond.values()];
}
