import { lazy, Suspense, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { Contest } from '@bullpen/contract/contests';
import { ActionButton, ActionLink } from '@/components/ActionButton.tsx';
import { Heading } from '@/components/Heading.tsx';
import { PageContainer } from '@/components/PageContainer.tsx';
import { RenderWhenNear } from '@/components/RenderWhenNear.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useSession } from '@/lib/session.tsx';
import { useContest } from '../api/contest-queries.ts';
import { useContestUser } from '../api/contest-users-queries.ts';
import { sharesBySecurity, useHoldings } from '../api/portfolios-queries.ts';
import { contestPaths } from '../api/paths.ts';
import { ContestHeader } from '../components/ContestHeader.tsx';
import { ContestRules } from '../components/ContestRules.tsx';
import { Leaderboard } from '../components/Leaderboard.tsx';
import { ManagePortfolios } from '../components/ManagePortfolios.tsx';
import { PageState } from '../components/PageState.tsx';
import { PortfolioSummary, PortfolioSummarySkeleton } from '../components/PortfolioSummary.tsx';
import { TeacherNotes } from '../components/TeacherNotes.tsx';
import { TradingPausedDialog } from '../components/TradingPausedDialog.tsx';
import { useLeaderboardUpdates } from '../hooks/use-leaderboard-updates.ts';
import { useTrade, type OrderSide } from '../hooks/use-trade.ts';
import styles from './ContestPage.module.css';

/** The value and risk-adjusted rankings' tabs, for a contest with that option only. */
const RankingTabs = lazy(() =>
  import('../components/RankingTabs.tsx').then((module) => ({ default: module.RankingTabs })),
);

export interface TradingSlotProps {
  contest: Contest;
  /** Shares the viewer holds in this contest, by security id. */
  shares: Record<number, number>;
  /** Opens the order ticket, or explains that trading is paused. */
  onTrade: (orderType: OrderSide, securityId: number) => void;
}

/**
 * /contest/{id}: the contest, the viewer's summary, the leaderboard and, for members, a stock
 * search to buy from (composed in by the app: `renderTrading`).
 */
export function ContestPage({
  contestId,
  renderTrading,
}: {
  contestId: number;
  renderTrading: (props: TradingSlotProps) => ReactNode;
}) {
  const { t } = useTranslation('contests');
  const contestQuery = useContest(contestId);
  const contest = contestQuery.data;
  const mine = useContestUser(contest?.my_contest_user);
  const holdings = useHoldings(contest?.my_contest_user);
  const { trade, paused } = useTrade(contest);
  useLeaderboardUpdates(contest?.id);
  useDocumentTitle(contest?.name ?? t('contestPage.title'));

  if (!contest) return <PageState error={contestQuery.error} label={t('contestPage.loading')} />;

  const tradable = contest.status === 'active' || contest.status === 'upcoming';
  const leaderboard = (
    <Leaderboard
      contestId={contest.id}
      myContestUser={contest.my_contest_user}
      membersCount={contest.members_count}
    />
  );
  // The stock list's place while it is far from the screen or its code loads: about its height.
  const tradingPlace = (
    <div className={styles.tradingPlace}>
      <p className={styles.help}>{t('contestPage.loadingStocks')}</p>
    </div>
  );
  return (
    <PageContainer>
      <ContestHeader contest={contest} />
      <div className={styles.section}>
        <ContestRules contest={contest} />
      </div>
      {contest.can_manage && contest.status !== 'ended' && (
        <div className={styles.section}>
          <ManagePortfolios contest={contest} />
        </div>
      )}
      {contest.my_contest_user !== null && (
        <section aria-labelledby="my-summary-heading" className={styles.section}>
          <div className={styles.summaryHead}>
            <Heading id="my-summary-heading">{t('contestPage.myPortfolio')}</Heading>
            <div className={styles.actions}>
              <ActionLink to={contestPaths.portfolio(contest.my_contest_user)} variant="contained">
                {t('contestPage.openPortfolio')}
              </ActionLink>
              <OrderHistoryButton contestId={contest.id} />
            </div>
          </div>
          {mine.data ? (
            <PortfolioSummary
              cash={mine.data.cash}
              value={mine.data.value}
              returnRatio={mine.data.return_ratio}
            />
          ) : (
            <PortfolioSummarySkeleton label={t('contestPage.loadingPortfolio')} />
          )}
          {!contest.can_manage && <TeacherNotes contestId={contest.id} />}
        </section>
      )}
      <div className={styles.section}>
        {contest.risk_board.mode === 'off' ? (
          leaderboard
        ) : (
          <Suspense fallback={leaderboard}>
            <RankingTabs contest={contest} valueRanking={leaderboard} />
          </Suspense>
        )}
      </div>
      {contest.my_contest_user !== null && (
        <section aria-labelledby="buy-heading">
          <div className={styles.buyHead}>
            <Heading id="buy-heading">{t('contestPage.buyHeading')}</Heading>
          </div>
          {contest.status === 'upcoming' && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('contestPage.upcoming')}
            </Alert>
          )}
          {!tradable && (
            <Alert severity={contest.status === 'frozen' ? 'warning' : 'info'} sx={{ mb: 2 }}>
              {contest.status === 'ended' ? t('contestPage.ended') : t('contestPage.paused')}
            </Alert>
          )}
          <p className={styles.help}>{t('contestPage.searchHelp')}</p>
          {/* Below the leaderboard, a screen and a half down on a phone: the stock list (its code,
              its queries and twenty rows of buttons) renders when its place comes near the
              screen, not with the page (issue #13). */}
          <RenderWhenNear placeholder={tradingPlace}>
            <Suspense fallback={tradingPlace}>
              {renderTrading({ contest, shares: sharesBySecurity(holdings.data), onTrade: trade })}
            </Suspense>
          </RenderWhenNear>
        </section>
      )}
      <TradingPausedDialog contest={contest} {...paused} />
    </PageContainer>
  );
}

/**
 * The Order History button, which needs the account's id. The session is read here, not by the
 * page: when the stored token has been checked, only this button renders again, not the page with
 * its leaderboard and stock list (issue #13).
 */
function OrderHistoryButton({ contestId }: { contestId: number }) {
  const { t } = useTranslation('contests');
  const session = useSession();
  if (session.user) {
    return (
      <ActionLink to={contestPaths.orderHistory(session.user.id, contestId)} variant="outlined">
        {t('contestPage.orderHistory')}
      </ActionLink>
    );
  }
  // The button's place while the account loads, so the row does not wrap later.
  return session.token ? (
    <ActionButton
      variant="outlined"
      disabled
      aria-hidden="true"
      tabIndex={-1}
      style={{ visibility: 'hidden' }}
    >
      {t('contestPage.orderHistory')}
    </ActionButton>
  ) : null;
}
