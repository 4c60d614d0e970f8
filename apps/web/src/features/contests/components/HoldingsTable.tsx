import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import type { Holding } from '@bullpen/contract/contests';
import { formatCents, formatNumber, formatPercent } from '@bullpen/contract/money';
import { ScrollArrowsTable } from '@/components/ScrollArrowsTable.tsx';
import { visuallyHidden } from '@/components/visually-hidden.ts';
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
  { label: 'Info', tab: 1, Icon: InfoOutlinedIcon },
  { label: 'Data', tab: 2, Icon: QueryStatsIcon },
  { label: 'Graph', tab: 3, Icon: ShowChartIcon },
  { label: 'News', tab: 4, Icon: ArticleOutlinedIcon },
] as const;

/**
 * Compact columns so the table fits its container from 1280 px up: the symbol sits under the
 * name, the day's change in dollars over its percentage, and the panels are small icons.
 * Narrower screens scroll the table sideways inside its own region.
 */
const columns: { label: string; align?: 'right' | 'center'; panel?: boolean }[] = [
  { label: 'Stock' },
  { label: 'Trade' },
  { label: 'Shares', align: 'right' },
  { label: 'Value', align: 'right' },
  { label: 'Cost basis', align: 'right' },
  { label: 'Gain\u00a0%', align: 'right' },
  { label: 'Weight\u00a0%', align: 'right' },
  { label: 'Last price', align: 'right' },
  { label: 'Daily change', align: 'right' },
  ...panels.map((panel) => ({ label: panel.label, align: 'center' as const, panel: true })),
];

/** The securities (holdings) table of spec section 2, with live prices. */
export function HoldingsTable({
  holdings,
  isMine,
  canBuy,
  onTrade,
  onOpenPanel,
}: HoldingsTableProps) {
  return (
    <ScrollArrowsTable label="Holdings" rowCount={holdings.length}>
      <Table
        stickyHeader
        size="small"
        sx={{
          '& .MuiTableCell-root': { px: 1 },
          '& .MuiTableCell-root:first-of-type': { pl: 1.5 },
          // The icon columns: their 34 px buttons need no more room than their headings.
          '& .MuiTableCell-paddingNone, & th[data-panel]': { px: 0.5 },
        }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.label}
                align={column.align}
                data-panel={column.panel ? '' : undefined}
                sx={{ ...head, ...(column.label === 'Stock' && { ...sticky, ...head, zIndex: 3 }) }}
              >
                {column.label}
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
                      Buy<span style={visuallyHidden}> {holding.symbol}</span>
                    </Button>
                  )}
                  {isMine && (
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => onTrade(holding, 'SELL')}
                      sx={{ minWidth: 0, px: 1 }}
                    >
                      Sell<span style={visuallyHidden}> {holding.symbol}</span>
                    </Button>
                  )}
                </Box>
              </TableCell>
              <TableCell align="right" sx={number} data-column="shares">
                {formatNumber(holding.share)}
              </TableCell>
              <TableCell align="right" sx={number} data-column="value">
                {formatCents(holding.value)}
              </TableCell>
              <TableCell align="right" sx={number} data-column="cost-basis">
                {formatCents(holding.cost_basis)}
              </TableCell>
              <TableCell align="right">
                <SignedAmount ratio={holding.gain_ratio} />
              </TableCell>
              <TableCell align="right" sx={number}>
                {formatPercent(holding.weight_ratio)}
              </TableCell>
              <TableCell align="right" sx={number}>
                {formatCents(holding.last_price)}
              </TableCell>
              <TableCell align="right" data-column="daily-change">
                <Box component="span" sx={{ display: 'block' }}>
                  <SignedAmount cents={holding.daily_change} />
                </Box>
                <Box component="span" sx={{ display: 'block', fontSize: '0.8125rem' }}>
                  <SignedAmount ratio={holding.daily_change_ratio} sign={holding.daily_change} />
                </Box>
              </TableCell>
              {panels.map(({ label, tab, Icon }) => (
                <PanelButtonCell
                  key={label}
                  label={label}
                  symbol={holding.symbol}
                  name={holding.name}
                  Icon={Icon}
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
