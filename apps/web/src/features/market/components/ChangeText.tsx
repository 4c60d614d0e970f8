import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A signed gain or loss: green with "+" for a gain, red with "−" for a loss (colour is never
 * the only signal). Both colours pass WCAG AA on white.
 */
export function ChangeText({
  value,
  children,
  sx,
}: {
  /** Only its sign matters: it picks the colour. */
  value: number;
  children: string;
  sx?: SxProps<Theme>;
}) {
  const color = value > 0 ? 'success.main' : value < 0 ? 'error.main' : 'text.secondary';
  return (
    <Box
      component="span"
      sx={[
        { color, fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
