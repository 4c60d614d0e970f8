import type { ReactElement, ReactNode } from 'react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type Language, i18n, initI18n } from '@/lib/i18n.ts';
import { namespaces } from '@/lib/i18n-languages.ts';
import { NotificationsProvider } from '@/lib/notifications.tsx';

let started: Promise<unknown> | null = null;

/** Starts i18next once per test file, then switches to the language a test asks for. */
export async function setTestLanguage(language: Language): Promise<void> {
  // Every catalogue up front: a component under test paints at once, as its route would.
  started ??= initI18n(language).then(() => i18n.loadNamespaces([...namespaces]));
  await started;
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

export interface RenderOptions {
  /** The app's language for this render (default English). */
  language?: Language;
  /** Where the router starts (default "/"), with the navigation state a page left if any. */
  route?: string | { pathname: string; state?: unknown };
  /** A client to pre-fill with data (`setQueryData`); a fresh one that never retries if absent. */
  queryClient?: QueryClient;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/**
 * Renders a component as the app does: translations in the chosen language, a query client,
 * a router and the notifications snackbar. Awaits the language's catalogues before rendering.
 */
export async function renderWithApp(
  ui: ReactElement,
  { language = 'en', route = '/', queryClient = createTestQueryClient() }: RenderOptions = {},
): Promise<ReturnType<typeof render> & { queryClient: QueryClient }> {
  await setTestLanguage(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <NotificationsProvider>
            <Suspense fallback={null}>{children}</Suspense>
          </NotificationsProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return Object.assign(render(ui, { wrapper }), { queryClient });
}
