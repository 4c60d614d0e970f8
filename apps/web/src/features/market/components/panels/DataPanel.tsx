import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { Security } from '@bullpen/contract/market';
import { formatCents, formatCentsCompact, formatPercent } from '@bullpen/contract/money';

const NOT_APPLICABLE = 'N/A';

function orNotApplicable<T>(value: T | null, format: (value: T) => string): string {
  return value === null ? NOT_APPLICABLE : format(value);
}

const ratio = (value: number) => value.toFixed(2);

/** The market-data fields of spec section 3, formatted. */
export function marketDataRows(security: Security): { label: string; value: string }[] {
  return [
    { label: 'Market cap', value: formatCentsCompact(security.market_cap) },
    { label: 'Dividends per share', value: orNotApplicable(security.dividends, formatCents) },
    { label: 'Profit margin', value: orNotApplicable(security.profit_margin, formatPercent) },
    { label: 'Revenues', value: orNotApplicable(security.revenues, formatCentsCompact) },
    { label: 'EBITDA', value: orNotApplicable(security.ebitda, formatCentsCompact) },
    {
      label: 'Book value per share',
      value: orNotApplicable(security.book_value_per_share, formatCents),
    },
    { label: 'P/E ratio', value: orNotApplicable(security.pe_ratio, ratio) },
    {
      label: 'Earnings per share',
      value: orNotApplicable(security.earnings_per_basic_share, formatCents),
    },
    { label: 'Beta', value: ratio(security.beta) },
  ];
}

/** Panel 2: market cap, dividends, margins and ratios; labelled when they are simulated. */
export function DataPanel({ security }: { security: Security }) {
  return (
    <>
      {security.simulated && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Simulated data: these figures come from Bullpen’s practice market, not from the company’s
          real reports.
        </Alert>
      )}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) auto',
          columnGap: 2,
          rowGap: 1,
          m: 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, textAlign: 'right', fontWeight: 600, fontVariantNumeric: 'tabular-nums' },
        }}
      >
        {marketDataRows(security).map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </Box>
        ))}
      </Box>
    </>
  );
}
