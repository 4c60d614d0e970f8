import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, Outlet, useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { fireEvent, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '@bullpen/contract/constants';
import { NOT_FOUND_PATH, publicPaths } from '@bullpen/contract/routes';
import { renderWithApp } from '@/test/render.tsx';
import { pageRoute } from './page-route.tsx';
import type { Destination, Prefetch } from './page-route.tsx';
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

describe('the route error boundary', () => {
  it('shows the error page for a route that throws, and clears it on the next page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
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
