import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import type { Holding, Order } from '@bullpen/contract/trading';
import { PageContainer } from '@/components/PageContainer.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useLivePrices } from '@/lib/live-prices.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useCancelPendingOrderMutation, usePendingOrders } from '../api/pending-orders-api.ts';
import { useContestUser } from '../api/contest-users-queries.ts';
import { useHoldings } from '../api/portfolios-queries.ts';
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
import { useTrade, type OrderSide } from '../hooks/use-trade.ts';
import { priceHoldings } from '../live-holdings.ts';
import { tradingPauseText } from '../trading-pause.ts';

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
  const { t } = useTranslation('contests');
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
  const title = contestUser
    ? isMine
      ? t('portfolio.mine')
      : t('portfolio.other', { name: contestUser.user.username })
    : t('portfolio.title');
  useDocumentTitle(title);

  if (!contestUser) {
    return <PageState error={portfolio.error} label={t('portfolio.loading')} />;
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
      notify(
        t('portfolio.cancelled', { quantity: order.quantity, symbol: order.symbol }),
        'success',
      );
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
        {title}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        <Trans
          t={t}
          i18nKey="portfolio.where"
          values={{ contest: contest.name }}
          components={{
            contest: <Link component={RouterLink} to={contestPaths.contest(contest.id)} />,
          }}
        />
        {!isMine && t('portfolio.viewingOther')}
      </Typography>
      {contest.status === 'frozen' && (
        <Alert severity="warning" sx={{ mb: 2, maxWidth: 760 }}>
          {t('frozen')}
        </Alert>
      )}
      {contest.status !== 'frozen' && tradingPauseText(contest) !== null && (
        <Alert severity="warning" sx={{ mb: 2, maxWidth: 760 }}>
          {tradingPauseText(contest)}
        </Alert>
      )}
      <PortfolioDescription contestUser={contestUser} isMine={isMine} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}>
        <Button
          component={RouterLink}
          to={contestPaths.stats(contestUser.user.id, contest.id)}
          variant="outlined"
        >
          {t('portfolio.stats')}
        </Button>
        <Button
          component={RouterLink}
          to={contestPaths.orderHistory(contestUser.user.id, contest.id)}
          variant="outlined"
        >
          {t('portfolio.orderHistory')}
        </Button>
      </Box>
      <Box sx={{ mb: 5 }}>
        <PortfolioSummary cash={cash} value={value} returnRatio={returnRatio} />
      </Box>
      <Section id="holdings-heading" title={t('portfolio.holdings')}>
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
              ? t('portfolio.loadingHoldings')
              : holdingsQuery.isError
                ? errorText(holdingsQuery.error)
                : t('portfolio.noStocks')}
            {isMine && holdingsQuery.isSuccess && (
              <>
                {' '}
                <Link component={RouterLink} to={contestPaths.contest(contest.id)}>
                  {t('portfolio.findStocks')}
                </Link>
              </>
            )}
          </Typography>
        )}
      </Section>
      {holdings && (
        <Section id="weights-heading" title={t('portfolio.weights')}>
          <WeightPie holdings={holdings.results} cash={holdings.cash} />
        </Section>
      )}
      <Section id="value-heading" title={t('portfolio.valueOverTime')}>
        <ValueHistory contestUserId={contestUserId} isMine={isMine} />
      </Section>
      <Section id="pending-heading" title={t('portfolio.pending')}>
        {pendingOrders.length > 0 ? (
          <>
            <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>
              {t('portfolio.pendingHelp')}
              {isMine && t('portfolio.pendingCancelHelp')}
            </Typography>
            <OrdersTable
              orders={pendingOrders}
              label={t('portfolio.pending')}
              variant="pending"
              onCancel={isMine ? (order) => void cancelOrder(order) : undefined}
              cancelling={cancelling}
            />
          </>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>
            {pending.isPending ? t('portfolio.loadingPending') : t('portfolio.noPending')}
          </Typography>
        )}
      </Section>
      {renderPopup({ shares, onTrade: trade })}
      <TradingPausedDialog contest={contest} {...paused} />
    </PageContainer>
  );
}
