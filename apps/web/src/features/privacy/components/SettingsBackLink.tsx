import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';

/** Back to /settings, where the privacy pages are listed: a way back that is not the menu. */
export function SettingsBackLink() {
  const { t } = useTranslation('privacy');
  return (
    <Button component={RouterLink} to="/settings" size="small" sx={{ mb: 1 }}>
      {t('page.back')}
    </Button>
  );
}
