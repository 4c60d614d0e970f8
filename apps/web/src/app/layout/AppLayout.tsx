import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { SkipLink } from './SkipLink.tsx';
import styles from './AppLayout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** Spec section 2, "Layout": header, page, footer; learn-and-earn has neither sticky header nor footer. */
export function AppLayout() {
  const { pathname } = useLocation();
  const learnAndEarn = pathname === '/learn-and-earn';

  // Every route change starts at the top of the page.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

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
