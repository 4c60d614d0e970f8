import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * One item of a card list (`<ul>` styled with `cardGrid`): a linked title with its chips, the
 * item's own lines, and its actions at the bottom.
 */
export function ListCard({
  title,
  to,
  heading = 'h3',
  chips,
  children,
  actions,
}: {
  title: string;
  to: string;
  /** The heading element of the title, so the page's outline stays in order. */
  heading?: 'h2' | 'h3';
  chips?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h3" component={heading} sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={to}>
            {title}
          </Link>
        </Typography>
        {chips}
      </Box>
      {children}
      {actions && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 'auto', pt: 1 }}>{actions}</Box>
      )}
    </Paper>
  );
}

/** The `sx` of the `<ul>` that holds `ListCard`s: one column on a phone, two from md. */
export const cardGrid = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  gap: 2,
} as const;
