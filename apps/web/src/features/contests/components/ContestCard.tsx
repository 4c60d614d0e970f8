import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Contest } from '@bullpen/contract/contests';
import { useTranslation } from 'react-i18next';
import { ListCard } from '@/components/ListCard.tsx';
import { useFormatters } from '@/lib/format.ts';
import { contestPaths } from '../api/paths.ts';
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
    <ListCard
      title={contest.name}
      to={contestPaths.contest(contest.id)}
      chips={
        <Chip
          size="small"
          label={t(`status.${contest.status}`)}
          color={statusColors[contest.status]}
        />
      }
      actions={actions}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('card.summary', {
          start: format.dateTime(contest.starts_at),
          end: format.dateTime(contest.ends_at),
          count: contest.members_count,
        })}
      </Typography>
      {children}
    </ListCard>
  );
}
