import { Navigate, Link as RouterLink } from 'react-router';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Trans, useTranslation } from 'react-i18next';
import { Heading } from '@/components/Heading.tsx';
import { MarketSourceLine } from '@/components/MarketSourceLine.tsx';
import { PageContainer } from '@/components/PageContainer.tsx';
import { TextLink } from '@/components/TextLink.tsx';
import { useLivePrices } from '@/lib/live-prices.ts';
import { useRouteParams } from '@/lib/route-params.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useContest } from '../api/contest-queries.ts';
import { useHoldings } from '../api/portfolios-queries.ts';
import { useMarketStatus } from '@/lib/market-status.ts';
import { useSecurity } from '../api/securities-queries.ts';
import { contestPaths } from '../api/paths.ts';
import { OrderTicket } from '../components/OrderTicket.tsx';
import { PageState } from '../components/PageState.tsx';
import styles from './PlaceOrderPage.module.css';

/** /place-order/{BUY|SELL}/{contestId}/{securityId}: the order ticket in the viewer's portfolio. */
export function PlaceOrderPage({
  orderType,
  contestId,
  securityId,
}: {
  orderType: string;
  contestId: number;
  securityId: number;
}) {
  const { t } = useTranslation('contests');
  const side = orderType.toUpperCase() === 'SELL' ? 'SELL' : 'BUY';
  const contest = useContest(contestId);
  const security = useSecurity(securityId);
  const contestUserId = contest.data?.my_contest_user ?? null;
  const holdings = useHoldings(contestUserId);
  const market = useMarketStatus();
  const live = useLivePrices([securityId]).get(securityId);
  const symbol = security.data?.symbol;
  useDocumentTitle(
    symbol
      ? t(side === 'BUY' ? 'placeOrder.titleBuy' : 'placeOrder.titleSell', { symbol })
      : t('placeOrder.title'),
  );

  if (!contest.data || !security.data) {
    return <PageState error={contest.error ?? security.error} label={t('placeOrder.loading')} />;
  }
  const heading = t(side === 'BUY' ? 'placeOrder.headingBuy' : 'placeOrder.headingSell', {
    name: security.data.name,
    symbol: security.data.symbol,
  });
  if (contestUserId === null) {
    return (
      <PageContainer>
        <Heading level={1} className={styles.joinTitle}>
          {heading}
        </Heading>
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={contestPaths.contest(contestId)} color="inherit">
              {t('placeOrder.openContest')}
            </Button>
          }
        >
          {t('placeOrder.joinToTrade', { contest: contest.data.name })}
        </Alert>
      </PageContainer>
    );
  }
  const lastPrice = live?.last_price ?? security.data.last_price;
  const previousClose = live?.previous_day_close_price ?? security.data.previous_day_close_price;
  const holding = holdings.data?.results.find((row) => row.security === securityId);
  return (
    <PageContainer maxWidth={760}>
      <Heading level={1} className={styles.title}>
        {heading}
      </Heading>
      <p className={styles.where}>
        <Trans
          t={t}
          i18nKey="placeOrder.where"
          values={{ contest: contest.data.name }}
          components={{
            contest: <TextLink to={contestPaths.contest(contestId)} />,
            portfolio: <TextLink to={contestPaths.portfolio(contestUserId)} />,
          }}
        />
      </p>
      {holdings.data ? (
        <OrderTicket
          key={`${side}-${securityId}`}
          side={side}
          contest={contest.data}
          contestUserId={contestUserId}
          security={security.data}
          lastPrice={lastPrice}
          dailyChange={lastPrice - previousClose}
          buyingPower={holdings.data.buying_power}
          reservedCash={holdings.data.reserved_cash}
          owned={holding?.share ?? 0}
          reservedShares={holding?.reserved_shares ?? 0}
          marketOpen={market.data?.is_open}
        />
      ) : (
        <div role="status">{t('placeOrder.loadingPortfolio')}</div>
      )}
      <MarketSourceLine namespace="contests" />
    </PageContainer>
  );
}

export function Component() {
  const params = useRouteParams('orderType', 'contestId', 'securityId');
  if (params === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  return (
    <PlaceOrderPage
      orderType={params.orderType}
      contestId={params.contestId}
      securityId={params.securityId}
    />
  );
}
