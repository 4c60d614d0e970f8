import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import { contestMessages } from '@bullpen/contract/contests';
import type { Contest } from '@bullpen/contract/contests';
import type { MarketStatus } from '@bullpen/contract/market';
import { formatCents } from '@bullpen/contract/money';
import { visuallyHidden } from '@/components/visually-hidden.ts';
import { errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useDeleteContestMutation } from '../api/delete-contest.ts';
import { useFreezeContestMutation } from '../api/freeze-contest.ts';
import { useJoinContestMutation } from '../api/join-contest.ts';
import { useMarketStatus } from '../api/get-market-status.ts';
import { useLeaveContestMutation } from '../api/leave-contest.ts';
import { contestPaths } from '../api/paths.ts';
import { formatDateTime, statusColors, statusLabels } from '../format.ts';
import { InviteDialog } from './InviteDialog.tsx';

type Confirm = 'delete' | 'leave' | 'freeze' | null;

const confirmations = {
  delete: { title: 'Delete this contest?', action: 'Delete' },
  leave: { title: 'Leave this contest?', action: 'Leave' },
  freeze: { title: 'Freeze trading?', action: 'Freeze trading' },
} as const;

/** The server refuses deleting a started contest that others have joined. */
function canDelete(contest: Contest): boolean {
  return contest.is_owner && (contest.status === 'upcoming' || contest.members_count <= 1);
}

function Rule({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The exchange's state now, apart from the contest's rule about it. */
function marketNow(status: MarketStatus | undefined): string {
  if (!status) return 'Checking…';
  if (status.is_open) return 'Open';
  return status.next_open ? `Closed, opens ${formatDateTime(status.next_open)}` : 'Closed';
}

export function ContestHeader({ contest }: { contest: Contest }) {
  const navigate = useNavigate();
  const market = useMarketStatus();
  const notify = useNotify();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  // The dialog keeps its words while it fades out after `confirm` is cleared.
  const [shown, setShown] = useState<Exclude<Confirm, null>>('leave');
  if (confirm !== null && confirm !== shown) setShown(confirm);
  const remove = useDeleteContestMutation();
  const leave = useLeaveContestMutation();
  const join = useJoinContestMutation();
  const freeze = useFreezeContestMutation();
  const member = contest.my_contest_user !== null;
  const frozen = contest.status === 'frozen';

  const copyCode = async () => {
    if (!contest.join_code) return;
    try {
      await navigator.clipboard.writeText(contest.join_code);
      notify(`Join code ${contest.join_code} copied.`, 'success');
    } catch {
      notify(`Copying is blocked here: the join code is ${contest.join_code}.`, 'info');
    }
  };

  const setFrozen = async (nextFrozen: boolean) => {
    try {
      await freeze.mutateAsync({ contestId: contest.id, frozen: nextFrozen });
      notify(
        nextFrozen
          ? `Trading is paused in ${contest.name}.`
          : `Trading is open again in ${contest.name}.`,
        'success',
      );
    } catch (error) {
      notify(errorText(error), 'error');
    }
  };

  const confirmAction = async () => {
    if (confirm === 'freeze') {
      setConfirm(null);
      await setFrozen(true);
      return;
    }
    try {
      if (confirm === 'delete') {
        await remove.mutateAsync(contest.id);
        notify(`${contest.name} was deleted.`, 'success');
      } else if (confirm === 'leave' && contest.my_contest_user !== null) {
        await leave.mutateAsync(contest.my_contest_user);
        notify(`You left ${contest.name}.`, 'success');
      }
      setConfirm(null);
      navigate(contestPaths.myContests(contest.visibility));
    } catch (error) {
      setConfirm(null);
      notify(errorText(error), 'error');
    }
  };

  const joinNow = async () => {
    try {
      await join.mutateAsync({ contest: contest.id });
      notify(
        `Welcome to ${contest.name}! You have ${formatCents(contest.starting_cash)} to invest.`,
        'success',
      );
    } catch (error) {
      notify(errorText(error), 'error');
    }
  };

  return (
    <Box component="header" sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {contest.name}
        </Typography>
        <Chip label={statusLabels[contest.status]} color={statusColors[contest.status]} />
        <Chip label={contest.visibility === 'public' ? 'Public' : 'Private'} variant="outlined" />
      </Box>
      {frozen && (
        <Alert severity="warning" icon={<PauseCircleOutlineIcon />} sx={{ mb: 2, maxWidth: 760 }}>
          {contest.is_owner
            ? 'You paused trading: nobody can buy or sell until you resume it. Orders already waiting stay queued.'
            : contestMessages.frozen}
        </Alert>
      )}
      {contest.description && (
        <Typography sx={{ color: 'text.secondary', mb: 2, whiteSpace: 'pre-line', maxWidth: 760 }}>
          {contest.description}
        </Typography>
      )}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
          gap: 2,
          m: 0,
          mb: 2,
        }}
      >
        <Rule term="Starts">{formatDateTime(contest.starts_at)}</Rule>
        <Rule term="Ends">{formatDateTime(contest.ends_at)}</Rule>
        <Rule term="Starting cash">{formatCents(contest.starting_cash)}</Rule>
        <Rule term="Commission per trade">{formatCents(contest.commission)}</Rule>
        <Rule term="Largest position">
          {contest.max_position_weight === null ? 'No limit' : `${contest.max_position_weight}%`}
        </Rule>
        <Rule term="Orders after hours">
          {contest.after_hours === 'queue'
            ? 'When the market is closed, orders wait for the next open.'
            : 'When the market is closed, orders are refused.'}
        </Rule>
        <Rule term="Market now">
          <span data-testid="market-status">{marketNow(market.data)}</span>
        </Rule>
        <Rule term="Players">{contest.members_count}</Rule>
        <Rule term="Created by">{contest.owner?.username ?? 'Bullpen'}</Rule>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        {contest.join_code && (
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 1.5,
              py: 0.5,
              borderRadius: 2,
              bgcolor: '#f3f6fb',
            }}
          >
            <Typography>
              Join code:{' '}
              <Box
                component="strong"
                sx={{ fontFamily: 'monospace', fontSize: '1.1rem' }}
                data-testid="join-code"
              >
                {contest.join_code}
              </Box>
            </Typography>
            <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copyCode()}>
              Copy<span style={visuallyHidden}> join code</span>
            </Button>
          </Box>
        )}
        {contest.is_owner && (
          <Button variant="contained" onClick={() => setInviteOpen(true)}>
            Invite
          </Button>
        )}
        {contest.is_owner && !frozen && contest.status !== 'ended' && (
          <Button
            variant="outlined"
            color="warning"
            startIcon={<PauseCircleOutlineIcon />}
            onClick={() => setConfirm('freeze')}
            disabled={freeze.isPending}
          >
            Freeze trading
          </Button>
        )}
        {contest.is_owner && frozen && (
          <Button
            variant="contained"
            color="success"
            startIcon={<PlayCircleOutlineIcon />}
            onClick={() => void setFrozen(false)}
            disabled={freeze.isPending}
          >
            Resume trading
          </Button>
        )}
        {!member && contest.status !== 'ended' && (
          <Button variant="contained" onClick={() => void joinNow()} disabled={join.isPending}>
            Join this contest
          </Button>
        )}
        {member && !contest.is_owner && (
          <Button variant="outlined" color="error" onClick={() => setConfirm('leave')}>
            Leave contest
          </Button>
        )}
        {canDelete(contest) && (
          <Button variant="outlined" color="error" onClick={() => setConfirm('delete')}>
            Delete contest
          </Button>
        )}
      </Box>
      {contest.is_owner && (
        <InviteDialog
          contestId={contest.id}
          contestName={contest.name}
          open={inviteOpen}
          onClose={() => setInviteOpen(false)}
        />
      )}
      <Dialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        aria-labelledby="confirm-title"
      >
        <DialogTitle id="confirm-title">{confirmations[shown].title}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {shown === 'delete'
              ? `${contest.name} and every portfolio in it will be deleted. This cannot be undone.`
              : shown === 'freeze'
                ? `Nobody in ${contest.name} can buy or sell until you resume trading. Orders already waiting stay queued, and portfolio values still follow the market.`
                : `Your portfolio in ${contest.name} will be deleted. You can join again with the code, starting over.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>Cancel</Button>
          <Button
            color={shown === 'freeze' ? 'warning' : 'error'}
            variant="contained"
            onClick={() => void confirmAction()}
            disabled={remove.isPending || leave.isPending || freeze.isPending}
          >
            {confirmations[shown].action}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
