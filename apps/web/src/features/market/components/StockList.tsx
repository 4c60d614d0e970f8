import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { FixedPagination } from '@/components/FixedPagination.tsx';
import { MarketSourceLine } from '@/components/MarketSourceLine.tsx';
import { useLivePriceFeed } from '@/lib/live-prices.ts';
import { SECURITIES_PAGE_SIZE, useSecurities } from '../api/securities-api.ts';
import { StockFilters } from './StockFilters.tsx';
import { StockListTable, StockTableMessage, type StockListTableProps } from './StockListTable.tsx';

export type StockListProps = Pick<
  StockListTableProps,
  'holdings' | 'onTrade' | 'onOpenPanel' | 'label'
>;

/**
 * The stock list table with its search box, category filter and pages, and under them where the
 * prices come from (simulated, or a real day replayed).
 */
export function StockList(props: StockListProps) {
  const { t } = useTranslation('market');
  const [search, setSearch] = useState('');
  const [sectorId, setSectorId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const securities = useSecurities({ search, sectorId }, page);
  useLivePriceFeed();

  const rows = securities.data?.results ?? [];
  return (
    <Box>
      <StockFilters
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        sectorId={sectorId}
        onSectorChange={(id) => {
          setSectorId(id);
          setPage(1);
        }}
      />
      <Box sx={{ height: 4, mb: 0.5 }}>
        {securities.isFetching && <LinearProgress aria-label={t('list.loading')} />}
      </Box>
      <StockListTable
        {...props}
        securities={rows}
        footer={
          securities.isPending ? (
            <StockTableMessage>{t('list.loadingRows')}</StockTableMessage>
          ) : securities.isError ? (
            <StockTableMessage>{t('list.error')}</StockTableMessage>
          ) : rows.length === 0 ? (
            <StockTableMessage>{t('list.empty')}</StockTableMessage>
          ) : null
        }
      />
      <FixedPagination
        count={securities.data?.count ?? 0}
        page={page - 1}
        pageSize={SECURITIES_PAGE_SIZE}
        onPageChange={(next) => setPage(next + 1)}
      />
      <MarketSourceLine namespace="market" />
    </Box>
  );
}
