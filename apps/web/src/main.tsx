import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
// MUI's own ThemeProvider also carries its CSS-variables provider (color schemes), which this
// theme does not use: the system's provider is the one MUI hands a plain theme to.
import { ThemeProvider } from '@mui/system';
import { AppRoutes } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { warmUpIcu } from './lib/icu-warm-up.ts';
import { theme } from './app/theme.ts';
// MUI's CssBaseline for this theme, as a static file (decision 020).
import './app/baseline.css';
import { NotificationsProvider } from './lib/notifications.tsx';
import { createQueryClient } from './lib/query-client.ts';

// First: ICU's data loads in a worker while the rest of the page downloads (decision 019).
warmUpIcu();

const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The first language's catalogues are in place before the first paint, so no text flickers.
await initI18n();

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
