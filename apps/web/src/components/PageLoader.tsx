import { useTranslation } from 'react-i18next';
import { CenteredLoadingCircle } from './Progress.tsx';

export function PageLoader() {
  const { t } = useTranslation();
  return <CenteredLoadingCircle label={t('loading')} />;
}
