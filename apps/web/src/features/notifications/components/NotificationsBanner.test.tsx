import Cookies from 'js-cookie';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '@bullpen/contract/constants';
import type { Notification } from '@bullpen/contract/notifications';
import type { User } from '@bullpen/contract/users';
import { SessionProvider } from '@/lib/session.tsx';
import { studentWithoutEmail } from '@/test/session-user.ts';
import { stubApi } from '@/test/stub-api.ts';
import { renderWithApp } from '@/test/render.tsx';
import { NotificationsBanner } from './NotificationsBanner.tsx';

const cy: User = studentWithoutEmail;

const reminder = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'lesson_reminder',
  created_at: '2026-11-02T10:00:00.000Z',
  read_at: null,
  payload: {
    classroom_id: 5,
    classroom: 'Period 3',
    lesson_id: 12,
    lesson: 'Pay yourself first',
    course: 'Money',
    due_at: null,
  },
  ...overrides,
});

beforeEach(() => Cookies.set(TOKEN_COOKIE, 'T'));
afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove(TOKEN_COOKIE);
});

function serve(account: User, list: Notification[]) {
  return stubApi((method, path) => {
    if (path === '/api-token-verify/') return { status: 200, body: { token: 'T', user: account } };
    if (method === 'GET' && path === '/api/notifications/') {
      return { status: 200, body: { results: list } };
    }
    const read = /^\/api\/notifications\/(\d+)\/read\/$/.exec(path);
    if (method === 'POST' && read) {
      return { status: 200, body: reminder(Number(read[1]), { read_at: '2026-11-03T08:00:00Z' }) };
    }
    return undefined;
  });
}

describe('NotificationsBanner', () => {
  it('shows a student without email the unread reminders until each is marked read', async () => {
    const fetchMock = serve(cy, [
      reminder(2),
      reminder(1, { read_at: '2026-11-02T11:00:00.000Z' }),
    ]);
    await renderWithApp(
      <SessionProvider>
        <NotificationsBanner />
      </SessionProvider>,
    );
    const region = await screen.findByRole('region', { name: 'Messages for you' });
    expect(region).toHaveTextContent(
      'Your teacher of Period 3 reminds you to finish “Pay yourself first” (Money).',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Open the lesson' })).toHaveAttribute(
      'href',
      '/lessons?lesson=12',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) =>
          String(url).endsWith('/api/notifications/2/read/') && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('asks nothing for an account with an email address', async () => {
    const fetchMock = serve({ ...cy, email: 'cy@school.test', email_verified: true }, [
      reminder(3),
    ]);
    await renderWithApp(
      <SessionProvider>
        <NotificationsBanner />
      </SessionProvider>,
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api-token-verify/'))).toBe(
        true,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/notifications/'))).toBe(
      false,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
