import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Security } from '@bullpen/contract/market';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { StockList } from '../components/StockList.tsx';
import type { OrderType } from '../components/StockListTable.tsx';
import { StockPopup } from '../components/StockPopup.tsx';
import { StockSearchList } from '../components/StockSearchList.tsx';
import { TradeGateDialog } from '../components/TradeGateDialog.tsx';
import { useStockPopup } from '../hooks/use-stock-popup.ts';

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
  useDocumentTitle('Development');
  const popup = useStockPopup();
  const [order, setOrder] = useState<{ security: Security; orderType: OrderType } | null>(null);
  const onTrade = (security: Security, orderType: OrderType) => setOrder({ security, orderType });

  return (
    <PageContainer>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Development
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 5, maxWidth: 720 }}>
        The stock-market components with live data from Bullpen’s market. Nobody owns shares here,
        so SELL stays disabled; buying and selling happen inside a contest.
      </Typography>
      <GallerySection
        id="stock-list-heading"
        title="Stock list"
        description="Search by name or ticker, filter by category, and open a stock’s Info, Data, Chart or News."
      >
        <StockList label="Stocks" onTrade={onTrade} onOpenPanel={popup.openAt} />
      </GallerySection>
      <GallerySection
        id="stock-search-heading"
        title="Stock search"
        description="The search page’s list: more stocks load as you scroll to the bottom of the table."
      >
        <StockSearchList label="Search results" onTrade={onTrade} onOpenPanel={popup.openAt} />
      </GallerySection>
      <StockPopup popup={popup} onTrade={onTrade} />
      <TradeGateDialog order={order} onClose={() => setOrder(null)} />
    </PageContainer>
  );
}

export const Component = DevelopmentPage;
