import { useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { publicPaths } from '@bullpen/contract/routes';
import { readToken } from '@/lib/token-cookie.ts';

/**
 * Guard of the signed-in area (spec section 2): without a stored token, go to sign-up with
 * `from` set to the page that was asked for. The cookie is read once per navigation (the
 * location's key), so a logout in progress, which clears it before it navigates, is not
 * overtaken by it.
 */
export function RequireToken() {
  const { pathname, search, key } = useLocation();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read again on each navigation only
  const signedIn = useMemo(() => readToken() !== null, [key]);
  if (signedIn) return <Outlet />;
  const from = pathname + search;
  return <Navigate to={`${publicPaths.signup}?from=${encodeURIComponent(from)}`} replace />;
}
