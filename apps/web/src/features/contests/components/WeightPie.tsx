import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Holding } from '@bullpen/contract/trading';
import { useFormatters } from '@/lib/format.ts';

/** Five colours, each at least 3:1 against white (WCAG non-text contrast). */
export const PIE_COLORS = ['#1457b8', '#1a6b43', '#b35c00', '#6a3fb5', '#5f6b7a'] as const;
const MAX_SLICES = PIE_COLORS.length;
/** Gap between slices, in radians, when there is more than one. */
const PAD = 0.035;

interface Slice {
  label: string;
  value: number;
}

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

function point(angle: number, radius: number) {
  return `${(100 + radius * Math.sin(angle)).toFixed(3)} ${(100 - radius * Math.cos(angle)).toFixed(3)}`;
}

/** A donut slice from one angle to another (radians, clockwise from the top). */
function arc(start: number, end: number, outer = 96, inner = 58): string {
  const large = end - start > Math.PI ? 1 : 0;
  return [
    `M ${point(start, outer)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${point(end, outer)}`,
    `L ${point(end, inner)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${point(start, inner)}`,
    'Z',
  ].join(' ');
}

/** How the portfolio is spread: a donut with a legend that carries the numbers. */
export function WeightPie({ holdings, cash }: { holdings: readonly Holding[]; cash: number }) {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  const slices = pieSlices(holdings, cash, {
    cash: t('weights.cash'),
    otherStocks: t('weights.otherStocks'),
  });
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  if (total <= 0) return null;
  const pad = slices.length > 1 ? PAD : 0;
  let angle = 0;
  const drawn = slices.map((slice, index) => {
    const sweep = (slice.value / total) * Math.PI * 2;
    const start = angle + pad / 2;
    const end = angle + sweep - pad / 2;
    angle += sweep;
    return { ...slice, color: PIE_COLORS[index % PIE_COLORS.length]!, start, end, sweep };
  });
  const summary = drawn
    .map((slice) => `${slice.label} ${format.percent(slice.value / total)}`)
    .join(', ');

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 3 }}>
      <Box
        component="svg"
        viewBox="0 0 200 200"
        role="img"
        aria-label={t('weights.label', { summary })}
        sx={{ width: { xs: 180, sm: 200 }, height: { xs: 180, sm: 200 }, flexShrink: 0 }}
      >
        {drawn.map((slice) =>
          slice.sweep >= Math.PI * 2 - 1e-9 ? (
            <g key={slice.label}>
              <circle cx="100" cy="100" r="77" fill="none" stroke={slice.color} strokeWidth="38" />
            </g>
          ) : (
            <path
              key={slice.label}
              d={arc(slice.start, Math.max(slice.start, slice.end))}
              fill={slice.color}
            />
          ),
        )}
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {drawn.map((slice) => (
          <Box
            component="li"
            key={slice.label}
            sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
          >
            <Box
              aria-hidden="true"
              sx={{
                width: 14,
                height: 14,
                borderRadius: '3px',
                bgcolor: slice.color,
                flexShrink: 0,
              }}
            />
            <Typography component="span" sx={{ fontWeight: 700, minWidth: 96 }}>
              {slice.label}
            </Typography>
            <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {format.percent(slice.value / total)} · {format.cents(slice.value)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
