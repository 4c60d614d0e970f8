import { useEffect } from 'react';
import { publicPaths } from '@bullpen/contract/routes';
import { PageLoader } from '@/components/PageLoader.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** /logout: ends the session and goes to the login page. */
export function LogoutRoute() {
  const { logout } = useSession();
  useDocumentTitle('Logging out');
  useEffect(() => {
    logout({ to: publicPaths.login });
  }, [logout]);
  return <PageLoader />;
}
