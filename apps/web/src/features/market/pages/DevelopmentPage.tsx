import { Suspense, lazy, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Security } from '@bullpen/contract/market';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useOpenedOnce } from '@/components/use-opened-once.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { StockList } from '../components/StockList.tsx';
import type { OrderType } from '../components/StockListTable.tsx';
import { StockSearchList } from '../components/StockSearchList.tsx';
import { useStockPopup } from '../hooks/use-stock-popup.ts';

/**
 * The popup (MUI's Dialog, Tabs, the five panels and the market's schemas) and the trade gate
 * load on their first open, not with the page.
 */
const StockPopup = lazy(() =>
  import('../components/StockPopup.tsx').then((module) => ({ default: module.StockPopup })),
);
const TradeGateDialog = lazy(() =>
  import('../components/TradeGateDialog.tsx').then((module) => ({
    default: module.TradeGateDialog,
  })),
);

function GallerySection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 6 }}>
      <Typography id={id} variant="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{description}</Typography>
      {children}
    </Box>
  );
}

/** /public/development: the market components, live, for trying them out before release. */
export function DevelopmentPage() {
  const { t } = useTranslation('market');
  useDocumentTitle(t('development.title'));
  const popup = useStockPopup();
  const [order, setOrder] = useState<{ security: Security; orderType: OrderType } | null>(null);
  const onTrade = (security: Security, orderType: OrderType) => setOrder({ security, orderType });
  const popupLoaded = useOpenedOnce(popup.open);
  const gateLoaded = useOpenedOnce(order !== null);

  return (
    <PageContainer>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('development.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 5, maxWidth: 720 }}>
        {t('development.intro')}
      </Typography>
      <GallerySection
        id="stock-list-heading"
        title={t('development.listTitle')}
        description={t('development.listText')}
      >
        <StockList label={t('list.label')} onTrade={onTrade} onOpenPanel={popup.openAt} />
      </GallerySection>
      <GallerySection
        id="stock-search-heading"
        title={t('development.searchTitle')}
        description={t('development.searchText')}
      >
        <StockSearchList
          label={t('list.searchResults')}
          onTrade={onTrade}
          onOpenPanel={popup.openAt}
        />
      </GallerySection>
      {popupLoaded && (
        <Suspense fallback={null}>
          <StockPopup popup={popup} onTrade={onTrade} />
        </Suspense>
      )}
      {gateLoaded && (
        <Suspense fallback={null}>
          <TradeGateDialog order={order} onClose={() => setOrder(null)} />
        </Suspense>
      )}
    </PageContainer>
  );
}

export const Component = DevelopmentPage;
