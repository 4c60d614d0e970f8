import { Suspense, createContext, lazy, use, useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { AlertColor } from '@mui/material/Alert';
import type { Notice } from './notice-snackbar.tsx';

type Notify = (message: string, severity?: AlertColor) => void;

const NotifyContext = createContext<Notify | null>(null);

/** MUI's Snackbar loads with the first message, not with every page. */
const NoticeSnackbar = lazy(() =>
  import('./notice-snackbar.tsx').then((module) => ({ default: module.NoticeSnackbar })),
);

/** One snackbar for the whole app (spec section 9: auto-hide after 6 s). */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback<Notify>((message, severity = 'info') => {
    setNotice({ id: Date.now(), message, severity });
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);

  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext value={value}>
      {children}
      {notice && (
        <Suspense fallback={null}>
          <NoticeSnackbar notice={notice} open={open} onClose={close} />
        </Suspense>
      )}
    </NotifyContext>
  );
}

export function useNotify(): Notify {
  const notify = use(NotifyContext);
  if (!notify) throw new Error('useNotify must be used inside <NotificationsProvider>');
  return notify;
}
