import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatCents } from '@bullpen/contract/money';
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
  const figures = [
    { term: 'Portfolio value', detail: formatCents(value) },
    { term: 'Cash', detail: formatCents(cash) },
    { term: 'Return', detail: <SignedAmount ratio={returnRatio} /> },
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
