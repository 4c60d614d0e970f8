import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import type { Security } from '@bullpen/contract/market';
import { ScrollArrowsTable } from '@/components/ScrollArrowsTable.tsx';
import { visuallyHidden } from '@/components/visually-hidden.ts';
import { useFormatters } from '@/lib/format.ts';
import { useLiveQuote } from '../hooks/use-live-quote.ts';
import { ChangeText } from './ChangeText.tsx';
import { PanelButtonCell } from '@/components/PanelButtonCell.tsx';

export type OrderType = 'BUY' | 'SELL';
/** Shares held, by security id (from a contest portfolio; empty outside contests). */
export type Holdings = Readonly<Record<number, number>>;

export interface StockListTableProps {
  /** Names the table's scroll region ("Stocks"). */
  label: string;
  securities: readonly Security[];
  holdings?: Holdings;
  onTrade: (security: Security, orderType: OrderType) => void;
  /** Opens the stock popup at a panel: 1 Info, 2 Data, 3 Graph, 4 News. */
  onOpenPanel: (security: Security, tab: number) => void;
  onScroll?: (container: HTMLDivElement) => void;
  containerRef?: Ref<HTMLDivElement>;
  maxHeight?: number;
  /** Rows after the data (loading, "no stocks found"). */
  footer?: ReactNode;
}

/** The name column stays in view while the other columns scroll sideways on a phone. */
const stickyColumn = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderRight: { xs: '1px solid', md: 0 },
  borderRightColor: 'divider',
} as const;

/** Spec section 2, "Stock list table", column for column. */
export const STOCK_COLUMNS = [
  'Stock Name',
  'Ticker',
  'Buy',
  'Price',
  'Daily Change',
  '% Change',
  'Info',
  'Data',
  'Chart',
  'News',
] as const;
/** Each column's heading in the catalogue (English: the spec's words above). */
const columnKeys = {
  'Stock Name': 'name',
  Ticker: 'ticker',
  Buy: 'buy',
  Price: 'price',
  'Daily Change': 'dailyChange',
  '% Change': 'percentChange',
  Info: 'info',
  Data: 'data',
  Chart: 'chart',
  News: 'news',
} as const satisfies Record<(typeof STOCK_COLUMNS)[number], string>;
const numericColumns = new Set<string>(['Price', 'Daily Change', '% Change']);
const iconColumns = new Set<string>(['Info', 'Data', 'Chart', 'News']);

const panelButtons = [
  { column: 'Info', tab: 1, Icon: InfoOutlinedIcon },
  { column: 'Data', tab: 2, Icon: QueryStatsIcon },
  { column: 'Chart', tab: 3, Icon: ShowChartIcon },
  { column: 'News', tab: 4, Icon: ArticleOutlinedIcon },
] as const;

/**
 * One stock. Memoised: a row is some twenty MUI components, and the page around the table
 * re-renders as its own data arrives (holdings, the portfolio, the session); a row renders again
 * only when its security, its shares or the language change, or its live price moves.
 */
const StockRow = memo(function StockRow({
  security,
  owned,
  onTrade,
  onOpenPanel,
}: {
  security: Security;
  owned: number;
} & Pick<StockListTableProps, 'onTrade' | 'onOpenPanel'>) {
  const { t } = useTranslation('market');
  const format = useFormatters();
  const quote = useLiveQuote(security);
  return (
    <TableRow hover>
      <TableCell component="th" scope="row" sx={stickyColumn}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: { xs: 120, sm: 160 } }}>
          <Box
            component="img"
            src={security.image_logo}
            alt=""
            width={28}
            height={28}
            sx={{ borderRadius: 1, flexShrink: 0 }}
          />
          <span>{security.name}</span>
        </Box>
      </TableCell>
      <TableCell sx={{ fontWeight: 700 }}>{security.symbol}</TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            size="small"
            variant="contained"
            onClick={() => onTrade(security, 'BUY')}
            sx={{ minWidth: 0, px: 1.25 }}
          >
            {t('buy')}
            <span style={visuallyHidden}> {security.symbol}</span>
          </Button>
          <Button
            size="small"
            variant="outlined"
            disabled={owned <= 0}
            onClick={() => onTrade(security, 'SELL')}
            sx={{ minWidth: 0, px: 1.25 }}
          >
            {t('sell')}
            <span style={visuallyHidden}> {security.symbol}</span>
          </Button>
        </Box>
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {format.cents(quote.lastPrice)}
      </TableCell>
      <TableCell align="right">
        <ChangeText value={quote.dailyChange}>{format.signedCents(quote.dailyChange)}</ChangeText>
      </TableCell>
      <TableCell align="right">
        <ChangeText value={quote.dailyChange}>
          {format.signedPercent(quote.dailyChangeRatio)}
        </ChangeText>
      </TableCell>
      {panelButtons.map(({ column, tab, Icon }) => (
        <PanelButtonCell
          key={column}
          label={t(`columns.${columnKeys[column]}`)}
          name={security.name}
          Icon={Icon}
          onClick={() => onOpenPanel(security, tab)}
        />
      ))}
    </TableRow>
  );
});

/** The stock list: name, ticker, BUY/SELL, live price and change, and the popup's panels. */
export function StockListTable({
  label,
  securities,
  holdings = {},
  onTrade,
  onOpenPanel,
  onScroll,
  containerRef,
  maxHeight,
  footer,
}: StockListTableProps) {
  const { t } = useTranslation('market');
  // The rows get handlers that stay the same function, so the memoised rows are not re-rendered
  // by a parent that passes new closures each time; they call the latest ones.
  const handlers = useRef({ onTrade, onOpenPanel });
  useLayoutEffect(() => {
    handlers.current = { onTrade, onOpenPanel };
  });
  const trade = useCallback<StockListTableProps['onTrade']>(
    (security, orderType) => handlers.current.onTrade(security, orderType),
    [],
  );
  const openPanel = useCallback<StockListTableProps['onOpenPanel']>(
    (security, tab) => handlers.current.onOpenPanel(security, tab),
    [],
  );
  return (
    <ScrollArrowsTable
      label={label}
      rowCount={securities.length}
      onScroll={onScroll}
      containerRef={containerRef}
      maxHeight={maxHeight}
    >
      <Table stickyHeader size="small" sx={{ minWidth: 860 }}>
        <TableHead>
          <TableRow>
            {STOCK_COLUMNS.map((column) => (
              <TableCell
                key={column}
                align={
                  numericColumns.has(column) ? 'right' : iconColumns.has(column) ? 'center' : 'left'
                }
                sx={{
                  fontWeight: 700,
                  whiteSpace: 'nowrap',
                  bgcolor: '#f3f6fb',
                  ...(column === 'Stock Name' && {
                    ...stickyColumn,
                    zIndex: 3,
                    bgcolor: '#f3f6fb',
                  }),
                }}
              >
                {t(`columns.${columnKeys[column]}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {securities.map((security) => (
            <StockRow
              key={security.id}
              security={security}
              owned={holdings[security.id] ?? 0}
              onTrade={trade}
              onOpenPanel={openPanel}
            />
          ))}
          {footer}
        </TableBody>
      </Table>
    </ScrollArrowsTable>
  );
}

/** A full-width row under the data, for loading and empty states. */
export function StockTableMessage({ children }: { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell
        colSpan={STOCK_COLUMNS.length}
        sx={{ textAlign: 'center', py: 2, color: 'text.secondary' }}
      >
        {children}
      </TableCell>
    </TableRow>
  );
}
