import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import type { AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_HIDE_MS } from '@bullpen/contract/constants';

export interface Notice {
  id: number;
  message: string;
  severity: AlertColor;
}

/** The app's snackbar with its message (spec section 9: auto-hide after 6 s). */
export function NoticeSnackbar({
  notice,
  open,
  onClose,
}: {
  notice: Notice;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Snackbar
      key={notice.id}
      open={open}
      autoHideDuration={SNACKBAR_HIDE_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        onClose={onClose}
        closeText={t('close')}
        severity={notice.severity}
        variant="filled"
        sx={{ width: '100%', maxWidth: 560 }}
      >
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
