import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('market');
  const titleId = useId();
  // Keeps its words while the dialog fades out after `order` is cleared.
  const [shown, setShown] = useState(order);
  if (order !== null && order !== shown) setShown(order);
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('gate.title')}</DialogTitle>
      <DialogContent>
        <Typography>
          {shown &&
            t(shown.orderType === 'BUY' ? 'gate.buy' : 'gate.sell', {
              name: shown.security.name,
              symbol: shown.security.symbol,
            })}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('gate.notNow')}</Button>
        <Button component={RouterLink} to="/create" variant="outlined">
          {t('gate.create')}
        </Button>
        <Button component={RouterLink} to="/join" variant="contained">
          {t('gate.join')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
