import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Contest } from '@bullpen/contract/contests';
import { PageContainer } from '@/components/PageContainer.tsx';
import { RenderLater } from '@/components/RenderLater.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useSession } from '@/lib/session.tsx';
import { useContest } from '../api/get-contest.ts';
import { useContestUser } from '../api/get-contest-user.ts';
import { sharesBySecurity, useHoldings } from '../api/get-holdings.ts';
import { contestPaths } from '../api/paths.ts';
import { ContestHeader } from '../components/ContestHeader.tsx';
import { Leaderboard } from '../components/Leaderboard.tsx';
import { PageState } from '../components/PageState.tsx';
import { PortfolioSummary, PortfolioSummarySkeleton } from '../components/PortfolioSummary.tsx';
import { TradingPausedDialog } from '../components/TradingPausedDialog.tsx';
import { useLeaderboardUpdates } from '../hooks/use-leaderboard-updates.ts';
import { useTrade } from '../hooks/use-trade.ts';
import type { OrderSide } from '../hooks/use-trade.ts';

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
  const session = useSession();
  const { trade, paused } = useTrade(contest);
  useLeaderboardUpdates(contest?.id);
  useDocumentTitle(contest?.name ?? t('contestPage.title'));

  if (!contest) return <PageState error={contestQuery.error} label={t('contestPage.loading')} />;

  const tradable = contest.status === 'active' || contest.status === 'upcoming';
  return (
    <PageContainer>
      <ContestHeader contest={contest} />
      {contest.my_contest_user !== null && (
        <Box component="section" aria-labelledby="my-summary-heading" sx={{ mb: 5 }}>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1,
              mb: 1.5,
            }}
          >
            <Typography id="my-summary-heading" variant="h2">
              {t('contestPage.myPortfolio')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                component={RouterLink}
                to={contestPaths.portfolio(contest.my_contest_user)}
                variant="contained"
              >
                {t('contestPage.openPortfolio')}
              </Button>
              {session.user ? (
                <Button
                  component={RouterLink}
                  to={contestPaths.orderHistory(session.user.id, contest.id)}
                  variant="outlined"
                >
                  {t('contestPage.orderHistory')}
                </Button>
              ) : (
                session.token && (
                  // The button's place while the account loads, so the row does not wrap later.
                  <Button
                    variant="outlined"
                    disabled
                    aria-hidden="true"
                    tabIndex={-1}
                    sx={{ visibility: 'hidden' }}
                  >
                    {t('contestPage.orderHistory')}
                  </Button>
                )
              )}
            </Box>
          </Box>
          {mine.data ? (
            <PortfolioSummary
              cash={mine.data.cash}
              value={mine.data.value}
              returnRatio={mine.data.return_ratio}
            />
          ) : (
            <PortfolioSummarySkeleton label={t('contestPage.loadingPortfolio')} />
          )}
        </Box>
      )}
      <Box sx={{ mb: 5 }}>
        <Leaderboard
          contestId={contest.id}
          myContestUser={contest.my_contest_user}
          membersCount={contest.members_count}
        />
      </Box>
      {contest.my_contest_user !== null && (
        <Box component="section" aria-labelledby="buy-heading">
          <Typography id="buy-heading" variant="h2" sx={{ mb: 1 }}>
            {t('contestPage.buyHeading')}
          </Typography>
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
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>
            {t('contestPage.searchHelp')}
          </Typography>
          {/* Below the leaderboard: the stock list (twenty rows of buttons) renders in a task of
              its own, after the contest's summary has painted (issue #13). */}
          <RenderLater>
            {renderTrading({ contest, shares: sharesBySecurity(holdings.data), onTrade: trade })}
          </RenderLater>
        </Box>
      )}
      <TradingPausedDialog contest={contest} {...paused} />
    </PageContainer>
  );
}
