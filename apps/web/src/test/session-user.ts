import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '@bullpen/contract/constants';
import type { User } from '@bullpen/contract/users';
import { stubApi } from './stub-api.ts';

/** A student a teacher made without an email address, as the API presents one. */
export const studentWithoutEmail: User = {
  id: 9,
  email: '',
  username: 'cy.river42',
  first_name: 'Cy',
  last_name: 'Cole',
  avatar: null,
  is_teacher: false,
  is_staff: false,
  email_verified: false,
  awaiting_parent_consent: false,
  is_guardian: false,
  teacher_trusted: false,
  language: 'en',
};

/**
 * A stored token that the stubbed server accepts for `user` (SessionProvider verifies it on
 * load); `more` answers every other request. Undo with `signOutTestUser`.
 */
export function signInTestUser(user: User, more: Parameters<typeof stubApi>[0] = () => undefined) {
  Cookies.set(TOKEN_COOKIE, 'T');
  return stubApi((method, path, body) =>
    path === '/api-token-verify/'
      ? { status: 200, body: { token: 'T', user } }
      : more(method, path, body),
  );
}

export function signOutTestUser(): void {
  Cookies.remove(TOKEN_COOKIE);
}
