import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { Holding } from '@bullpen/contract/trading';
import { ScrollArrowsTable } from '@/components/ScrollArrowsTable.tsx';
import { visuallyHiddenClass } from '@/components/visually-hidden.ts';
import { useFormatters } from '@/lib/format.ts';
import { SignedAmount } from './SignedAmount.tsx';
import { PanelButtonCell } from '@/components/PanelButtonCell.tsx';

export interface HoldingsTableProps {
  holdings: readonly Holding[];
  /** The viewer's own portfolio: Sell appears (spec section 6). */
  isMine: boolean;
  /** The viewer may buy (a member of the contest, into their own portfolio). */
  canBuy: boolean;
  onTrade: (holding: Holding, orderType: 'BUY' | 'SELL') => void;
  /** Opens the stock popup: 1 Info, 2 Data, 3 Graph, 4 News. */
  onOpenPanel: (holding: Holding, tab: number) => void;
}

const head = {
  fontWeight: 700,
  bgcolor: '#f3f6fb',
  verticalAlign: 'bottom',
  lineHeight: 1.3,
} as const;
const number = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const sticky = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderRight: { xs: '1px solid', md: 0 },
  borderRightColor: 'divider',
} as const;

const panels = [
  { key: 'info', tab: 1, icon: 'info' },
  { key: 'data', tab: 2, icon: 'data' },
  { key: 'graph', tab: 3, icon: 'chart' },
  { key: 'news', tab: 4, icon: 'news' },
] as const;

/**
 * Compact columns so the table fits its container from 1280 px up: the symbol sits under the
 * name, the day's change in dollars over its percentage, and the panels are small icons.
 * Narrower screens scroll the table sideways inside its own region.
 */
const columns: {
  key:
    | 'stock'
    | 'trade'
    | 'shares'
    | 'value'
    | 'costBasis'
    | 'gain'
    | 'weight'
    | 'lastPrice'
    | 'dailyChange'
    | (typeof panels)[number]['key'];
  align?: 'right' | 'center';
  panel?: boolean;
}[] = [
  { key: 'stock' },
  { key: 'trade' },
  { key: 'shares', align: 'right' },
  { key: 'value', align: 'right' },
  { key: 'costBasis', align: 'right' },
  { key: 'gain', align: 'right' },
  { key: 'weight', align: 'right' },
  { key: 'lastPrice', align: 'right' },
  { key: 'dailyChange', align: 'right' },
  ...panels.map((panel) => ({ key: panel.key, align: 'center' as const, panel: true })),
];

/** The securities (holdings) table of spec section 2, with live prices. */
export function HoldingsTable({
  holdings,
  isMine,
  canBuy,
  onTrade,
  onOpenPanel,
}: HoldingsTableProps) {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  return (
    <ScrollArrowsTable label={t('holdings.label')} rowCount={holdings.length}>
      <Table
        stickyHeader
        size="small"
        sx={{
          // 13 px figures: seven-figure values (a BRK.A share is about $500,000) still fit at 1280 px.
          '& .MuiTableCell-root': { px: 1, fontSize: '0.8125rem' },
          '& .MuiTableCell-root:first-of-type': { pl: 1.5 },
          // The icon columns: their 34 px buttons need no more room than their headings.
          '& [data-panel]': { px: 0.5 },
        }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.key}
                align={column.align}
                data-panel={column.panel ? '' : undefined}
                sx={{ ...head, ...(column.key === 'stock' && { ...sticky, ...head, zIndex: 3 }) }}
              >
                {t(`holdings.columns.${column.key}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {holdings.map((holding) => (
            <TableRow key={holding.id} hover data-symbol={holding.symbol}>
              <TableCell component="th" scope="row" sx={sticky}>
                <Box
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    minWidth: { xs: 120, sm: 150 },
                    maxWidth: 210,
                  }}
                >
                  <Box
                    component="img"
                    src={holding.image_logo}
                    alt=""
                    width={28}
                    height={28}
                    sx={{ borderRadius: 1, flexShrink: 0 }}
                  />
                  <Box sx={{ minWidth: 0 }}>
                    <Box component="span" sx={{ display: 'block' }}>
                      {holding.name}
                    </Box>
                    <Box
                      component="span"
                      data-column="symbol"
                      sx={{ display: 'block', fontWeight: 700 }}
                    >
                      {holding.symbol}
                    </Box>
                  </Box>
                </Box>
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  {canBuy && (
                    <Button
                      size="small"
                      variant="contained"
                      onClick={() => onTrade(holding, 'BUY')}
                      sx={{ minWidth: 0, px: 1 }}
                    >
                      {t('holdings.buy')}
                      <span className={visuallyHiddenClass}> {holding.symbol}</span>
                    </Button>
                  )}
                  {isMine && (
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => onTrade(holding, 'SELL')}
                      sx={{ minWidth: 0, px: 1 }}
                    >
                      {t('holdings.sell')}
                      <span className={visuallyHiddenClass}> {holding.symbol}</span>
                    </Button>
                  )}
                </Box>
              </TableCell>
              <TableCell align="right" sx={number} data-column="shares">
                {format.number(holding.share)}
              </TableCell>
              <TableCell align="right" sx={number} data-column="value">
                {format.cents(holding.value)}
              </TableCell>
              <TableCell align="right" sx={number} data-column="cost-basis">
                {format.cents(holding.cost_basis)}
              </TableCell>
              <TableCell align="right">
                <SignedAmount ratio={holding.gain_ratio} />
              </TableCell>
              <TableCell align="right" sx={number}>
                {format.percent(holding.weight_ratio)}
              </TableCell>
              <TableCell align="right" sx={number}>
                {format.cents(holding.last_price)}
              </TableCell>
              <TableCell align="right" data-column="daily-change">
                <Box component="span" sx={{ display: 'block' }}>
                  <SignedAmount cents={holding.daily_change} />
                </Box>
                <Box component="span" sx={{ display: 'block', fontSize: '0.8125rem' }}>
                  <SignedAmount ratio={holding.daily_change_ratio} sign={holding.daily_change} />
                </Box>
              </TableCell>
              {panels.map(({ key, tab, icon }) => (
                <PanelButtonCell
                  key={key}
                  label={t(`holdings.columns.${key}`)}
                  name={holding.name}
                  icon={icon}
                  size="small"
                  onClick={() => onOpenPanel(holding, tab)}
                />
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollArrowsTable>
  );
}
