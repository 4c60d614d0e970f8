import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Order } from '@bullpen/contract/contests';
import { formatCents, formatNumber } from '@bullpen/contract/money';
import { ScrollArrowsTable } from '@/components/ScrollArrowsTable.tsx';
import { visuallyHidden } from '@/components/visually-hidden.ts';
import { formatDateTime } from '../format.ts';

const head = { fontWeight: 700, whiteSpace: 'nowrap', bgcolor: '#f3f6fb' } as const;
const number = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const statusColors = {
  filled: 'success',
  pending: 'primary',
  cancelled: 'default',
  rejected: 'error',
} as const;

/**
 * Orders as a table: the full history (with commission, total, status and rejection reason),
 * or the pending ones with Cancel for their owner.
 */
export function OrdersTable({
  orders,
  label,
  variant,
  onCancel,
  cancelling,
}: {
  orders: readonly Order[];
  label: string;
  variant: 'history' | 'pending';
  onCancel?: (order: Order) => void;
  cancelling?: number | null;
}) {
  const history = variant === 'history';
  return (
    <ScrollArrowsTable label={label} rowCount={orders.length}>
      <Table stickyHeader size="small" sx={{ minWidth: history ? 1000 : 640 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={head}>Date</TableCell>
            <TableCell sx={head}>Symbol</TableCell>
            <TableCell sx={head}>Side</TableCell>
            <TableCell sx={head}>Kind</TableCell>
            <TableCell sx={head} align="right">
              Quantity
            </TableCell>
            <TableCell sx={head} align="right">
              {history ? 'Price' : 'Limit price'}
            </TableCell>
            {history && (
              <>
                <TableCell sx={head} align="right">
                  Commission
                </TableCell>
                <TableCell sx={head} align="right">
                  Total
                </TableCell>
                <TableCell sx={head}>Status</TableCell>
                <TableCell sx={head}>Reason</TableCell>
              </>
            )}
            {onCancel && (
              <TableCell sx={head}>
                <span style={visuallyHidden}>Actions</span>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => {
            const price = order.fill_price ?? order.limit_price;
            return (
              <TableRow key={order.id} data-order={order.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(order.created_at)}
                </TableCell>
                <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                  {order.symbol}
                </TableCell>
                <TableCell>{order.order_type === 'BUY' ? 'Buy' : 'Sell'}</TableCell>
                <TableCell>{order.kind === 'market' ? 'Market' : 'Limit'}</TableCell>
                <TableCell align="right" sx={number}>
                  {formatNumber(order.quantity)}
                </TableCell>
                <TableCell align="right" sx={number}>
                  {price === null ? '—' : formatCents(price)}
                </TableCell>
                {history && (
                  <>
                    <TableCell align="right" sx={number}>
                      {formatCents(order.commission)}
                    </TableCell>
                    <TableCell align="right" sx={number}>
                      {order.total === null ? '—' : formatCents(order.total)}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={order.status[0]!.toUpperCase() + order.status.slice(1)}
                        color={statusColors[order.status]}
                        variant={order.status === 'filled' ? 'filled' : 'outlined'}
                      />
                    </TableCell>
                    <TableCell sx={{ minWidth: 180 }}>{order.rejection_reason ?? ''}</TableCell>
                  </>
                )}
                {onCancel && (
                  <TableCell>
                    {order.status === 'pending' && (
                      <Button
                        size="small"
                        color="error"
                        variant="outlined"
                        disabled={cancelling === order.id}
                        onClick={() => onCancel(order)}
                      >
                        Cancel
                        <span style={visuallyHidden}>
                          {' '}
                          {order.order_type.toLowerCase()} of {order.symbol}
                        </span>
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </ScrollArrowsTable>
  );
}
