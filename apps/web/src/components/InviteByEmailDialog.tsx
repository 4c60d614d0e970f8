import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { hasEmail } from '@bullpen/contract/user-email';
import { useSession } from '@/lib/session.tsx';
import { EmailChipsInput } from './EmailChipsInput.tsx';
import { UnverifiedEmailNote } from './UnverifiedEmailNote.tsx';

/**
 * The invite dialog of spec sections 2 and 5 (contests and classrooms): email chips, then one
 * send. The caller names what is invited to and sends; the dialog says how many were invited.
 */
export function InviteByEmailDialog({
  title,
  intro,
  open,
  onClose,
  send,
  pending,
}: {
  title: string;
  intro: string;
  open: boolean;
  onClose: () => void;
  /** Sends the invitations; resolves with the addresses invited. */
  send: (emails: string[]) => Promise<{ invited: string[] }>;
  pending: boolean;
}) {
  const { t } = useTranslation(['common', 'validation']);
  const titleId = useId();
  const notify = useNotify();
  // The server refuses invitations from an unverified address; say so before anyone types.
  const { user } = useSession();
  const unverified = user?.email_verified === false;
  const withoutEmail = user !== null && !hasEmail(user);
  const [emails, setEmails] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setEmails([]);
    setError(null);
    setServerError(null);
    onClose();
  };

  const submit = async () => {
    setServerError(null);
    if (emails.length === 0) {
      setError(t('validation:chipNone'));
      return;
    }
    try {
      const result = await send(emails);
      notify(t('inviteDialog.sent', { count: result.invited.length }), 'success');
      close();
    } catch (caught) {
      setServerError(errorText(caught));
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1, color: 'text.secondary' }}>{intro}</Typography>
        <UnverifiedEmailNote sx={{ mb: 1 }} />
        {withoutEmail && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {t('unverified.noEmailInvite')}
          </Alert>
        )}
        {serverError && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {serverError}
          </Alert>
        )}
        <EmailChipsInput
          label={t('inviteDialog.emails')}
          emails={emails}
          onChange={(next) => {
            setEmails(next);
            if (next.length > 0) setError(null);
          }}
          error={error}
          onErrorClear={() => setError(null)}
          disabled={pending}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close}>{t('inviteDialog.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={pending || unverified}>
          {pending ? t('inviteDialog.sending') : t('inviteDialog.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
