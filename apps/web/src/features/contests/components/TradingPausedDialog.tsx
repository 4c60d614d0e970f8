import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { contestMessages } from '@bullpen/contract/contests';
import type { Contest } from '@bullpen/contract/contests';

/** What BUY and SELL say while the owner has paused trading (instead of opening a ticket). */
export function TradingPausedDialog({
  contest,
  open,
  onClose,
}: {
  contest: Contest;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Trading is paused</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {contest.is_owner
            ? `You paused trading in ${contest.name}. Resume trading on the contest page to buy or sell again.`
            : `${contestMessages.frozen} You can look around; buying and selling open again when they resume it.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
