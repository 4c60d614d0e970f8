import { createContext, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionData } from '@bullpen/contract/auth';
import { api, publicPaths } from '@bullpen/contract/routes';
import type { User } from '@bullpen/contract/users';
import { ApiError, apiClient, setUnauthorizedHandler } from './api-client.ts';
import { adoptAccountLanguage } from './i18n.ts';
import { realtime } from './realtime.ts';
import { safeLocalPath } from './safe-path.ts';
import { clearToken, readToken, storeToken } from './token-cookie.ts';

export interface SessionState {
  authorized: boolean;
  token: string | null;
  user: User | null;
}

export interface LogoutOptions {
  /** Go to the login page with `?redirect=<path>` (the path to come back to). */
  redirect?: string;
  /** Where to go when there is no redirect (default `/`). */
  to?: string;
  /** Navigation state for the page gone to (a notice it shows). */
  state?: unknown;
  /** The server has already ended the session (an account deletion): only forget it here. */
  endedByServer?: boolean;
}

export interface SessionContextValue extends SessionState {
  /** True while a stored token is being verified with the server. */
  verifying: boolean;
  login: (data: SessionData, options?: { followRedirect?: boolean }) => void;
  logout: (options?: LogoutOptions) => void;
  /** Spec section 4: a failed login ends whatever session was there, staying on the page. */
  endSessionAfterFailedLogin: () => void;
  updateUser: (user: User) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Public pages and the error area stay where they are when a session ends. */
function isSignedInPath(pathname: string): boolean {
  return !pathname.startsWith('/public/') && !pathname.startsWith('/errors/') && pathname !== '/';
}

export function loginPathFor(redirect?: string | null): string {
  const safe = safeLocalPath(redirect);
  return safe ? `${publicPaths.login}?redirect=${encodeURIComponent(safe)}` : publicPaths.login;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(() => ({
    authorized: false,
    token: readToken(),
    user: null,
  }));
  const [verifying, setVerifying] = useState(() => readToken() !== null);
  const verifyStarted = useRef(false);
  const currentPath = location.pathname + location.search;
  const currentPathRef = useRef(currentPath);
  useEffect(() => {
    currentPathRef.current = currentPath;
  }, [currentPath]);

  const clearSession = useCallback(() => {
    clearToken();
    setVerifying(false);
    setState({ authorized: false, token: null, user: null });
    queryClient.clear();
    void adoptAccountLanguage(null);
  }, [queryClient]);

  const logout = useCallback(
    (options: LogoutOptions = {}) => {
      const token = readToken();
      if (token && !options.endedByServer) {
        // Best effort: the session ends here whatever the server answers.
        apiClient.post(api.logout.build(), undefined, undefined, { token }).catch(() => undefined);
      }
      clearSession();
      navigate(options.redirect ? loginPathFor(options.redirect) : (options.to ?? '/'), {
        replace: true,
        state: options.state,
      });
    },
    [clearSession, navigate],
  );

  /** A token that the server refuses: end the session and remember where the user was. */
  const endExpiredSession = useCallback(() => {
    const path = currentPathRef.current;
    if (isSignedInPath(path)) {
      logout({ redirect: path });
    } else {
      clearSession();
    }
  }, [clearSession, logout]);

  const login = useCallback(
    (data: SessionData, options: { followRedirect?: boolean } = {}) => {
      storeToken(data.token);
      setState({ authorized: true, token: data.token, user: data.user });
      // The account's language, unless this device has a choice of its own (docs/features.md "Languages").
      void adoptAccountLanguage(data.user.language);
      setVerifying(false);
      const redirect = safeLocalPath(data.redirect);
      if (options.followRedirect && redirect) navigate(redirect, { replace: true });
    },
    [navigate],
  );

  const updateUser = useCallback((user: User) => {
    setState((previous) => ({ ...previous, user }));
  }, []);

  // The live socket follows the session: channels refused before login are asked again.
  useEffect(() => {
    realtime.setSession(state.token);
  }, [state.token]);

  useEffect(() => {
    setUnauthorizedHandler(endExpiredSession);
    return () => setUnauthorizedHandler(null);
  }, [endExpiredSession]);

  // On load, a stored token that is not yet authorized is verified once.
  useEffect(() => {
    const token = readToken();
    if (!token || state.authorized || verifyStarted.current) return;
    verifyStarted.current = true;
    // A logout while this is on its way (opening /logout directly) must not be undone by it.
    const stillCurrent = () => readToken() === token;
    apiClient
      .post<SessionData>(api.verifyToken.build(), { token }, undefined, { auth: false })
      .then((data) => {
        if (stillCurrent()) login(data, { followRedirect: true });
      })
      .catch((error: unknown) => {
        if (!stillCurrent()) return;
        setVerifying(false);
        // Only a refusal ends the session; an unreachable server keeps the token for later.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          endExpiredSession();
        }
      });
  }, [endExpiredSession, login, state.authorized]);

  const value = useMemo<SessionContextValue>(
    () => ({
      ...state,
      verifying,
      login,
      logout,
      endSessionAfterFailedLogin: clearSession,
      updateUser,
    }),
    [state, verifying, login, logout, clearSession, updateUser],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
