import { useTranslation } from 'react-i18next';
import type { Holding } from '@bullpen/contract/trading';
import { DonutChart, MAX_SLICES, type Slice } from '@/components/charts/DonutChart.tsx';
import { useFormatters } from '@/lib/format.ts';

export { PIE_COLORS } from '@/components/charts/DonutChart.tsx';

/** Holdings and cash as at most five slices: the biggest stocks, "Other stocks", then cash. */
export function pieSlices(
  holdings: readonly Holding[],
  cash: number,
  labels: { cash: string; otherStocks: string } = { cash: 'Cash', otherStocks: 'Other stocks' },
): Slice[] {
  const stocks = [...holdings]
    .filter((holding) => holding.value > 0)
    .sort((a, b) => b.value - a.value)
    .map((holding) => ({ label: holding.symbol, value: holding.value }));
  const cashSlice = cash > 0 ? [{ label: labels.cash, value: cash }] : [];
  if (stocks.length + cashSlice.length <= MAX_SLICES) return [...stocks, ...cashSlice];
  const keep = MAX_SLICES - 1 - cashSlice.length;
  const other = stocks.slice(keep).reduce((sum, slice) => sum + slice.value, 0);
  return [...stocks.slice(0, keep), { label: labels.otherStocks, value: other }, ...cashSlice];
}

/** How the portfolio is spread: a donut with a legend that carries the numbers. */
export function WeightPie({ holdings, cash }: { holdings: readonly Holding[]; cash: number }) {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  const slices = pieSlices(holdings, cash, {
    cash: t('weights.cash'),
    otherStocks: t('weights.otherStocks'),
  });
  return (
    <DonutChart
      slices={slices}
      label={(shares) =>
        t('weights.label', {
          summary: shares
            .map(({ slice, share }) => `${slice.label} ${format.percent(share)}`)
            .join(', '),
        })
      }
      describe={(slice, share) => `${format.percent(share)} · ${format.cents(slice.value)}`}
    />
  );
}
