import { useEffect, useRef } from 'react';
import {
  AreaSeries,
  ColorType,
  LineSeries,
  LineStyle,
  createChart,
  type ISeriesApi,
  type LineData,
  type MouseEventParams,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Indicator, PricePoint } from '@bullpen/contract/market';
import { centsToDollars } from '@bullpen/contract/money';
import { chartSize } from '@bullpen/contract/ui';
import { useDatePatterns } from '@/lib/date-patterns.ts';
import { useFormatters } from '@/lib/format.ts';
import type { IndicatorPoint } from '../api/technical-indicator-api.ts';

export const chartColors = {
  gain: '#1a6b43',
  loss: '#b3261e',
  SMA: '#8a5300',
  'Real Upper Band': '#1457b8',
  'Real Middle Band': '#5e35b1',
  'Real Lower Band': '#1457b8',
} as const;

/** The tooltip's name for each indicator line, in the catalogue's `graph.tooltipSeries`. */
const SERIES_KEYS = {
  SMA: 'sma',
  'Real Upper Band': 'upper',
  'Real Middle Band': 'middle',
  'Real Lower Band': 'lower',
} as const;

export const INDICATOR_SERIES: Record<Indicator, readonly (keyof typeof SERIES_KEYS)[]> = {
  SMA: ['SMA'],
  BBANDS: ['Real Upper Band', 'Real Middle Band', 'Real Lower Band'],
};

/**
 * lightweight-charts draws times as UTC; shifting each instant by the zone offset of that
 * moment shows the user's local time (the library's documented approach).
 */
function chartTime(iso: string): UTCTimestamp {
  const date = new Date(iso);
  return (Math.floor(date.getTime() / 1000) - date.getTimezoneOffset() * 60) as UTCTimestamp;
}

/** Points with strictly increasing times, as the library requires. */
function toSeries<T>(
  points: readonly T[],
  date: (point: T) => string,
  value: (point: T) => number,
) {
  const data: LineData<UTCTimestamp>[] = [];
  for (const point of points) {
    const time = chartTime(date(point));
    const last = data[data.length - 1];
    if (last && time <= last.time) continue;
    data.push({ time, value: value(point) });
  }
  return data;
}

export interface StockChartProps {
  points: readonly PricePoint[];
  tone: 'gain' | 'loss';
  indicator: Indicator | null;
  indicatorPoints: readonly IndicatorPoint[];
  /** Show hours and minutes on the time axis (short durations). */
  intraday: boolean;
}

/** The price chart (TradingView lightweight-charts), with a tooltip that follows the cursor. */
export default function StockChart({
  points,
  tone,
  indicator,
  indicatorPoints,
  intraday,
}: StockChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const { t } = useTranslation('market');
  const format = useFormatters();
  const dates = useDatePatterns();

  useEffect(() => {
    const container = containerRef.current;
    const tooltip = tooltipRef.current;
    if (!container || !tooltip) return;
    const byTime = new Map<number, PricePoint>();
    for (const point of points) byTime.set(chartTime(point.date), point);
    const formatTime = (time: Time) => {
      const point = byTime.get(time as number);
      return point ? dates.chartTooltipDate(point.date) : '';
    };
    const chart = createChart(container, {
      autoSize: true,
      width: chartSize.default.width,
      height: chartSize.default.height,
      layout: {
        background: { type: ColorType.Solid, color: '#ffffff' },
        textColor: '#46525f',
        fontFamily: 'inherit',
        attributionLogo: true,
      },
      grid: { vertLines: { color: '#eef1f5' }, horzLines: { color: '#eef1f5' } },
      rightPriceScale: { borderVisible: false },
      timeScale: {
        borderVisible: false,
        timeVisible: intraday,
        secondsVisible: false,
        // The whole period stays in view as autoSize grows the chart to its box.
        lockVisibleTimeRangeOnResize: true,
      },
      localization: {
        // The axis's dates in the reader's language (month names, day-first order).
        locale: format.locale,
        priceFormatter: (price: number) => format.decimal(price),
        timeFormatter: formatTime,
      },
      handleScroll: false,
      handleScale: false,
    });

    const color = chartColors[tone];
    const priceSeries = chart.addSeries(AreaSeries, {
      lineColor: color,
      topColor: `${color}55`,
      bottomColor: `${color}08`,
      lineWidth: 2,
      priceLineVisible: false,
    });
    priceSeries.setData(
      toSeries(
        points,
        (point) => point.date,
        (point) => centsToDollars(point.price),
      ),
    );

    const indicatorSeries: { name: keyof typeof SERIES_KEYS; series: ISeriesApi<'Line'> }[] = [];
    if (indicator) {
      for (const name of INDICATOR_SERIES[indicator]) {
        const series = chart.addSeries(LineSeries, {
          color: chartColors[name],
          lineWidth: 2,
          lineStyle:
            name === 'Real Middle Band' || name === 'SMA' ? LineStyle.Solid : LineStyle.Dashed,
          priceLineVisible: false,
          lastValueVisible: false,
          crosshairMarkerVisible: false,
        });
        series.setData(
          toSeries(
            indicatorPoints.filter((point) => typeof point[name] === 'number'),
            (point) => point.date,
            (point) => centsToDollars(point[name] as number),
          ),
        );
        indicatorSeries.push({ name, series });
      }
    }
    chart.timeScale().fitContent();

    const onMove = (param: MouseEventParams<Time>) => {
      const price = param.time === undefined ? undefined : byTime.get(param.time as number);
      if (!param.point || param.time === undefined || !price) {
        tooltip.style.display = 'none';
        return;
      }
      const lines = [formatTime(param.time), format.cents(price.price)];
      for (const { name, series } of indicatorSeries) {
        const value = param.seriesData.get(series) as LineData | undefined;
        if (value)
          lines.push(
            `${t(`graph.tooltipSeries.${SERIES_KEYS[name]}`)}: ${format.decimal(value.value)}`,
          );
      }
      tooltip.textContent = lines.filter(Boolean).join('\n');
      tooltip.style.display = 'block';
      const width = container.clientWidth;
      const left = Math.min(Math.max(param.point.x + 12, 0), Math.max(width - 170, 0));
      tooltip.style.left = `${left}px`;
      tooltip.style.top = `${Math.max(param.point.y - 60, 4)}px`;
    };
    chart.subscribeCrosshairMove(onMove);
    return () => {
      chart.unsubscribeCrosshairMove(onMove);
      chart.remove();
    };
  }, [points, tone, indicator, indicatorPoints, intraday, t, format, dates]);

  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        maxWidth: chartSize.max.width,
        aspectRatio: `${chartSize.default.width} / ${chartSize.default.height}`,
        maxHeight: chartSize.max.height,
        minHeight: 200,
      }}
    >
      <Box ref={containerRef} sx={{ position: 'absolute', inset: 0 }} />
      <Box
        ref={tooltipRef}
        aria-hidden="true"
        data-testid="chart-tooltip"
        sx={{
          display: 'none',
          position: 'absolute',
          zIndex: 3,
          pointerEvents: 'none',
          whiteSpace: 'pre',
          bgcolor: '#ffffff',
          color: 'text.primary',
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 1,
          boxShadow: 2,
          px: 1,
          py: 0.5,
          fontSize: 13,
          fontVariantNumeric: 'tabular-nums',
        }}
      />
    </Box>
  );
}
