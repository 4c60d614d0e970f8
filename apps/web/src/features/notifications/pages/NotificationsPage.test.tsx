import Cookies from 'js-cookie';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '@bullpen/contract/constants';
import type { Notification } from '@bullpen/contract/notifications';
import type { User } from '@bullpen/contract/users';
import { SessionProvider } from '@/lib/session.tsx';
import { studentWithoutEmail } from '@/test/session-user.ts';
import { stubApi } from '@/test/stub-api.ts';
import { renderWithApp } from '@/test/render.tsx';
import { NotificationsPage } from './NotificationsPage.tsx';

const cy: User = studentWithoutEmail;

const reminder = (id: number, readAt: string | null = null): Notification => ({
  id,
  kind: 'lesson_reminder',
  created_at: '2026-11-02T10:00:00.000Z',
  read_at: readAt,
  payload: {
    classroom_id: 5,
    classroom: 'Period 3',
    lesson_id: 12,
    lesson: 'Pay yourself first',
    course: 'Money',
    due_at: null,
  },
});

const points: Notification = {
  id: 3,
  kind: 'points_awarded',
  created_at: '2026-11-02T12:00:00.000Z',
  read_at: null,
  payload: { points: 15, note: 'Helped a classmate' },
};

beforeEach(() => Cookies.set(TOKEN_COOKIE, 'T'));
afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove(TOKEN_COOKIE);
});

function serve(list: Notification[]) {
  let current = list;
  const unread = () => current.filter((note) => note.read_at === null).length;
  return stubApi((method, path) => {
    if (path === '/api-token-verify/') return { status: 200, body: { token: 'T', user: cy } };
    if (method === 'GET' && path === '/api/notifications/') {
      return { status: 200, body: { unread: unread(), results: current } };
    }
    if (method === 'POST' && path === '/api/notifications/read/') {
      const read = unread();
      current = current.map((note) => ({
        ...note,
        read_at: note.read_at ?? '2026-11-03T08:00:00Z',
      }));
      return { status: 200, body: { read, unread: 0 } };
    }
    const one = /^\/api\/notifications\/(\d+)\/read\/$/.exec(path);
    if (method === 'POST' && one) {
      current = current.map((note) =>
        note.id === Number(one[1]) ? { ...note, read_at: '2026-11-03T08:00:00Z' } : note,
      );
      return { status: 200, body: current.find((note) => note.id === Number(one[1])) };
    }
    return undefined;
  });
}

describe('NotificationsPage', () => {
  it('lists each notification in words with its link, the unread marked, and marks them read', async () => {
    const fetchMock = serve([points, reminder(2), reminder(1, '2026-11-02T11:00:00.000Z')]);
    await renderWithApp(
      <SessionProvider>
        <NotificationsPage />
      </SessionProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(
      'NewYour teacher gave you 15 points. Reason: Helped a classmate',
    );
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/redeem');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/lessons?lesson=12');
    expect(items[1]).toHaveTextContent(
      'Your teacher of Period 3 reminds you to finish “Pay yourself first” (Money).',
    );
    // The one already read has no "New" and no button.
    expect(items[2]).not.toHaveTextContent('New');
    expect(within(items[2]!).queryByRole('button')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('2 unread');

    const user = userEvent.setup();
    await user.click(within(items[1]!).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 unread'));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) =>
          String(url).endsWith('/api/notifications/2/read/') && init?.method === 'POST',
      ),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('0 unread'));
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.queryByText('New')).toBeNull();
  });

  it('says so when there is nothing yet', async () => {
    serve([]);
    await renderWithApp(
      <SessionProvider>
        <NotificationsPage />
      </SessionProvider>,
    );
    expect(await screen.findByText(/No notifications yet\./)).toBeInTheDocument();
  });
});
