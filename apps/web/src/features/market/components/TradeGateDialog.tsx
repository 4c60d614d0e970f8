import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Security } from '@bullpen/contract/market';
import type { OrderType } from './StockListTable.tsx';

/** Outside a contest there is nothing to trade with: say so and point to /join and /create. */
export function TradeGateDialog({
  order,
  onClose,
}: {
  order: { security: Security; orderType: OrderType } | null;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Join or create a contest to trade</DialogTitle>
      <DialogContent>
        <Typography>
          {order
            ? `To ${order.orderType === 'BUY' ? 'buy' : 'sell'} ${order.security.name} (${order.security.symbol}), `
            : ''}
          join a contest or create your own: each contest gives you virtual money to invest.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Not now</Button>
        <Button component={RouterLink} to="/create" variant="outlined">
          Create a contest
        </Button>
        <Button component={RouterLink} to="/join" variant="contained">
          Join a contest
        </Button>
      </DialogActions>
    </Dialog>
  );
}
