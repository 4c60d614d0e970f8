import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/PageLoader.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** /logout: ends the session and goes to `/` (spec section 4: no redirect was asked for). */
export function LogoutRoute() {
  const { t } = useTranslation();
  const { logout } = useSession();
  useDocumentTitle(t('logout.title'));
  useEffect(() => {
    logout();
  }, [logout]);
  return <PageLoader />;
}
