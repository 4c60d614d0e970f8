import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Security } from '@bullpen/contract/market';
import { type Formatters, useFormatters } from '@/lib/format.ts';

/** Annual dividends per share over the last price; none without a price or a dividend figure. */
export function dividendYield(security: Pick<Security, 'dividends' | 'last_price'>): number | null {
  if (security.dividends === null || security.last_price <= 0) return null;
  return security.dividends / security.last_price;
}

/** The market-data fields of spec section 3, labelled and formatted in the reader's language. */
export function marketDataRows(
  security: Security,
  t: TFunction<'market'>,
  format: Formatters,
): { label: string; value: string }[] {
  const orNotApplicable = <T,>(value: T | null, formatValue: (value: T) => string): string =>
    value === null ? t('data.notApplicable') : formatValue(value);
  return [
    { label: t('data.marketCap'), value: format.centsCompact(security.market_cap) },
    { label: t('data.dividends'), value: orNotApplicable(security.dividends, format.cents) },
    {
      label: t('data.dividendYield'),
      value: orNotApplicable(dividendYield(security), format.percent),
    },
    {
      label: t('data.profitMargin'),
      value: orNotApplicable(security.profit_margin, format.percent),
    },
    { label: t('data.revenues'), value: orNotApplicable(security.revenues, format.centsCompact) },
    { label: t('data.ebitda'), value: orNotApplicable(security.ebitda, format.centsCompact) },
    {
      label: t('data.bookValue'),
      value: orNotApplicable(security.book_value_per_share, format.cents),
    },
    { label: t('data.peRatio'), value: orNotApplicable(security.pe_ratio, format.decimal) },
    {
      label: t('data.earnings'),
      value: orNotApplicable(security.earnings_per_basic_share, format.cents),
    },
    { label: t('data.beta'), value: format.decimal(security.beta) },
  ];
}

/**
 * Panel 2: market cap, dividends, margins and ratios, labelled: with replayed real prices the
 * company figures are still the sector's plausible ones (docs/market.md "Replay").
 */
export function DataPanel({ security }: { security: Security }) {
  const { t } = useTranslation('market');
  const format = useFormatters();
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t(security.simulated ? 'data.simulated' : 'data.replayed')}
      </Alert>
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
        {marketDataRows(security, t, format).map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </Box>
        ))}
      </Box>
    </>
  );
}
