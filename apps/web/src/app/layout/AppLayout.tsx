import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { CONSENT_PENDING_PATH, publicPaths } from '@bullpen/contract/routes';
import { useSession } from '@/lib/session.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { SkipLink } from './SkipLink.tsx';
import styles from './AppLayout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** Spec section 2, "Layout": header, page, footer; learn-and-earn has neither sticky header nor footer. */
export function AppLayout() {
  const { pathname } = useLocation();
  const learnAndEarn = pathname === '/learn-and-earn';
  const { user } = useSession();
  // Until a parent consents the API refuses everything else (auth/consent.ts on the server).
  const waitingForParent =
    user?.awaiting_parent_consent === true &&
    ![CONSENT_PENDING_PATH, publicPaths.parentConsent, '/logout'].includes(pathname);

  // Every route change starts at the top of the page.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  if (waitingForParent) return <Navigate to={CONSENT_PENDING_PATH} replace />;

  return (
    <div className={styles.layout}>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <Header allowFixed={!learnAndEarn} />
      {/* At least a screen tall below the header (AppLayout.module.css). */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
        {/* Routes load their catalogues with their code; a component that asks for one more
            waits here, under the header, instead of blanking the page. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      {!learnAndEarn && <Footer />}
    </div>
  );
}
