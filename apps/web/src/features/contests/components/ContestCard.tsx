import type { ReactNode } from 'react';
import type { Contest } from '@bullpen/contract/contests';
import { useTranslation } from 'react-i18next';
import { ListCard } from '@/components/ListCard.tsx';
import { StatusChip } from '@/components/StatusChip.tsx';
import { useFormatters } from '@/lib/format.ts';
import { contestPaths } from '../api/paths.ts';
import { statusColors } from '../format.ts';
import styles from './ContestCard.module.css';

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
        <StatusChip
          size="small"
          label={t(`status.${contest.status}`)}
          color={statusColors[contest.status]}
        />
      }
      actions={actions}
    >
      <p className={styles.summary}>
        {t('card.summary', {
          start: format.dateTime(contest.starts_at),
          end: format.dateTime(contest.ends_at),
          count: contest.members_count,
        })}
      </p>
      {children}
    </ListCard>
  );
}
