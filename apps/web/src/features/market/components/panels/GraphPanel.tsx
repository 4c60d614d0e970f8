import { Suspense, lazy, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import {
  DURATIONS,
  INDICATORS,
  type Duration,
  type Indicator,
  type Security,
} from '@bullpen/contract/market';
import { periodChange } from '@bullpen/contract/price-change';
import { CHART_SHORT_LABELS_BELOW_PX, chartSize } from '@bullpen/contract/ui';
import { visuallyHiddenClass } from '@/components/visually-hidden.ts';
import { useFormatters } from '@/lib/format.ts';
import { useStockPrice } from '../../api/stock-price-api.ts';
import { useTechnicalIndicator } from '../../api/technical-indicator-api.ts';
import { useLiveQuote } from '../../hooks/use-live-quote.ts';
import { ChangeText } from '../ChangeText.tsx';

// lightweight-charts (~70 KiB gz) loads only when a chart is drawn.
const StockChart = lazy(() => import('../StockChart.tsx'));

type SeriesKey = 'sma' | 'upper' | 'middle' | 'lower';
const INDICATOR_LEGEND: Record<Indicator, { key: SeriesKey; color: string; dashed?: boolean }[]> = {
  SMA: [{ key: 'sma', color: '#8a5300' }],
  BBANDS: [
    { key: 'upper', color: '#1457b8', dashed: true },
    { key: 'middle', color: '#5e35b1' },
    { key: 'lower', color: '#1457b8', dashed: true },
  ],
};

function ChartPlaceholder({ children }: { children?: string }) {
  const { t } = useTranslation('market');
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
        <Skeleton
          variant="rectangular"
          width="100%"
          height="100%"
          aria-label={t('graph.loading')}
        />
      )}
    </Box>
  );
}

/**
 * Panel 3: the price chart with its durations (Today, Week, Month, Year, ALL) and, except for
 * Today, the indicator selector (spec section 4). Load failures are logged, not shown.
 */
export function GraphPanel({ security }: { security: Security }) {
  const { t } = useTranslation('market');
  const format = useFormatters();
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
  const periodLabel = t(`graph.durations.${duration}.long`);

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={duration}
          aria-label={t('graph.period')}
          onChange={(_event, next: Duration | null) => {
            if (!next) return;
            setDuration(next);
            // Indicators apply only when the duration is not 1D: going back to 1D resets it.
            if (next === '1D') setIndicator(null);
          }}
        >
          {DURATIONS.map((value) => {
            const label = {
              long: t(`graph.durations.${value}.long`),
              short: t(`graph.durations.${value}.short`),
            };
            return (
              <ToggleButton
                key={value}
                value={value}
                sx={{ px: shortLabels ? 1.25 : 1.5, fontWeight: 700 }}
              >
                {shortLabels && label.short !== label.long ? (
                  <>
                    {label.short}
                    <span className={visuallyHiddenClass}> ({label.long})</span>
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
            label={t('graph.indicator')}
            value={indicator ?? ''}
            onChange={(event) => setIndicator((event.target.value || null) as Indicator | null)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ width: 140 }}
          >
            <option value="">{t('graph.none')}</option>
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
          <ChartPlaceholder>{t('graph.noData')}</ChartPlaceholder>
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
              {t(period.reference === 'previous close' ? 'graph.changeFromClose' : 'graph.change', {
                symbol: security.symbol,
                period: periodLabel,
                from: format.cents(period.from),
                to: format.cents(period.to),
              })}{' '}
              <ChangeText value={period.change}>
                {`${format.signedCents(period.change)} (${format.signedPercent(period.ratio)})`}
              </ChangeText>
            </Typography>
          ) : (
            <span className={visuallyHiddenClass}>
              {t('graph.chartLabel', { symbol: security.symbol })}
            </span>
          )}
          {activeIndicator && (
            <Box
              component="ul"
              aria-label={t('graph.legend')}
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
                  {t('graph.noIndicator')}
                </Typography>
              ) : (
                INDICATOR_LEGEND[activeIndicator].map((entry) => (
                  <Typography
                    component="li"
                    variant="body2"
                    key={entry.key}
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
                    {t(`graph.series.${entry.key}`)}
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
