import { Suspense, lazy, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DURATIONS, INDICATORS } from '@bullpen/contract/market';
import type { Duration, Indicator, Security } from '@bullpen/contract/market';
import { formatCents, formatSignedCents, formatSignedPercent } from '@bullpen/contract/money';
import { periodChange } from '@bullpen/contract/price-change';
import { CHART_SHORT_LABELS_BELOW_PX, chartSize, durationLabels } from '@bullpen/contract/ui';
import { visuallyHidden } from '@/components/visually-hidden.ts';
import { useStockPrice } from '../../api/get-stock-price.ts';
import { useTechnicalIndicator } from '../../api/get-technical-indicator.ts';
import { useLiveQuote } from '../../hooks/use-live-quote.ts';
import { ChangeText } from '../ChangeText.tsx';

// lightweight-charts (~70 KiB gz) loads only when a chart is drawn.
const StockChart = lazy(() => import('../StockChart.tsx'));

const INDICATOR_LEGEND: Record<Indicator, { label: string; color: string; dashed?: boolean }[]> = {
  SMA: [{ label: 'SMA (20)', color: '#8a5300' }],
  BBANDS: [
    { label: 'Upper band', color: '#1457b8', dashed: true },
    { label: 'Middle band', color: '#5e35b1' },
    { label: 'Lower band', color: '#1457b8', dashed: true },
  ],
};

function ChartPlaceholder({ children }: { children?: string }) {
  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: chartSize.max.width,
        aspectRatio: `${chartSize.default.width} / ${chartSize.default.height}`,
        maxHeight: chartSize.max.height,
        minHeight: 200,
        display: 'grid',
        placeItems: 'center',
        bgcolor: '#f3f6fb',
        borderRadius: 2,
      }}
    >
      {children ? (
        <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>
      ) : (
        <Skeleton variant="rectangular" width="100%" height="100%" aria-label="Loading chart" />
      )}
    </Box>
  );
}

/**
 * Panel 3: the price chart with its durations (Today, Week, Month, Year, ALL) and, except for
 * Today, the indicator selector (spec section 4). Load failures are logged, not shown.
 */
export function GraphPanel({ security }: { security: Security }) {
  const [duration, setDuration] = useState<Duration>('1D');
  const [indicator, setIndicator] = useState<Indicator | null>(null);
  const shortLabels = useMediaQuery(`(max-width:${CHART_SHORT_LABELS_BELOW_PX - 0.05}px)`, {
    noSsr: true,
  });
  const prices = useStockPrice(security.symbol, duration);
  const quote = useLiveQuote(security);
  const activeIndicator = duration === '1D' ? null : indicator;
  const indicatorValues = useTechnicalIndicator(security.symbol, duration, activeIndicator);

  useEffect(() => {
    if (prices.error) console.warn(`Could not load the prices of ${security.symbol}`, prices.error);
  }, [prices.error, security.symbol]);
  useEffect(() => {
    if (indicatorValues.error) {
      console.warn(
        `Could not load ${activeIndicator} for ${security.symbol}`,
        indicatorValues.error,
      );
    }
  }, [indicatorValues.error, activeIndicator, security.symbol]);

  const points = prices.data ?? [];
  // Today's change is the header's (from the previous close); longer periods from their start.
  const period = points.length > 0 ? periodChange(points, duration, quote) : null;
  const change = period?.change ?? 0;
  const periodLabel = durationLabels[duration].long;

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={duration}
          aria-label="Chart period"
          onChange={(_event, next: Duration | null) => {
            if (!next) return;
            setDuration(next);
            // Indicators apply only when the duration is not 1D: going back to 1D resets it.
            if (next === '1D') setIndicator(null);
          }}
        >
          {DURATIONS.map((value) => {
            const label = durationLabels[value];
            return (
              <ToggleButton
                key={value}
                value={value}
                sx={{ px: shortLabels ? 1.25 : 1.5, fontWeight: 700 }}
              >
                {shortLabels && label.short !== label.long ? (
                  <>
                    {label.short}
                    <span style={visuallyHidden}> ({label.long})</span>
                  </>
                ) : (
                  label.long
                )}
              </ToggleButton>
            );
          })}
        </ToggleButtonGroup>
        {duration !== '1D' && (
          <TextField
            select
            size="small"
            margin="none"
            label="Indicator"
            value={indicator ?? ''}
            onChange={(event) => setIndicator((event.target.value || null) as Indicator | null)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ width: 140 }}
          >
            <option value="">None</option>
            {INDICATORS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </TextField>
        )}
      </Box>

      <Box component="figure" sx={{ m: 0 }}>
        {prices.isPending ? (
          <ChartPlaceholder />
        ) : points.length === 0 ? (
          <ChartPlaceholder>No price data available</ChartPlaceholder>
        ) : (
          <Suspense fallback={<ChartPlaceholder />}>
            <StockChart
              points={points}
              tone={change < 0 ? 'loss' : 'gain'}
              indicator={activeIndicator && indicatorValues.data?.length ? activeIndicator : null}
              indicatorPoints={indicatorValues.data ?? []}
              intraday={duration === '1D' || duration === '1W'}
            />
          </Suspense>
        )}
        <Box component="figcaption" sx={{ mt: 1 }}>
          {period ? (
            <Typography variant="body2" data-testid="chart-change">
              {security.symbol}, {periodLabel}: {formatCents(period.from)}
              {period.reference === 'previous close' ? ' (previous close)' : ''} to{' '}
              {formatCents(period.to)}{' '}
              <ChangeText value={period.change}>
                {`${formatSignedCents(period.change)} (${formatSignedPercent(period.ratio)})`}
              </ChangeText>
            </Typography>
          ) : (
            <span style={visuallyHidden}>{security.symbol} price chart</span>
          )}
          {activeIndicator && (
            <Box
              component="ul"
              aria-label="Chart legend"
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 2,
                listStyle: 'none',
                p: 0,
                m: 0,
                mt: 0.5,
              }}
            >
              {indicatorValues.isError ||
              (indicatorValues.isSuccess && indicatorValues.data.length === 0) ? (
                <Typography component="li" variant="body2" sx={{ color: 'text.secondary' }}>
                  No indicator data available
                </Typography>
              ) : (
                INDICATOR_LEGEND[activeIndicator].map((entry) => (
                  <Typography
                    component="li"
                    variant="body2"
                    key={entry.label}
                    sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
                  >
                    <Box
                      component="span"
                      aria-hidden="true"
                      sx={{
                        width: 20,
                        borderTop: `3px ${entry.dashed ? 'dashed' : 'solid'} ${entry.color}`,
                      }}
                    />
                    {entry.label}
                  </Typography>
                ))
              )}
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}
