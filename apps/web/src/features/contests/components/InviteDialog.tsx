import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmailChipsInput } from '@/components/EmailChipsInput.tsx';
import { UnverifiedEmailNote } from '@/components/UnverifiedEmailNote.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useSession } from '@/lib/session.tsx';
import { useInviteMutation } from '../api/invite-to-contest.ts';

/** The owner invites people by email (spec sections 2 and 5): chips, then one send. */
export function InviteDialog({
  contestId,
  contestName,
  open,
  onClose,
}: {
  contestId: number;
  contestName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['contests', 'validation']);
  const titleId = useId();
  const notify = useNotify();
  const invite = useInviteMutation();
  // The server refuses invitations from an unverified address; say so before anyone types.
  const unverified = useSession().user?.email_verified === false;
  const [emails, setEmails] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setEmails([]);
    setError(null);
    setServerError(null);
    invite.reset();
    onClose();
  };

  const send = async () => {
    setServerError(null);
    if (emails.length === 0) {
      setError(t('validation:chipNone'));
      return;
    }
    try {
      const result = await invite.mutateAsync({ contestId, emails });
      notify(t('invite.sent', { count: result.invited.length }), 'success');
      close();
    } catch (caught) {
      setServerError(errorText(caught));
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('invite.title', { contest: contestName })}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1, color: 'text.secondary' }}>{t('invite.intro')}</Typography>
        <UnverifiedEmailNote sx={{ mb: 1 }} />
        {serverError && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {serverError}
          </Alert>
        )}
        <EmailChipsInput
          label={t('invite.emails')}
          emails={emails}
          onChange={(next) => {
            setEmails(next);
            if (next.length > 0) setError(null);
          }}
          error={error}
          onErrorClear={() => setError(null)}
          disabled={invite.isPending}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close}>{t('invite.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={invite.isPending || unverified}
        >
          {invite.isPending ? t('invite.sending') : t('invite.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
