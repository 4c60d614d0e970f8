import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RiskBoardSetting } from '@bullpen/contract/contests';
import type { RiskBoardLine } from '@bullpen/contract/risk-board';
import { FixedPagination } from '@/components/FixedPagination.tsx';
import { Heading } from '@/components/Heading.tsx';
import { TextLink } from '@/components/TextLink.tsx';
import { useFormatters } from '@/lib/format.ts';
import { LEADERBOARD_PAGE_SIZE } from '../api/contest-users-queries.ts';
import { useRiskBoard } from '../api/risk-board-api.ts';
import { contestPaths } from '../api/paths.ts';
import { SignedAmount } from './SignedAmount.tsx';
import styles from './RiskBoard.module.css';

/**
 * The risk-adjusted ranking, the contest page's second tab (docs/decisions/050-risk-adjusted-board.md):
 * what it ranks by in words a student understands, then the lines the server ordered. Loaded
 * when the tab is first opened, with its catalogue, so the page's first load does not carry it.
 */
export function RiskBoard({
  contestId,
  myContestUser,
}: {
  contestId: number;
  myContestUser: number | null;
}) {
  const { t } = useTranslation('risk-board');
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const board = useRiskBoard(contestId, page);
  const rows = board.data?.results ?? [];
  const setting = board.data?.setting;
  const member = myContestUser !== null;

  const measure = (row: RiskBoardLine, shown: RiskBoardSetting) =>
    shown.mode === 'sharpe'
      ? row.sharpe_ratio === null
        ? t('board.unranked')
        : format.decimal(row.sharpe_ratio)
      : format.percent(row.max_drawdown_bps / 10_000);
  const status = (row: RiskBoardLine, shown: RiskBoardSetting) =>
    row.status === 'needs_days'
      ? t('board.needsDays', { count: shown.mode === 'sharpe' ? shown.min_trading_days : 1 })
      : row.status === 'past_limit'
        ? t('board.pastLimit')
        : null;

  return (
    <section aria-labelledby="risk-board-heading">
      <div className={styles.heading}>
        <Heading id="risk-board-heading">{t('board.title')}</Heading>
      </div>
      {setting && (
        <p>
          {setting.mode === 'sharpe'
            ? t('board.sharpeExplain', { count: setting.min_trading_days })
            : t('board.drawdownExplain', {
                percent: format.percent(setting.max_drawdown_bps / 10_000),
              })}{' '}
          {t('board.updated')}
        </p>
      )}
      <div role="region" aria-label={t('board.title')} tabIndex={0} className={styles.container}>
        <table className={styles.table} aria-labelledby="risk-board-heading">
          <thead>
            <tr>
              <th scope="col" className={`${styles.cell} ${styles.head}`}>
                {t('board.rank')}
              </th>
              <th scope="col" className={`${styles.cell} ${styles.head}`}>
                {t('board.player')}
              </th>
              <th scope="col" className={`${styles.cell} ${styles.head} ${styles.numeric}`}>
                {setting?.mode === 'drawdown' ? t('board.drawdown') : t('board.sharpe')}
              </th>
              <th scope="col" className={`${styles.cell} ${styles.head} ${styles.numeric}`}>
                {t('board.return')}
              </th>
            </tr>
          </thead>
          <tbody>
            {setting &&
              rows.map((row) => {
                const mine = row.contest_user === myContestUser;
                const note = status(row, setting);
                return (
                  <tr key={row.contest_user} className={mine ? styles.mine : undefined}>
                    <td className={`${styles.cell} ${styles.rank}`}>
                      {row.rank ?? t('board.unranked')}
                    </td>
                    <th scope="row" className={`${styles.cell} ${styles.player}`}>
                      {member ? (
                        <TextLink to={contestPaths.portfolio(row.contest_user)}>
                          {row.user.username}
                        </TextLink>
                      ) : (
                        row.user.username
                      )}
                      {mine && t('board.you')}
                      {note && <small className={styles.note}>{note}</small>}
                    </th>
                    <td className={`${styles.cell} ${styles.numeric} ${styles.value}`}>
                      {measure(row, setting)}
                    </td>
                    <td className={`${styles.cell} ${styles.numeric}`}>
                      <SignedAmount ratio={row.return_ratio} />
                    </td>
                  </tr>
                );
              })}
            {rows.length === 0 && (
              <tr>
                <td colSpan={4} className={`${styles.cell} ${styles.message}`}>
                  <span role="status">
                    {board.isPending
                      ? t('board.loading')
                      : board.isError
                        ? t('board.error')
                        : t('board.empty')}
                  </span>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {(board.data?.count ?? 0) > LEADERBOARD_PAGE_SIZE && (
        <FixedPagination
          count={board.data!.count}
          page={page - 1}
          pageSize={LEADERBOARD_PAGE_SIZE}
          onPageChange={(next) => setPage(next + 1)}
        />
      )}
    </section>
  );
}
