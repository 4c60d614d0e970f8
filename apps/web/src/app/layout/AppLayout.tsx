import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { Footer } from './Footer.tsx';
import { HEADER_HEIGHT, Header } from './Header.tsx';
import { SkipLink } from './SkipLink.tsx';

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
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <Header allowFixed={!learnAndEarn} />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        // At least the screen below the header, so the footer starts at the fold: a page that
        // fills in as its data arrives no longer pushes a visible footer down (layout shift,
        // issue #13).
        sx={{
          flex: '1 0 auto',
          width: '100%',
          minHeight: `calc(100vh - ${HEADER_HEIGHT}px)`,
          '&:focus': { outline: 'none' },
        }}
      >
        {/* Routes load their catalogues with their code; a component that asks for one more
            waits here, under the header, instead of blanking the page. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </Box>
      {!learnAndEarn && <Footer />}
    </Box>
  );
}
