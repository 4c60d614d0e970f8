import { Suspense, lazy, useMemo } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format.ts';
import { useValues } from '../api/portfolios-api.ts';
import { MIN_CHART_POINTS, distinctValuePoints } from '../value-points.ts';

const ValueChart = lazy(() => import('./ValueChart.tsx'));

/** The value-over-time chart, with a sentence that says what it shows. */
export function ValueHistory({
  contestUserId,
  isMine,
}: {
  contestUserId: number;
  isMine: boolean;
}) {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  const values = useValues(contestUserId);
  // Memoised: a new array would redraw the chart on every render.
  const points = useMemo(() => distinctValuePoints(values.data?.results ?? []), [values.data]);
  if (values.isPending) return <Skeleton variant="rounded" height={240} />;
  if (values.isError) {
    return <Typography sx={{ color: 'text.secondary' }}>{t('valueHistory.error')}</Typography>;
  }
  const first = points[0];
  const last = points[points.length - 1];
  const later = isMine ? t('valueHistory.laterMine') : t('valueHistory.laterOther');
  if (!first || !last) {
    return <Typography sx={{ color: 'text.secondary' }}>{later}</Typography>;
  }
  const summary =
    first === last
      ? t('valueHistory.worth', {
          value: format.cents(last.value),
          date: format.dateTime(last.created_at),
        })
      : t('valueHistory.fromTo', {
          from: format.cents(first.value),
          fromDate: format.dateTime(first.created_at),
          to: format.cents(last.value),
          toDate: format.dateTime(last.created_at),
        });
  if (points.length < MIN_CHART_POINTS) {
    return (
      <Box data-testid="value-history">
        <Typography sx={{ mb: 0.5 }}>{summary}</Typography>
        <Typography sx={{ color: 'text.secondary' }}>{later}</Typography>
      </Box>
    );
  }
  return (
    <Box data-testid="value-history">
      <Typography sx={{ mb: 1 }}>{summary}</Typography>
      <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
        <ValueChart points={points} gain={last.value >= first.value} />
      </Suspense>
    </Box>
  );
}
