import { Suspense, lazy } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { useOpenedOnce } from '@/components/use-opened-once.ts';
import { useRouteParams } from '@/lib/route-params.ts';
import type { Security } from '@bullpen/contract/market';
import { ContestPage } from '@/features/contests/pages/ContestPage.tsx';
import type { OrderType } from '@/features/market/components/StockListTable.tsx';
import { useStockPopup } from '@/features/market/hooks/use-stock-popup.ts';

/**
 * The stock list, with its filters and search field: it renders when its place comes near the
 * screen (ContestPage), and its code loads then (issue #13).
 */
const StockSearchList = lazy(() =>
  import('@/features/market/components/StockSearchList.tsx').then((module) => ({
    default: module.StockSearchList,
  })),
);

/** The popup (MUI's Dialog, Tabs and the five panels) loads on the first open, not with the page. */
const StockPopup = lazy(() =>
  import('@/features/market/components/StockPopup.tsx').then((module) => ({
    default: module.StockPopup,
  })),
);

/** /contest/{id}: the contest page with the market's stock search and popup to buy from. */
export function Component() {
  const { t } = useTranslation('market');
  const params = useRouteParams('id');
  const popup = useStockPopup();
  const popupLoaded = useOpenedOnce(popup.open);
  if (params === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  const contestId = params.id;
  return (
    <ContestPage
      contestId={contestId}
      renderTrading={({ shares, onTrade: trade }) => {
        const onTrade = (security: Security, orderType: OrderType) => {
          popup.close();
          trade(orderType, security.id);
        };
        return (
          <>
            <StockSearchList
              label={t('list.label')}
              holdings={shares}
              onTrade={onTrade}
              onOpenPanel={popup.openAt}
            />
            {popupLoaded && (
              <Suspense fallback={null}>
                <StockPopup popup={popup} holdings={shares} onTrade={onTrade} />
              </Suspense>
            )}
          </>
        );
      }}
    />
  );
}
