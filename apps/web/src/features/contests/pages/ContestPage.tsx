import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Contest } from '@bullpen/contract/contests';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useSession } from '@/lib/session.tsx';
import { useContest } from '../api/get-contest.ts';
import { useContestUser } from '../api/get-contest-user.ts';
import { sharesBySecurity, useHoldings } from '../api/get-holdings.ts';
import { contestPaths } from '../api/paths.ts';
import { ContestHeader } from '../components/ContestHeader.tsx';
import { Leaderboard } from '../components/Leaderboard.tsx';
import { PageState } from '../components/PageState.tsx';
import { PortfolioSummary } from '../components/PortfolioSummary.tsx';
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
  const contestQuery = useContest(contestId);
  const contest = contestQuery.data;
  const mine = useContestUser(contest?.my_contest_user);
  const holdings = useHoldings(contest?.my_contest_user);
  const session = useSession();
  const { trade, paused } = useTrade(contest);
  useLeaderboardUpdates(contest?.id);
  useDocumentTitle(contest?.name ?? 'Contest');

  if (!contest) return <PageState error={contestQuery.error} label="Loading the contest" />;

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
              My portfolio
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                component={RouterLink}
                to={contestPaths.portfolio(contest.my_contest_user)}
                variant="contained"
              >
                Open my portfolio
              </Button>
              {session.user && (
                <Button
                  component={RouterLink}
                  to={contestPaths.orderHistory(session.user.id, contest.id)}
                  variant="outlined"
                >
                  Order history
                </Button>
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
            <Typography sx={{ color: 'text.secondary' }}>Loading your portfolio…</Typography>
          )}
        </Box>
      )}
      <Box sx={{ mb: 5 }}>
        <Leaderboard contestId={contest.id} myContestUser={contest.my_contest_user} />
      </Box>
      {contest.my_contest_user !== null && (
        <Box component="section" aria-labelledby="buy-heading">
          <Typography id="buy-heading" variant="h2" sx={{ mb: 1 }}>
            Buy stocks
          </Typography>
          {contest.status === 'upcoming' && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Trading opens when the contest starts. You can look around until then.
            </Alert>
          )}
          {!tradable && (
            <Alert severity={contest.status === 'frozen' ? 'warning' : 'info'} sx={{ mb: 2 }}>
              {contest.status === 'ended'
                ? 'This contest has ended: no more trading.'
                : 'Trading is paused by the contest’s owner. You can look around; BUY and SELL work again when they resume trading.'}
            </Alert>
          )}
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>
            Search by name or ticker, then press BUY. SELL works for stocks you own.
          </Typography>
          {renderTrading({ contest, shares: sharesBySecurity(holdings.data), onTrade: trade })}
        </Box>
      )}
      <TradingPausedDialog contest={contest} {...paused} />
    </PageContainer>
  );
}
