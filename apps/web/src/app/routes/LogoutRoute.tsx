import { useEffect } from 'react';
import { PageLoader } from '@/components/PageLoader.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** /logout: ends the session and goes to `/` (spec section 4: no redirect was asked for). */
export function LogoutRoute() {
  const { logout } = useSession();
  useDocumentTitle('Logging out');
  useEffect(() => {
    logout();
  }, [logout]);
  return <PageLoader />;
}
