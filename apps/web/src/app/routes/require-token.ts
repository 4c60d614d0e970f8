import Cookies from 'js-cookie';
import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { TOKEN_COOKIE } from '@bullpen/contract/constants';
import { publicPaths } from '@bullpen/contract/routes';

/**
 * Guard of the signed-in area (spec section 2): without a stored token, go to sign-up with
 * `from` set to the page that was asked for. A loader, so it runs on navigation only and a
 * logout in progress is not overtaken by it.
 */
export function requireToken({ request }: LoaderFunctionArgs) {
  if (Cookies.get(TOKEN_COOKIE)) return null;
  const url = new URL(request.url);
  const from = url.pathname + url.search;
  throw redirect(`${publicPaths.signup}?from=${encodeURIComponent(from)}`);
}
