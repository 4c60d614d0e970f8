import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, Outlet, useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { fireEvent, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '@bullpen/contract/constants';
import { NOT_FOUND_PATH, publicPaths } from '@bullpen/contract/routes';
import { expectConsoleError } from '@/test/console-errors.ts';
import { createTestQueryClient, renderWithApp } from '@/test/render.tsx';
import { loadFirstPage, pageRoute } from './page-route.tsx';
import type { Destination, PageModule, Prefetch } from './page-route.tsx';
import { RequireToken } from './require-token.tsx';
import { RouteErrorBoundary } from './RouteError.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function Nav() {
  return (
    <nav>
      <Link to="/contest/8">Contest 8</Link>
      <Link to="/contest/abc">Contest abc</Link>
      <Link to="/broken">Broken</Link>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/public/blogs/saving-for-a-bike">An article</Link>
    </nav>
  );
}

function Broken(): never {
  throw new Error('the page failed');
}

function App({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  return (
    <>
      <Nav />
      <Where />
      <RouteErrorBoundary pathname={pathname}>{useRoutes(routes)}</RouteErrorBoundary>
    </>
  );
}

function contestRoutes(prefetch: Prefetch): RouteObject[] {
  return [
    {
      element: <Outlet />,
      children: [
        pageRoute(
          {
            path: 'contest/:id',
            prefetch,
            lazy: async () => ({ Component: () => <h1>The contest page</h1> }),
          },
          { checkParams: true },
        ),
        pageRoute({
          path: 'public/blogs/:alias',
          lazy: async () => ({ Component: () => <h1>An article</h1> }),
        }),
        { path: 'broken', element: <Broken /> },
        { path: 'elsewhere', element: <h1>Elsewhere</h1> },
        { path: NOT_FOUND_PATH.slice(1), element: <h1>Not found</h1> },
      ],
    },
  ];
}

afterEach(() => {
  Cookies.remove(TOKEN_COOKIE);
  vi.restoreAllMocks();
});

describe('a page route', () => {
  it('loads its page and starts its requests with the params and URL, once per navigation', async () => {
    const calls: Destination[] = [];
    const prefetch: Prefetch = async (_client, destination) => {
      calls.push(destination);
    };
    await renderWithApp(<App routes={contestRoutes(prefetch)} />, { route: '/contest/7?tab=2' });
    expect(await screen.findByRole('heading', { name: 'The contest page' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toEqual({ id: '7' });
    expect(calls[0]!.url.pathname + calls[0]!.url.search).toBe('/contest/7?tab=2');

    fireEvent.click(screen.getByRole('link', { name: 'Contest 8' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/contest/8');
    expect(calls.map((call) => call.params.id)).toEqual(['7', '8']);
  });

  it('shows its page when the prefetch fails', async () => {
    const prefetch: Prefetch = () => Promise.reject(new Error('network down'));
    await renderWithApp(<App routes={contestRoutes(prefetch)} />, { route: '/contest/7' });
    expect(await screen.findByRole('heading', { name: 'The contest page' })).toBeInTheDocument();
  });

  it('sends a malformed id to the 404 page without loading or prefetching anything', async () => {
    const prefetch = vi.fn<Prefetch>(async () => undefined);
    await renderWithApp(<App routes={contestRoutes(prefetch)} />, { route: '/contest/0' });
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(NOT_FOUND_PATH);
    expect(prefetch).not.toHaveBeenCalled();
  });
});

it('leaves a public page’s params to the page', async () => {
  await renderWithApp(<App routes={contestRoutes(async () => undefined)} />, {
    route: '/public/blogs/saving-for-a-bike',
  });
  expect(await screen.findByRole('heading', { name: 'An article' })).toBeInTheDocument();
});

describe('the first page of a visit', () => {
  const at = (path: string) => new URL(path, 'http://localhost');
  const contestPage = async (): Promise<PageModule> => ({
    Component: () => <h1>The contest page</h1>,
  });

  /** One signed-in page route, with its code and its requests watched. */
  function watchedRoutes(lazy: () => Promise<PageModule>) {
    const load = vi.fn(lazy);
    const prefetch = vi.fn<Prefetch>(async () => undefined);
    const routes: RouteObject[] = [
      {
        element: <Outlet />,
        children: [
          pageRoute({ path: 'contest/:id', prefetch, lazy: load }, { checkParams: true }),
          pageRoute({ path: 'public/blogs/:alias', lazy: load }),
          { path: 'elsewhere', element: <h1>Elsewhere</h1> },
        ],
      },
    ];
    return { routes, load, prefetch };
  }

  it('is loaded with its requests started before the first render, which shows it at once', async () => {
    const { routes, load, prefetch } = watchedRoutes(contestPage);
    const queryClient = createTestQueryClient();
    await loadFirstPage(routes, queryClient, {
      url: at('/contest/7?tab=2'),
      signedIn: true,
      waitMs: 5000,
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledTimes(1);
    const [client, destination] = prefetch.mock.calls[0]!;
    expect(client).toBe(queryClient);
    expect(destination.params).toEqual({ id: '7' });
    expect(destination.url.search).toBe('?tab=2');

    await renderWithApp(<App routes={routes} />, { route: '/contest/7?tab=2', queryClient });
    // In the first render itself: no loading bar first, and no second download.
    expect(screen.getByRole('heading', { name: 'The contest page' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts its code in the task that matched the route and its requests in the next one', async () => {
    const { routes, load, prefetch } = watchedRoutes(contestPage);
    const loading = loadFirstPage(routes, createTestQueryClient(), {
      url: at('/contest/7'),
      signedIn: true,
      waitMs: 5000,
    });
    // Still in the caller's task: the code's download has started, the requests wait.
    expect(load).toHaveBeenCalledTimes(1);
    expect(prefetch).not.toHaveBeenCalled();
    await loading;
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('waits for its first requests as well as for its code', async () => {
    const { routes, prefetch } = watchedRoutes(contestPage);
    let answer: () => void = () => undefined;
    prefetch.mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );
    let done = false;
    const loading = loadFirstPage(routes, createTestQueryClient(), {
      url: at('/contest/7'),
      signedIn: true,
      waitMs: 5000,
    }).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    answer();
    await loading;
    expect(done).toBe(true);
  });

  it('gives way to the next page on a navigation', async () => {
    const routes = contestRoutes(async () => undefined);
    const queryClient = createTestQueryClient();
    const url = at('/contest/7');
    await loadFirstPage(routes, queryClient, { url, signedIn: true, waitMs: 5000 });
    await renderWithApp(<App routes={routes} />, { route: '/contest/7', queryClient });
    expect(await screen.findByRole('heading', { name: 'The contest page' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'An article' }));
    expect(await screen.findByRole('heading', { name: 'An article' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The contest page' })).not.toBeInTheDocument();
  });

  it('is otherwise shown after a loading bar, as any later page', async () => {
    const { routes } = watchedRoutes(contestPage);
    await renderWithApp(<App routes={routes} />, { route: '/contest/7' });
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'The contest page' })).toBeInTheDocument();
  });

  it('loads a public page without a session, and leaves a route that is not a page alone', async () => {
    const { routes, load, prefetch } = watchedRoutes(contestPage);
    const client = createTestQueryClient();
    await loadFirstPage(routes, client, { url: at('/elsewhere'), signedIn: false, waitMs: 5000 });
    expect(load).not.toHaveBeenCalled();
    await loadFirstPage(routes, client, {
      url: at('/public/blogs/saving-for-a-bike'),
      signedIn: false,
      waitMs: 5000,
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('loads nothing for a signed-in page without a session or with a malformed id', async () => {
    const { routes, load, prefetch } = watchedRoutes(contestPage);
    const client = createTestQueryClient();
    await loadFirstPage(routes, client, { url: at('/contest/7'), signedIn: false, waitMs: 5000 });
    await loadFirstPage(routes, client, { url: at('/contest/0'), signedIn: true, waitMs: 5000 });
    await loadFirstPage(routes, client, { url: at('/contest/abc'), signedIn: true, waitMs: 5000 });
    expect(load).not.toHaveBeenCalled();
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('waits for slow code and requests no longer than it is told, then the page loads as usual', async () => {
    let arrive: (page: PageModule) => void = () => undefined;
    const { routes, prefetch } = watchedRoutes(
      () =>
        new Promise<PageModule>((resolve) => {
          arrive = resolve;
        }),
    );
    prefetch.mockImplementation(() => new Promise<void>(() => undefined));
    await loadFirstPage(routes, createTestQueryClient(), {
      url: at('/contest/7'),
      signedIn: true,
      waitMs: 10,
    });
    await renderWithApp(<App routes={routes} />, { route: '/contest/7' });
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    arrive({ Component: () => <h1>The contest page</h1> });
    expect(await screen.findByRole('heading', { name: 'The contest page' })).toBeInTheDocument();
  });

  it('never fails: code or a request that does not load is the route’s to report', async () => {
    // The route's error boundary reports the chunk that failed (RouteError.tsx).
    expectConsoleError(/chunk failed/);
    const { routes, prefetch } = watchedRoutes(() => Promise.reject(new Error('chunk failed')));
    prefetch.mockRejectedValue(new Error('network down'));
    await expect(
      loadFirstPage(routes, createTestQueryClient(), {
        url: at('/contest/7'),
        signedIn: true,
        waitMs: 5000,
      }),
    ).resolves.toBeUndefined();
    await renderWithApp(<App routes={routes} />, { route: '/contest/7' });
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
  });
});

describe('the route error boundary', () => {
  it('shows the error page for a route that throws, and clears it on the next page', async () => {
    expectConsoleError(/the page failed/);
    await renderWithApp(<App routes={contestRoutes(async () => undefined)} />, {
      route: '/broken',
    });
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
  });
});

describe('the signed-in guard', () => {
  const guarded: RouteObject[] = [
    {
      element: <RequireToken />,
      children: [{ path: 'join', element: <h1>Join a contest</h1> }],
    },
    { path: publicPaths.signup.slice(1), element: <h1>Sign up</h1> },
  ];

  it('sends a visitor without a token to sign-up, remembering the page', async () => {
    await renderWithApp(<App routes={guarded} />, { route: '/join?code=ABC' });
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(
      `${publicPaths.signup}?from=${encodeURIComponent('/join?code=ABC')}`,
    );
  });

  it('lets a visitor with a token in', async () => {
    Cookies.set(TOKEN_COOKIE, 'a-token');
    await renderWithApp(<App routes={guarded} />, { route: '/join' });
    expect(await screen.findByRole('heading', { name: 'Join a contest' })).toBeInTheDocument();
  });
});
