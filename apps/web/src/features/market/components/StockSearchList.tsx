import { useDeferredValue, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { debounceMs } from '@bullpen/contract/constants';
import { LOAD_MORE_THRESHOLD_PX } from '@bullpen/contract/ui';
import { useDebouncedCallback } from '@/components/use-debounced-callback.ts';
import { useFormatters } from '@/lib/format.ts';
import { useLivePriceFeed } from '@/lib/live-prices.ts';
import { useInfiniteSecurities } from '../api/get-securities.ts';
import { StockFilters } from './StockFilters.tsx';
import { StockListTable, StockTableMessage } from './StockListTable.tsx';
import type { StockListProps } from './StockList.tsx';

/**
 * The search page's variant: the next page of stocks loads when the table is scrolled within
 * 150 px of its bottom (checked 300 ms after scrolling stops), or with the Load more button.
 */
export function StockSearchList(props: StockListProps) {
  const { t } = useTranslation('market');
  const format = useFormatters();
  const [search, setSearch] = useState('');
  const [sectorId, setSectorId] = useState<number | null>(null);
  const query = useInfiniteSecurities({ search, sectorId });
  const containerRef = useRef<HTMLDivElement>(null);
  // New filters start a new list: back to its top.
  const toTop = () => containerRef.current?.scrollTo({ top: 0 });
  useLivePriceFeed();

  const loaded = useMemo(
    () => query.data?.pages.flatMap((page) => page.results) ?? [],
    [query.data],
  );
  // Written for React's deferred render, which draws new rows in slices and puts them aside for
  // typing or a click (issue #13). Under Preact (stop 26) `useDeferredValue` returns its value at
  // once, so the rows are drawn in the same render and `drawing` stays false; the loading row
  // shows only while the first page is fetched.
  const rows = useDeferredValue(loaded);
  const drawing = rows !== loaded;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // Not while rows that have arrived are still being drawn: the table has not grown yet, so it
  // would still look scrolled to the bottom and ask for one page too many.
  const loadMoreNearBottom = useDebouncedCallback((container: HTMLDivElement) => {
    const distance = container.scrollHeight - container.scrollTop - container.clientHeight;
    if (distance <= LOAD_MORE_THRESHOLD_PX && hasNextPage && !isFetchingNextPage && !drawing) {
      void fetchNextPage();
    }
  }, debounceMs.loadMore);

  const total = query.data?.pages[0]?.count ?? 0;
  return (
    <Box>
      <StockFilters
        onSearch={(text) => {
          setSearch(text);
          toTop();
        }}
        sectorId={sectorId}
        onSectorChange={(id) => {
          setSectorId(id);
          toTop();
        }}
      />
      <StockListTable
        {...props}
        securities={rows}
        onScroll={loadMoreNearBottom}
        containerRef={containerRef}
        maxHeight={420}
        footer={
          query.isPending || (drawing && rows.length === 0) ? (
            <StockTableMessage>{t('list.loadingRows')}</StockTableMessage>
          ) : query.isError ? (
            <StockTableMessage>{t('list.error')}</StockTableMessage>
          ) : rows.length === 0 ? (
            <StockTableMessage>{t('list.empty')}</StockTableMessage>
          ) : isFetchingNextPage || drawing ? (
            <StockTableMessage>{t('list.loadingMore')}</StockTableMessage>
          ) : hasNextPage ? (
            <StockTableMessage>
              <Button size="small" onClick={() => void fetchNextPage()}>
                {t('list.loadMore')}
              </Button>
            </StockTableMessage>
          ) : null
        }
      />
      <Typography role="status" variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {query.isSuccess && !drawing
          ? t('list.showing', { count: total, shown: format.number(rows.length) })
          : ''}
      </Typography>
    </Box>
  );
}
