import { useEffect, useRef } from 'react';
import {
  AreaSeries,
  ColorType,
  createChart,
  type AutoscaleInfo,
  type LineData,
  type UTCTimestamp,
} from 'lightweight-charts';
import Box from '@mui/material/Box';
import { centsToDollars, dollarsToCents } from '@bullpen/contract/money';
import { useFormatters } from '@/lib/format.ts';
import type { ValuePoint } from '../api/portfolios-api.ts';

/** lightweight-charts draws UTC: shifting by the zone offset shows the user's local time. */
function chartTime(iso: string): UTCTimestamp {
  const date = new Date(iso);
  return (Math.floor(date.getTime() / 1000) - date.getTimezoneOffset() * 60) as UTCTimestamp;
}

/**
 * The portfolio's value over time (lazy-loaded: the chart library stays off other pages).
 * Expects `distinctValuePoints`: in time order, one a second.
 */
export default function ValueChart({
  points,
  gain,
}: {
  points: readonly ValuePoint[];
  gain: boolean;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const format = useFormatters();

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const color = gain ? '#1a6b43' : '#b3261e';
    const chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: '#ffffff' },
        textColor: '#46525f',
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: '#e6edf7' } },
      rightPriceScale: { borderVisible: false },
      timeScale: {
        borderVisible: false,
        timeVisible: true,
        // Without a cap of our own the library leaves a few points in the middle half.
        maxBarSpacing: 100_000,
        lockVisibleTimeRangeOnResize: true,
      },
      // The axis's dates and prices in the reader's language.
      localization: {
        locale: format.locale,
        priceFormatter: (dollars: number) => format.cents(dollarsToCents(dollars)),
      },
      handleScroll: false,
      handleScale: false,
    });
    const series = chart.addSeries(AreaSeries, {
      lineColor: color,
      topColor: `${color}55`,
      bottomColor: `${color}08`,
      lineWidth: 2,
      // A flat or nearly flat line gets at least ±0.5% around it, not cent-sized gridlines.
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const info = original();
        if (!info?.priceRange) return info;
        const { minValue, maxValue } = info.priceRange;
        const middle = (minValue + maxValue) / 2;
        const half = Math.abs(middle) * 0.005;
        if (maxValue - minValue >= 2 * half) return info;
        return { ...info, priceRange: { minValue: middle - half, maxValue: middle + half } };
      },
    });
    const data: LineData<UTCTimestamp>[] = [];
    for (const point of points) {
      const time = chartTime(point.created_at);
      // The library throws on times out of order (possible when the clocks go back an hour).
      const last = data[data.length - 1];
      if (last && time <= last.time) continue;
      data.push({ time, value: centsToDollars(point.value) });
    }
    series.setData(data);
    // The first and last points on the edges (fitContent keeps half a bar of margin each side,
    // a quarter of the width for two points; the library mishandles this range for two).
    if (data.length > 2) {
      chart.timeScale().setVisibleLogicalRange({ from: 0.5, to: data.length - 1.5 });
    } else {
      chart.timeScale().fitContent();
    }
    return () => chart.remove();
  }, [points, gain, format]);

  return (
    <Box
      ref={containerRef}
      aria-hidden="true"
      sx={{ width: '100%', height: { xs: 220, sm: 280 } }}
    />
  );
}
