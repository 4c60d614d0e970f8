import { memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Security } from '@bullpen/contract/market';
import { ScrollArrowsTable } from '@/components/ScrollArrowsTable.tsx';
import { useFormatters } from '@/lib/format.ts';
import { useCountInBatches } from '@/lib/use-count-in-batches.ts';
import type { Formatters } from '@/lib/format.ts';
import { useLiveQuote } from '../hooks/use-live-quote.ts';
import { PanelButtonCell } from '@/components/PanelButtonCell.tsx';
import { signedClass } from '@/components/signed-class.ts';
import { visuallyHiddenClass } from '@/components/visually-hidden.ts';
import styles from './StockListTable.module.css';

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

/**
 * Rows drawn per task when a list arrives: twenty rows in one task were an 83 ms task on this
 * project's 2-core host (issue #13); five are a task of under 10 ms there, in profiles.
 */
const ROWS_PER_TASK = 5;

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
  { column: 'Info', tab: 1, icon: 'info' },
  { column: 'Data', tab: 2, icon: 'data' },
  { column: 'Chart', tab: 3, icon: 'chart' },
  { column: 'News', tab: 4, icon: 'news' },
] as const;

/** What a row writes that depends on the language, worked out once per table, not per row. */
interface RowText {
  format: Formatters;
  buy: string;
  sell: string;
  /** The panel buttons' column names (Info, Data, Chart, News), in `panelButtons`' order. */
  panels: readonly string[];
}

/**
 * One stock. Drawn with plain elements and static CSS (StockListTable.module.css), not MUI's
 * styled components: a row was some twenty of them, and the table renders twenty rows on the
 * first load and a row again at each of its live prices (issue #13). Memoised: the page around
 * the table re-renders as its own data arrives (holdings, the portfolio, the session); a row
 * renders again only when its security, its shares or the language change, or its price moves.
 * Its words and formatters come from the table (`RowText`): a row that asked i18next itself
 * cost twenty subscriptions and six lookups each on the contest page's first render.
 */
const StockRow = memo(function StockRow({
  security,
  owned,
  text,
  onTrade,
  onOpenPanel,
}: {
  security: Security;
  owned: number;
  text: RowText;
} & Pick<StockListTableProps, 'onTrade' | 'onOpenPanel'>) {
  const { format } = text;
  const quote = useLiveQuote(security);
  return (
    <tr className={styles.row}>
      <th scope="row" className={`${styles.cell} ${styles.sticky}`}>
        <div className={styles.name}>
          {/* Lazy: the list is below the first screen on the contest page, and each logo is an SVG
              document of its own to parse (issue #13). */}
          <img
            src={security.image_logo}
            alt=""
            width={28}
            height={28}
            loading="lazy"
            decoding="async"
            className={styles.logo}
          />
          <span className={styles.nameText}>{security.name}</span>
        </div>
      </th>
      <td className={`${styles.cell} ${styles.symbol}`}>{security.symbol}</td>
      <td className={styles.cell}>
        <div className={styles.trade}>
          <button
            type="button"
            className={`${styles.button} ${styles.contained}`}
            onClick={() => onTrade(security, 'BUY')}
          >
            {text.buy}
            <span className={visuallyHiddenClass}> {security.symbol}</span>
          </button>
          <button
            type="button"
            className={`${styles.button} ${styles.outlined}`}
            disabled={owned <= 0}
            onClick={() => onTrade(security, 'SELL')}
          >
            {text.sell}
            <span className={visuallyHiddenClass}> {security.symbol}</span>
          </button>
        </div>
      </td>
      <td className={`${styles.cell} ${styles.numeric}`}>{format.cents(quote.lastPrice)}</td>
      <td className={`${styles.cell} ${styles.numeric}`}>
        <span className={signedClass(quote.dailyChange)}>
          {format.signedCents(quote.dailyChange)}
        </span>
      </td>
      <td className={`${styles.cell} ${styles.numeric}`}>
        <span className={signedClass(quote.dailyChange)}>
          {format.signedPercent(quote.dailyChangeRatio)}
        </span>
      </td>
      {panelButtons.map(({ column, tab, icon }, index) => (
        <PanelButtonCell
          key={column}
          label={text.panels[index] ?? column}
          name={security.name}
          icon={icon}
          onClick={() => onOpenPanel(security, tab)}
        />
      ))}
    </tr>
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
  const format = useFormatters();
  const text = useMemo<RowText>(
    () => ({
      format,
      buy: t('buy'),
      sell: t('sell'),
      panels: panelButtons.map(({ column }) => t(`columns.${columnKeys[column]}`)),
    }),
    [format, t],
  );
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
  const drawn = useCountInBatches(securities.length, ROWS_PER_TASK);
  return (
    <ScrollArrowsTable
      label={label}
      rowCount={securities.length}
      onScroll={onScroll}
      containerRef={containerRef}
      maxHeight={maxHeight}
    >
      <table className={styles.table}>
        <thead>
          <tr>
            {STOCK_COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={`${styles.head} ${
                  column === 'Stock Name'
                    ? styles.headSticky
                    : numericColumns.has(column)
                      ? styles.numericHead
                      : iconColumns.has(column)
                        ? styles.iconHead
                        : ''
                }`}
              >
                {t(`columns.${columnKeys[column]}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {securities.slice(0, drawn).map((security) => (
            <StockRow
              key={security.id}
              security={security}
              owned={holdings[security.id] ?? 0}
              text={text}
              onTrade={trade}
              onOpenPanel={openPanel}
            />
          ))}
          {/* The message or Load more row comes with the last batch, not under the first. */}
          {drawn === securities.length && footer}
        </tbody>
      </table>
    </ScrollArrowsTable>
  );
}

/** A full-width row under the data, for loading and empty states. */
export function StockTableMessage({ children }: { children: ReactNode }) {
  return (
    <tr>
      <td colSpan={STOCK_COLUMNS.length} className={`${styles.cell} ${styles.message}`}>
        {children}
      </td>
    </tr>
  );
}

/** A small text button in a message row (Load more). */
export function StockTableButton({
  children,
  onClick,
}: {
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <button type="button" className={`${styles.button} ${styles.text}`} onClick={onClick}>
      {children}
    </button>
  );
}
