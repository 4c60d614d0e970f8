import { Suspense, lazy } from 'react';
import { Navigate } from 'react-router';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { useOpenedOnce } from '@/components/use-opened-once.ts';
import { useRouteParams } from '@/lib/route-params.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { Holding } from '@bullpen/contract/trading';
import type { Security } from '@bullpen/contract/market';
import { securityQueryOptions } from '@/features/contests/api/securities-queries.ts';
import { PortfolioPage } from '@/features/contests/pages/PortfolioPage.tsx';
import type { OrderType } from '@/features/market/components/StockListTable.tsx';
import { useStockPopup } from '@/features/market/hooks/use-stock-popup.ts';
import { errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';

/** The popup (MUI's Dialog, Tabs and the five panels) loads on the first open, not with the page. */
const StockPopup = lazy(() =>
  import('@/features/market/components/StockPopup.tsx').then((module) => ({
    default: module.StockPopup,
  })),
);

/** /contest-portfolio/{id}: a portfolio, its holdings' icons opening the market's stock popup. */
export function Component() {
  const params = useRouteParams('id');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const popup = useStockPopup();
  const popupLoaded = useOpenedOnce(popup.open);

  const openPanel = async (holding: Holding, tab: number) => {
    try {
      popup.openAt(await queryClient.fetchQuery(securityQueryOptions(holding.security)), tab);
    } catch (error) {
      notify(errorText(error), 'error');
    }
  };

  if (params === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  const contestUserId = params.id;
  return (
    <PortfolioPage
      contestUserId={contestUserId}
      onOpenPanel={(holding, tab) => void openPanel(holding, tab)}
      renderPopup={({ shares, onTrade }) =>
        popupLoaded && (
          <Suspense fallback={null}>
            <StockPopup
              popup={popup}
              holdings={shares}
              onTrade={(security: Security, orderType: OrderType) => {
                popup.close();
                onTrade(orderType, security.id);
              }}
            />
          </Suspense>
        )
      }
    />
  );
}
