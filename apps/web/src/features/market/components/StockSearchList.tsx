import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { debounceMs } from '@bullpen/contract/constants';
import { LOAD_MORE_THRESHOLD_PX } from '@bullpen/contract/ui';
import { MarketSourceLine } from '@/components/MarketSourceLine.tsx';
import { useDebouncedCallback } from '@/components/use-debounced-callback.ts';
import { useFormatters } from '@/lib/format.ts';
import { useLivePriceFeed } from '@/lib/live-prices.ts';
import { useInfiniteSecurities } from '../api/securities-api.ts';
import { StockFilters } from './StockFilters.tsx';
import { StockListTable, StockTableButton, StockTableMessage } from './StockListTable.tsx';
import type { StockListProps } from './StockList.tsx';
import styles from './StockSearchList.module.css';

/**
 * The search page's variant: the next page of stocks loads when the table is scrolled within
 * 150 px of its bottom (checked 300 ms after scrolling stops), or with the Load more button.
 * Drawn with plain elements and static CSS, like the table (decision 020): on the contest page it
 * renders in a task of its own after the first paint, and MUI's boxes, Typography and Button
 * worked their styles out in that task (issue #13). Under it, where the prices come from.
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

  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.results) ?? [], [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMoreNearBottom = useDebouncedCallback((container: HTMLDivElement) => {
    const distance = container.scrollHeight - container.scrollTop - container.clientHeight;
    if (distance <= LOAD_MORE_THRESHOLD_PX && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, debounceMs.loadMore);

  const total = query.data?.pages[0]?.count ?? 0;
  return (
    <div>
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
          query.isPending ? (
            <StockTableMessage>{t('list.loadingRows')}</StockTableMessage>
          ) : query.isError ? (
            <StockTableMessage>{t('list.error')}</StockTableMessage>
          ) : rows.length === 0 ? (
            <StockTableMessage>{t('list.empty')}</StockTableMessage>
          ) : isFetchingNextPage ? (
            <StockTableMessage>{t('list.loadingMore')}</StockTableMessage>
          ) : hasNextPage ? (
            <StockTableMessage>
              <StockTableButton onClick={() => void fetchNextPage()}>
                {t('list.loadMore')}
              </StockTableButton>
            </StockTableMessage>
          ) : null
        }
      />
      <p role="status" className={styles.status}>
        {query.isSuccess
          ? t('list.showing', { count: total, shown: format.number(rows.length) })
          : ''}
      </p>
      <MarketSourceLine namespace="market" />
    </div>
  );
}
