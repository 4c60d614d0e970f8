import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { Order } from '@bullpen/contract/trading';
import { ScrollArrowsTable } from '@/components/ScrollArrowsTable.tsx';
import { visuallyHiddenClass } from '@/components/visually-hidden.ts';
import { useFormatters } from '@/lib/format.ts';

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
  resetAfterOrder = 0,
}: {
  orders: readonly Order[];
  label: string;
  variant: 'history' | 'pending';
  /** The newest order before the portfolio's last reset: it and older orders are marked. */
  resetAfterOrder?: number;
  onCancel?: (order: Order) => void;
  cancelling?: number | null;
}) {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  const history = variant === 'history';
  return (
    <ScrollArrowsTable label={label} rowCount={orders.length}>
      <Table stickyHeader size="small" sx={{ minWidth: history ? 1000 : 640 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={head}>{t('ordersTable.date')}</TableCell>
            <TableCell sx={head}>{t('ordersTable.symbol')}</TableCell>
            <TableCell sx={head}>{t('ordersTable.side')}</TableCell>
            <TableCell sx={head}>{t('ordersTable.kind')}</TableCell>
            <TableCell sx={head} align="right">
              {t('ordersTable.quantity')}
            </TableCell>
            <TableCell sx={head} align="right">
              {history ? t('ordersTable.price') : t('ordersTable.limitPrice')}
            </TableCell>
            {history && (
              <>
                <TableCell sx={head} align="right">
                  {t('ordersTable.commission')}
                </TableCell>
                <TableCell sx={head} align="right">
                  {t('ordersTable.total')}
                </TableCell>
                <TableCell sx={head}>{t('ordersTable.status')}</TableCell>
                <TableCell sx={head}>{t('ordersTable.reason')}</TableCell>
              </>
            )}
            {onCancel && (
              <TableCell sx={head}>
                <span className={visuallyHiddenClass}>{t('ordersTable.actions')}</span>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => {
            if (order.action) return <ActionRow key={`a${order.id}`} line={order} />;
            const price = order.fill_price ?? order.limit_price ?? order.stop_price;
            return (
              <TableRow key={order.id} data-order={order.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {format.dateTime(order.created_at)}
                  {order.id <= resetAfterOrder && (
                    <>
                      {' '}
                      <Chip
                        size="small"
                        variant="outlined"
                        label={t('manage.student.beforeReset')}
                      />
                    </>
                  )}
                </TableCell>
                <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                  {order.symbol}
                </TableCell>
                <TableCell>
                  {order.order_type === 'BUY' ? t('ordersTable.buy') : t('ordersTable.sell')}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {t(`ordersTable.kinds.${order.kind}`)}
                  {order.stop_price !== null &&
                    ` · ${t('ordersTable.stopAt', { price: format.cents(order.stop_price) })}`}
                  {order.status === 'pending' &&
                    order.time_in_force === 'day' &&
                    ` · ${t('ordersTable.day')}`}
                </TableCell>
                <TableCell align="right" sx={number}>
                  {format.number(order.quantity)}
                </TableCell>
                <TableCell align="right" sx={number}>
                  {price === null ? '—' : format.cents(price)}
                </TableCell>
                {history && (
                  <>
                    <TableCell align="right" sx={number}>
                      {format.cents(order.commission)}
                    </TableCell>
                    <TableCell align="right" sx={number}>
                      {order.total === null ? '—' : format.cents(order.total)}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={t(`ordersTable.orderStatus.${order.status}`)}
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
                        {t('ordersTable.cancel')}
                        <span className={visuallyHiddenClass}>
                          {order.order_type === 'BUY'
                            ? t('ordersTable.cancelBuyHidden', { symbol: order.symbol })
                            : t('ordersTable.cancelSellHidden', { symbol: order.symbol })}
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

/**
 * A dividend or split line of the history (docs/decisions/012): the shares entitled or held
 * after the split, the dividend per share, the cash credited (or paid for a fraction), and
 * whether a dividend is paid or due on its pay date.
 */
function ActionRow({ line }: { line: Order }) {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  const action = line.action!;
  const dividend = action.kind === 'dividend';
  const ratio = { numerator: action.numerator, denominator: action.denominator };
  const status =
    line.status === 'pending'
      ? t('ordersTable.action.entitled', {
          date: format.dateTime(action.pay_date ?? line.created_at),
        })
      : dividend
        ? t('ordersTable.action.paid')
        : t('ordersTable.action.applied');
  return (
    <TableRow data-action={action.kind}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(line.created_at)}</TableCell>
      <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
        {line.symbol}
      </TableCell>
      <TableCell colSpan={2}>
        {dividend ? t('ordersTable.action.dividend') : t('ordersTable.action.split', ratio)}
      </TableCell>
      <TableCell align="right" sx={number}>
        {format.number(line.quantity)}
      </TableCell>
      <TableCell align="right" sx={number}>
        {line.fill_price === null ? '—' : format.cents(line.fill_price)}
      </TableCell>
      <TableCell align="right" sx={number}>
        —
      </TableCell>
      <TableCell align="right" sx={number}>
        {format.cents(line.total ?? 0)}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={status}
          color={line.status === 'pending' ? 'primary' : 'success'}
          variant={line.status === 'pending' ? 'outlined' : 'filled'}
        />
      </TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        {dividend
          ? ''
          : t('ordersTable.action.splitDetail', {
              before: format.number(action.shares_before),
              after: format.number(line.quantity),
            })}
      </TableCell>
    </TableRow>
  );
}
