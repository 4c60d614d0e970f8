import { Suspense, lazy } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatCents } from '@bullpen/contract/money';
import { useValues } from '../api/get-values.ts';
import { formatDateTime } from '../format.ts';

const ValueChart = lazy(() => import('./ValueChart.tsx'));

/** The value-over-time chart, with a sentence that says what it shows. */
export function ValueHistory({ contestUserId }: { contestUserId: number }) {
  const values = useValues(contestUserId);
  const points = values.data?.results ?? [];
  if (values.isPending) return <Skeleton variant="rounded" height={240} />;
  if (values.isError) {
    return (
      <Typography sx={{ color: 'text.secondary' }}>We could not load the value history.</Typography>
    );
  }
  if (points.length < 2) {
    return (
      <Typography sx={{ color: 'text.secondary' }}>
        The chart appears once the portfolio has been valued on two different days.
      </Typography>
    );
  }
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return (
    <Box>
      <Typography sx={{ mb: 1 }}>
        From {formatCents(first.value)} on {formatDateTime(first.created_at)} to{' '}
        {formatCents(last.value)} on {formatDateTime(last.created_at)}.
      </Typography>
      <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
        <ValueChart points={points} gain={last.value >= first.value} />
      </Suspense>
    </Box>
  );
}
