import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * A small SVG donut with a legend that carries the numbers, so colour is never the only
 * signal: each slice's label and value are written beside its swatch, and the picture has a
 * text alternative. Used by a contest's portfolio weights and the budget's expenses.
 */

/** Five colours, each at least 3:1 against white (WCAG non-text contrast). */
export const PIE_COLORS = ['#1457b8', '#1a6b43', '#b35c00', '#6a3fb5', '#5f6b7a'] as const;
/** Spec section 9: a pie has at most five colours. */
export const MAX_SLICES = PIE_COLORS.length;
/** Gap between slices, in radians, when there is more than one. */
const PAD = 0.035;

export interface Slice {
  label: string;
  value: number;
}

/** The biggest slices first, the rest folded into one "other" slice, at most `max` in all. */
export function foldSlices(
  slices: readonly Slice[],
  otherLabel: string,
  max = MAX_SLICES,
): Slice[] {
  const sorted = slices.filter((slice) => slice.value > 0).sort((a, b) => b.value - a.value);
  if (sorted.length <= max) return sorted;
  const other = sorted.slice(max - 1).reduce((sum, slice) => sum + slice.value, 0);
  return [...sorted.slice(0, max - 1), { label: otherLabel, value: other }];
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

/**
 * At most five slices (fold them first with `foldSlices`). `label` names the picture for
 * assistive technology (it should carry the numbers); `describe` writes a slice's numbers in
 * the legend.
 */
export function DonutChart({
  slices,
  label,
  describe,
}: {
  slices: readonly Slice[];
  label: (summary: { slice: Slice; share: number }[]) => string;
  describe: (slice: Slice, share: number) => ReactNode;
}) {
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
  const shares = drawn.map((slice) => ({ slice, share: slice.value / total }));

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 3 }}>
      <Box
        component="svg"
        viewBox="0 0 200 200"
        role="img"
        aria-label={label(shares)}
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
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, minWidth: 0 }}
      >
        {drawn.map((slice) => (
          <Box
            component="li"
            key={slice.label}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
          >
            <Box
              aria-hidden="true"
              sx={{
                width: 14,
                height: 14,
                borderRadius: '3px',
                bgcolor: slice.color,
                flexShrink: 0,
                printColorAdjust: 'exact',
                WebkitPrintColorAdjust: 'exact',
              }}
            />
            <Typography component="span" sx={{ fontWeight: 700, minWidth: 96 }}>
              {slice.label}
            </Typography>
            <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {describe(slice, slice.value / total)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
