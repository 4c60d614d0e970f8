import { Suspense, lazy, useId } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { Contest } from '@bullpen/contract/contests';
import { useOpenedOnce } from '@/components/use-opened-once.ts';
import { tradingPauseText } from '../trading-pause.ts';

/** MUI's Dialog and Modal load when the dialog first opens, not with the page. */
const Dialog = lazy(() => import('@mui/material/Dialog'));

/**
 * What BUY and SELL say while the owner has paused trading, or the class's teacher has turned
 * it off (instead of opening a ticket).
 */
export function TradingPausedDialog({
  contest,
  open,
  onClose,
}: {
  contest: Contest;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('contests');
  const titleId = useId();
  const classPause = contest.status === 'frozen' ? null : tradingPauseText(contest);
  const loaded = useOpenedOnce(open);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{t('pausedDialog.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {classPause !== null
              ? `${classPause} ${t('pausedDialog.classroom')}`
              : contest.is_owner
                ? t('pausedDialog.owner', { contest: contest.name })
                : t('pausedDialog.member')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {t('pausedDialog.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </Suspense>
  );
}
