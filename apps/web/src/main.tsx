import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
// MUI's own ThemeProvider also carries its CSS-variables provider (color schemes), which this
// theme does not use: the system's provider is the one MUI hands a plain theme to.
import { ThemeProvider } from '@mui/system';
import { AppRoutes, routesFor } from './app/router.tsx';
import { loadFirstPage } from './app/routes/page-route.tsx';
import { initI18n } from './lib/i18n.ts';
import { readToken } from './lib/token-cookie.ts';
import { theme } from './app/theme.ts';
// MUI's CssBaseline for this theme, as a static file (decision 020).
import './app/baseline.css';
import { NotificationsProvider } from './lib/notifications.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { nextTask } from './lib/next-task.ts';
import { numberHistoryEntry } from './lib/history-index.ts';

const queryClient = createQueryClient();

/**
 * The longest the first render waits for the first page's code and data; then the header
 * paints, over a loading bar or the page's own skeleton.
 */
const FIRST_PAGE_WAIT_MS = 3000;

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The first language's catalogues are in place before the first paint, so no text flickers,
// and so are the first page's code and first data, which download meanwhile: one paint of the
// whole page.
// Each step below in a task of its own, not all in the one that ran the shell's code: on a
// school laptop that task alone was over 200 ms (issue #13).
await nextTask();
const firstPage = loadFirstPage(routesFor(window.location.pathname), queryClient, {
  url: new URL(window.location.href),
  signedIn: readToken() !== null,
  waitMs: FIRST_PAGE_WAIT_MS,
});
await nextTask();
numberHistoryEntry();
await nextTask();
await Promise.all([initI18n(), firstPage]);

createRoot(container).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <NotificationsProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </NotificationsProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
