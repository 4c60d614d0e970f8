import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/components/visually-hidden.ts';
import { useFormatters } from '@/lib/format.ts';
import { SignedAmount } from './SignedAmount.tsx';

/** The three figures' grid: the same boxes whether the figures are in or still loading. */
function FigureGrid({ figures }: { figures: { term: string; detail: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
        gap: 2,
        m: 0,
      }}
    >
      {figures.map(({ term, detail }) => (
        <Box
          key={term}
          sx={{ p: 2, border: '1px solid', borderColor: 'divider', borderRadius: 2, minWidth: 0 }}
        >
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {term}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
          >
            {detail}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Cash, value and return of one portfolio, as three figures. */
export function PortfolioSummary({
  cash,
  value,
  returnRatio,
}: {
  cash: number;
  value: number;
  returnRatio: number;
}) {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  return (
    <FigureGrid
      figures={[
        { term: t('summary.value'), detail: format.cents(value) },
        { term: t('summary.cash'), detail: format.cents(cash) },
        { term: t('summary.return'), detail: <SignedAmount ratio={returnRatio} /> },
      ]}
    />
  );
}

/**
 * The summary while it loads: the same three boxes with placeholders for the figures, so what
 * follows does not move when they arrive. `label` is read out instead of the placeholders.
 */
export function PortfolioSummarySkeleton({ label }: { label: string }) {
  const { t } = useTranslation('contests');
  const placeholder = <Skeleton aria-hidden="true" sx={{ width: '8ch', maxWidth: '100%' }} />;
  return (
    <Box role="status">
      <Box component="span" style={visuallyHidden}>
        {label}
      </Box>
      <Box aria-hidden="true">
        <FigureGrid
          figures={[
            { term: t('summary.value'), detail: placeholder },
            { term: t('summary.cash'), detail: placeholder },
            { term: t('summary.return'), detail: placeholder },
          ]}
        />
      </Box>
    </Box>
  );
}
