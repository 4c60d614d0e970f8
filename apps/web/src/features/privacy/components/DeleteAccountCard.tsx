import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { publicPaths } from '@bullpen/contract/routes';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { loginNoticeState } from '@/lib/login-notice.ts';
import { useSession } from '@/lib/session.tsx';
import { translateMessage } from '@/lib/translate-message.ts';
import { useRequestDeletion } from '../api/deletion-api.ts';

/**
 * "Delete my account": the password again, then erasure in 14 days (signing in meanwhile keeps
 * the account). The request ends every session, this one too: the browser forgets it and goes
 * to the login page, which says when the account goes and that signing in keeps it.
 */
export function DeleteAccountCard({ userId }: { userId: number }) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const { logout } = useSession();
  const deletion = useRequestDeletion(userId);
  const error = deletion.error;
  const passwordError = error instanceof ApiError ? error.fieldErrors.password?.[0] : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    deletion.mutate(password, {
      onSuccess: (status) =>
        logout({
          to: publicPaths.login,
          endedByServer: true,
          state: loginNoticeState(status.detail),
        }),
    });
  };

  return (
    <Card variant="outlined">
      {/* The page's heading names it (DeleteAccountPage): the card says what happens. */}
      <CardContent>
        <Typography sx={{ color: 'text.secondary' }}>{t('deleteAccount.lead')}</Typography>
      </CardContent>
      <CardActions>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          {t('deleteAccount.open')}
        </Button>
      </CardActions>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="delete-account-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="delete-account-title">{t('deleteAccount.confirmTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('deleteAccount.confirmText')}</DialogContentText>
            {error && !passwordError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errorText(error)}
              </Alert>
            )}
            <TextField
              autoFocus
              fullWidth
              required
              type="password"
              autoComplete="current-password"
              label={t('deleteAccount.password')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(passwordError)}
              helperText={
                passwordError ? translateMessage(passwordError, ['auth:messages']) : undefined
              }
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('deleteAccount.cancel')}</Button>
            <Button
              type="submit"
              color="error"
              variant="contained"
              disabled={!password || deletion.isPending}
            >
              {t('deleteAccount.confirm')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Card>
  );
}
