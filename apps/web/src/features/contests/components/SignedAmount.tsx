import Box from '@mui/material/Box';
import { useFormatters } from '@/lib/format.ts';

/**
 * A gain or loss: green with "+", red with "−" (colour is never the only signal). The theme's
 * success and error colours pass WCAG AA on white.
 */
export function SignedAmount({
  cents,
  ratio,
  sign,
}: {
  /** Money in cents; or give `ratio` for a percentage. */
  cents?: number;
  ratio?: number;
  /** The value whose sign picks the colour (default: the one shown). */
  sign?: number;
}) {
  const format = useFormatters();
  const value = sign ?? cents ?? ratio ?? 0;
  const text = cents !== undefined ? format.signedCents(cents) : format.signedPercent(ratio ?? 0);
  const rounded = cents !== undefined ? value : Math.round(value * 10_000);
  const color = rounded > 0 ? 'success.main' : rounded < 0 ? 'error.main' : 'text.secondary';
  return (
    <Box
      component="span"
      sx={{ color, fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {text}
    </Box>
  );
}
