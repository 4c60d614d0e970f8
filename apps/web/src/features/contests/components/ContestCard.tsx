import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Contest } from '@bullpen/contract/contests';
import { contestPaths } from '../api/paths.ts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format.ts';
import { statusColors } from '../format.ts';

/** A contest in a list, with its own figures and actions below the title. */
export function ContestCard({
  contest,
  children,
  actions,
}: {
  contest: Contest;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h3" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={contestPaths.contest(contest.id)}>
            {contest.name}
          </Link>
        </Typography>
        <Chip
          size="small"
          label={t(`status.${contest.status}`)}
          color={statusColors[contest.status]}
        />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('card.summary', {
          start: format.dateTime(contest.starts_at),
          end: format.dateTime(contest.ends_at),
          count: contest.members_count,
        })}
      </Typography>
      {children}
      {actions && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 'auto', pt: 1 }}>{actions}</Box>
      )}
    </Paper>
  );
}

export const cardGrid = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  gap: 2,
} as const;
