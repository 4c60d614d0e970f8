import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { contestMessages } from '@bullpen/contract/contests';
import type { Holding, Order } from '@bullpen/contract/contests';
import { PageContainer } from '@/components/PageContainer.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useLivePrices } from '@/lib/live-prices.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useCancelPendingOrderMutation } from '../api/cancel-pending-order.ts';
import { useContestUser } from '../api/get-contest-user.ts';
import { useHoldings } from '../api/get-holdings.ts';
import { usePendingOrders } from '../api/get-pending-orders.ts';
import { contestPaths } from '../api/paths.ts';
import { HoldingsTable } from '../components/HoldingsTable.tsx';
import { OrdersTable } from '../components/OrdersTable.tsx';
import { PageState } from '../components/PageState.tsx';
import { PortfolioDescription } from '../components/PortfolioDescription.tsx';
import { PortfolioSummary } from '../components/PortfolioSummary.tsx';
import { TradingPausedDialog } from '../components/TradingPausedDialog.tsx';
import { ValueHistory } from '../components/ValueHistory.tsx';
import { WeightPie } from '../components/WeightPie.tsx';
import { useLeaderboardUpdates } from '../hooks/use-leaderboard-updates.ts';
import { useTrade } from '../hooks/use-trade.ts';
import type { OrderSide } from '../hooks/use-trade.ts';
import { priceHoldings } from '../live-holdings.ts';

export interface PortfolioPopupProps {
  /** Shares the viewer may sell, by security id (empty on someone else's portfolio). */
  shares: Record<number, number>;
  /** Opens the order ticket, or explains that trading is paused. */
  onTrade: (orderType: OrderSide, securityId: number) => void;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 5, minWidth: 0 }}>
      <Typography id={id} variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * /contest-portfolio/{id}: one portfolio. Its owner trades and cancels pending orders here;
 * other members of the contest see it read-only (Buy goes into their own portfolio).
 */
export function PortfolioPage({
  contestUserId,
  onOpenPanel,
  renderPopup,
}: {
  contestUserId: number;
  onOpenPanel: (holding: Holding, tab: number) => void;
  renderPopup: (props: PortfolioPopupProps) => ReactNode;
}) {
  const notify = useNotify();
  const portfolio = useContestUser(contestUserId);
  const holdingsQuery = useHoldings(contestUserId);
  const pending = usePendingOrders(contestUserId);
  const cancel = useCancelPendingOrderMutation();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const live = useLivePrices(holdingsQuery.data?.results.map((holding) => holding.security) ?? []);
  const contestUser = portfolio.data;
  const { trade, paused } = useTrade(contestUser?.contest);
  useLeaderboardUpdates(contestUser?.contest.id);
  const isMine = contestUser?.is_mine ?? false;
  useDocumentTitle(
    contestUser
      ? isMine
        ? 'My portfolio'
        : `${contestUser.user.username}’s portfolio`
      : 'Portfolio',
  );

  if (!contestUser) {
    return <PageState error={portfolio.error} label="Loading the portfolio" />;
  }
  const { contest } = contestUser;
  const holdings = holdingsQuery.data ? priceHoldings(holdingsQuery.data, live) : undefined;
  const value = holdings?.value ?? contestUser.value;
  const cash = holdings?.cash ?? contestUser.cash;
  const returnRatio =
    contest.starting_cash > 0 ? (value - contest.starting_cash) / contest.starting_cash : 0;
  const canBuy = contest.my_contest_user !== null && contest.status !== 'ended';
  const shares: Record<number, number> = {};
  if (isMine)
    for (const holding of holdings?.results ?? []) shares[holding.security] = holding.share;

  const cancelOrder = async (order: Order) => {
    setCancelling(order.id);
    try {
      await cancel.mutateAsync(order.id);
      notify(`Your pending order for ${order.quantity} ${order.symbol} was cancelled.`, 'success');
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      setCancelling(null);
    }
  };

  const pendingOrders = pending.data?.results ?? [];
  return (
    <PageContainer>
      <Typography variant="h1" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
        {isMine ? 'My portfolio' : `${contestUser.user.username}’s portfolio`}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        In{' '}
        <Link component={RouterLink} to={contestPaths.contest(contest.id)}>
          {contest.name}
        </Link>
        {!isMine && ' · You are viewing another player’s portfolio.'}
      </Typography>
      {contest.status === 'frozen' && (
        <Alert severity="warning" sx={{ mb: 2, maxWidth: 760 }}>
          {contestMessages.frozen}
        </Alert>
      )}
      <PortfolioDescription contestUser={contestUser} isMine={isMine} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}>
        <Button
          component={RouterLink}
          to={contestPaths.stats(contestUser.user.id, contest.id)}
          variant="outlined"
        >
          Portfolio stats
        </Button>
        <Button
          component={RouterLink}
          to={contestPaths.orderHistory(contestUser.user.id, contest.id)}
          variant="outlined"
        >
          Order history
        </Button>
      </Box>
      <Box sx={{ mb: 5 }}>
        <PortfolioSummary cash={cash} value={value} returnRatio={returnRatio} />
      </Box>
      <Section id="holdings-heading" title="Holdings">
        {holdings && holdings.results.length > 0 ? (
          <HoldingsTable
            holdings={holdings.results}
            isMine={isMine}
            canBuy={canBuy}
            onTrade={(holding, orderType) => trade(orderType, holding.security)}
            onOpenPanel={onOpenPanel}
          />
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>
            {holdingsQuery.isPending
              ? 'Loading holdings…'
              : holdingsQuery.isError
                ? errorText(holdingsQuery.error)
                : isMine
                  ? 'No stocks yet. '
                  : 'No stocks yet.'}
            {isMine && holdingsQuery.isSuccess && (
              <Link component={RouterLink} to={contestPaths.contest(contest.id)}>
                Find stocks to buy on the contest page
              </Link>
            )}
          </Typography>
        )}
      </Section>
      {holdings && (
        <Section id="weights-heading" title="How the money is spread">
          <WeightPie holdings={holdings.results} cash={holdings.cash} />
        </Section>
      )}
      <Section id="value-heading" title="Value over time">
        <ValueHistory contestUserId={contestUserId} isMine={isMine} />
      </Section>
      <Section id="pending-heading" title="Pending orders">
        {pendingOrders.length > 0 ? (
          <>
            <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>
              These orders wait for the market to open or for their limit price.
              {isMine && ' You can cancel them until they fill.'}
            </Typography>
            <OrdersTable
              orders={pendingOrders}
              label="Pending orders"
              variant="pending"
              onCancel={isMine ? (order) => void cancelOrder(order) : undefined}
              cancelling={cancelling}
            />
          </>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>
            {pending.isPending ? 'Loading pending orders…' : 'No pending orders.'}
          </Typography>
        )}
      </Section>
      {renderPopup({ shares, onTrade: trade })}
      <TradingPausedDialog contest={contest} {...paused} />
    </PageContainer>
  );
}
