import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format.ts';
import { SignedAmount } from './SignedAmount.tsx';

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
  const figures = [
    { term: t('summary.value'), detail: format.cents(value) },
    { term: t('summary.cash'), detail: format.cents(cash) },
    { term: t('summary.return'), detail: <SignedAmount ratio={returnRatio} /> },
  ];
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
