import { Suspense, lazy, useMemo } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatCents } from '@bullpen/contract/money';
import { useValues } from '../api/get-values.ts';
import { formatDateTime } from '../format.ts';
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
  const values = useValues(contestUserId);
  // Memoised: a new array would redraw the chart on every render.
  const points = useMemo(() => distinctValuePoints(values.data?.results ?? []), [values.data]);
  if (values.isPending) return <Skeleton variant="rounded" height={240} />;
  if (values.isError) {
    return (
      <Typography sx={{ color: 'text.secondary' }}>We could not load the value history.</Typography>
    );
  }
  const first = points[0];
  const last = points[points.length - 1];
  const later = `${isMine ? 'Your' : 'This'} portfolio’s value will be charted as it changes.`;
  if (!first || !last) {
    return <Typography sx={{ color: 'text.secondary' }}>{later}</Typography>;
  }
  const summary =
    first === last
      ? `Worth ${formatCents(last.value)} on ${formatDateTime(last.created_at)}.`
      : `From ${formatCents(first.value)} on ${formatDateTime(first.created_at)} to ${formatCents(last.value)} on ${formatDateTime(last.created_at)}.`;
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
