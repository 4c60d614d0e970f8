import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FixedPagination } from '@/components/FixedPagination.tsx';
import { Heading } from '@/components/Heading.tsx';
import { TextLink } from '@/components/TextLink.tsx';
import { TextSkeleton } from '@/components/TextSkeleton.tsx';
import { EquippedBadge, FramedInitial } from '@/components/rewards/RewardLooks.tsx';
import { visuallyHiddenClass } from '@/components/visually-hidden.ts';
import { useEquippedOf } from '@/lib/equipped-rewards.ts';
import { useFormatters } from '@/lib/format.ts';
import { LEADERBOARD_PAGE_SIZE, useLeaderboard } from '../api/contest-users-queries.ts';
import { contestPaths } from '../api/paths.ts';
import { SignedAmount } from './SignedAmount.tsx';
import styles from './Leaderboard.module.css';

/**
 * Players by portfolio value, ten a page, refreshed every 30 s while the page is visible.
 * Equal values share a rank (the server ranks them). Members open each other's portfolios.
 */
export function Leaderboard({
  contestId,
  myContestUser,
  membersCount,
}: {
  contestId: number;
  myContestUser: number | null;
  /** The contest's member count, when known: while loading, as many placeholder rows. */
  membersCount?: number;
}) {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const board = useLeaderboard(contestId, page);
  const rows = board.data?.results ?? [];
  // The frames and badges of this page's players, in one request.
  const equipped = useEquippedOf(rows.map((row) => row.user.id)).data;
  const member = myContestUser !== null;
  // The first load shows the rows it expects (the page's height does not change when they come).
  const placeholderRows =
    board.isPending && membersCount ? Math.min(membersCount, LEADERBOARD_PAGE_SIZE) : 0;
  const count = board.data?.count ?? (board.isPending ? (membersCount ?? 0) : 0);

  return (
    <section aria-labelledby="leaderboard-heading">
      <div className={styles.heading}>
        <Heading id="leaderboard-heading">{t('leaderboard.title')}</Heading>
      </div>
      <div
        role="region"
        aria-label={t('leaderboard.title')}
        tabIndex={0}
        className={styles.container}
      >
        <table className={styles.table} aria-labelledby="leaderboard-heading">
          <thead>
            <tr>
              <th scope="col" className={`${styles.cell} ${styles.head}`}>
                {t('leaderboard.rank')}
              </th>
              <th scope="col" className={`${styles.cell} ${styles.head}`}>
                {t('leaderboard.player')}
              </th>
              <th scope="col" className={`${styles.cell} ${styles.head} ${styles.numeric}`}>
                {t('leaderboard.value')}
              </th>
              <th scope="col" className={`${styles.cell} ${styles.head} ${styles.numeric}`}>
                {t('leaderboard.return')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const mine = row.contest_user === myContestUser;
              const shown = equipped?.get(row.user.id);
              return (
                <tr key={row.contest_user} className={mine ? styles.mine : undefined}>
                  <td className={`${styles.cell} ${styles.rank}`}>{row.rank}</td>
                  <th scope="row" className={`${styles.cell} ${styles.player}`}>
                    {shown?.frame && (
                      <span className={styles.frame}>
                        <FramedInitial
                          slug={shown.frame}
                          initial={row.user.username.charAt(0)}
                          src={row.user.avatar}
                          size={20}
                        />
                      </span>
                    )}
                    {member ? (
                      <TextLink to={contestPaths.portfolio(row.contest_user)}>
                        {row.user.username}
                      </TextLink>
                    ) : (
                      row.user.username
                    )}
                    {mine && t('leaderboard.you')}
                    {shown?.badge && (
                      <span className={styles.badge}>
                        <EquippedBadge slug={shown.badge} size={18} />
                      </span>
                    )}
                  </th>
                  <td className={`${styles.cell} ${styles.numeric} ${styles.value}`}>
                    {format.cents(row.value)}
                  </td>
                  <td className={`${styles.cell} ${styles.numeric}`}>
                    <SignedAmount ratio={row.return_ratio} />
                  </td>
                </tr>
              );
            })}
            {Array.from({ length: placeholderRows }, (_, index) => (
              // The first row says it is loading; the placeholders are not read out.
              <tr key={`placeholder-${index}`} aria-hidden={index > 0 ? 'true' : undefined}>
                <td className={styles.cell}>
                  {index === 0 && (
                    <span role="status" className={visuallyHiddenClass}>
                      {t('leaderboard.loading')}
                    </span>
                  )}
                  <TextSkeleton width="2ch" />
                </td>
                <td className={styles.cell}>
                  <TextSkeleton width="12ch" />
                </td>
                <td className={`${styles.cell} ${styles.numeric}`}>
                  <TextSkeleton width="11ch" alignEnd />
                </td>
                <td className={`${styles.cell} ${styles.numeric}`}>
                  <TextSkeleton width="6ch" alignEnd />
                </td>
              </tr>
            ))}
            {rows.length === 0 && placeholderRows === 0 && (
              <tr>
                <td colSpan={4} className={`${styles.cell} ${styles.message}`}>
                  {board.isPending
                    ? t('leaderboard.loading')
                    : board.isError
                      ? t('leaderboard.error')
                      : t('leaderboard.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {count > LEADERBOARD_PAGE_SIZE && (
        <FixedPagination
          count={count}
          page={page - 1}
          pageSize={LEADERBOARD_PAGE_SIZE}
          onPageChange={(next) => setPage(next + 1)}
        />
      )}
    </section>
  );
}
