import { useEffect, useRef } from 'react';
import { AreaSeries, ColorType, createChart } from 'lightweight-charts';
import type { LineData, UTCTimestamp } from 'lightweight-charts';
import Box from '@mui/material/Box';
import { centsToDollars, formatCents } from '@bullpen/contract/money';
import type { ValuePoint } from '../api/get-values.ts';

/** lightweight-charts draws UTC: shifting by the zone offset shows the user's local time. */
function chartTime(iso: string): UTCTimestamp {
  const date = new Date(iso);
  return (Math.floor(date.getTime() / 1000) - date.getTimezoneOffset() * 60) as UTCTimestamp;
}

/** The portfolio's value over time (lazy-loaded: the chart library stays off other pages). */
export default function ValueChart({
  points,
  gain,
}: {
  points: readonly ValuePoint[];
  gain: boolean;
}) {
  const containerRef = useRef<HTMLDivElement>(null);

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
      timeScale: { borderVisible: false, timeVisible: true },
      localization: { priceFormatter: (dollars: number) => formatCents(Math.round(dollars * 100)) },
      handleScroll: false,
      handleScale: false,
    });
    const series = chart.addSeries(AreaSeries, {
      lineColor: color,
      topColor: `${color}55`,
      bottomColor: `${color}08`,
      lineWidth: 2,
    });
    const data: LineData<UTCTimestamp>[] = [];
    for (const point of points) {
      const time = chartTime(point.created_at);
      const last = data[data.length - 1];
      if (last && time <= last.time) continue;
      data.push({ time, value: centsToDollars(point.value) });
    }
    series.setData(data);
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points, gain]);

  return (
    <Box
      ref={containerRef}
      aria-hidden="true"
      sx={{ width: '100%', height: { xs: 220, sm: 280 } }}
    />
  );
}
