import { createContext, use, useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import type { AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_HIDE_MS } from '@bullpen/contract/constants';

interface Notice {
  id: number;
  message: string;
  severity: AlertColor;
}

type Notify = (message: string, severity?: AlertColor) => void;

const NotifyContext = createContext<Notify | null>(null);

/** One snackbar for the whole app (spec section 9: auto-hide after 6 s). */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback<Notify>((message, severity = 'info') => {
    setNotice({ id: Date.now(), message, severity });
    setOpen(true);
  }, []);

  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext value={value}>
      {children}
      <Snackbar
        key={notice?.id}
        open={open}
        autoHideDuration={SNACKBAR_HIDE_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          onClose={() => setOpen(false)}
          closeText={t('close')}
          severity={notice?.severity ?? 'info'}
          variant="filled"
          sx={{ width: '100%', maxWidth: 560 }}
        >
          {notice?.message}
        </Alert>
      </Snackbar>
    </NotifyContext>
  );
}

export function useNotify(): Notify {
  const notify = use(NotifyContext);
  if (!notify) throw new Error('useNotify must be used inside <NotificationsProvider>');
  return notify;
}
