import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffAuditEntry, StaffUser } from '@bullpen/contract/users';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { StaffAuditLogPage } from './StaffAuditLogPage.tsx';
import { StaffUsersPage } from './StaffUsersPage.tsx';

/** The signed-in user: one of Bullpen's staff (id 1) unless a test says not. */
const session = vi.hoisted(() => ({ staff: true }));
vi.mock('@/lib/session.tsx', () => ({
  useSession: () => ({ user: { id: 1, is_staff: session.staff, is_teacher: false } }),
}));

const sam: StaffUser = {
  id: 7,
  username: 'sam.k',
  first_name: 'Sam',
  last_name: 'Kim',
  email: 'sam@school.test',
  role: 'student',
  status: 'active',
  joined_at: '2026-11-01T10:00:00.000Z',
  last_seen_at: '2026-12-04T10:00:00.000Z',
  deactivated_at: null,
  deactivated_by: null,
};
const jordan: StaffUser = {
  ...sam,
  id: 1,
  username: 'jordan',
  first_name: 'Jordan',
  last_name: 'Staff',
  role: 'staff',
};

/** A server holding Sam and the signed-in staff member; it filters the way the API does. */
function serveAccounts() {
  const calls: string[] = [];
  let account = sam;
  stubApi(
    (method, path) => {
      calls.push(`${method} ${path}`);
      const [route, search = ''] = path.split('?');
      if (method === 'GET' && route === '/api/staff/users/') {
        const query = new URLSearchParams(search);
        const listed = [account, jordan].filter(
          (row) =>
            (!query.get('search') || row.username.startsWith(query.get('search')!)) &&
            (!query.get('role') || row.role === query.get('role')) &&
            (!query.get('status') || row.status === query.get('status')),
        );
        return {
          status: 200,
          body: { count: listed.length, next: null, previous: null, results: listed },
        };
      }
      if (method === 'POST' && route === '/api/staff/users/7/deactivate/') {
        account = {
          ...account,
          status: 'deactivated',
          deactivated_at: '2026-12-05T09:00:00.000Z',
          deactivated_by: 'jordan',
        };
        return { status: 200, body: account };
      }
      if (method === 'POST' && route === '/api/staff/users/7/reactivate/') {
        account = { ...account, status: 'active', deactivated_at: null, deactivated_by: null };
        return { status: 200, body: account };
      }
      return undefined;
    },
    { withQuery: true },
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.staff = true;
});

const cardOf = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('li')!;

describe('the staff page of accounts', { timeout: 30_000 }, () => {
  it('deactivates after a confirmation, and reactivates; nobody deactivates themselves', async () => {
    const calls = serveAccounts();
    const user = userEvent.setup();
    await renderWithApp(<StaffUsersPage />);
    const card = await cardOf('Sam Kim');
    expect(card).toHaveTextContent('sam.k · sam@school.test');
    expect(within(card).getByText('Student')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    // The signed-in staff member is listed without a button.
    const own = await cardOf('Jordan Staff');
    expect(within(own).queryByRole('button')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Deactivate Sam Kim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Sam Kim?' });
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Sam Kim is deactivated.')).toBeInTheDocument();
    expect(calls).toContain('POST /api/staff/users/7/deactivate/');
    const off = await cardOf('Sam Kim');
    await waitFor(() => expect(within(off).getByText('Deactivated')).toBeInTheDocument());
    expect(off).toHaveTextContent('by jordan');

    await user.click(within(off).getByRole('button', { name: 'Reactivate Sam Kim' }));
    const again = await screen.findByRole('dialog', { name: 'Reactivate Sam Kim?' });
    await user.click(within(again).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Sam Kim can sign in again.')).toBeInTheDocument();
    expect(calls).toContain('POST /api/staff/users/7/reactivate/');
  });

  it('asks the server with the search and filters chosen', async () => {
    const calls = serveAccounts();
    const user = userEvent.setup();
    await renderWithApp(<StaffUsersPage />);
    await cardOf('Sam Kim');
    await user.selectOptions(screen.getByLabelText('Role'), 'Staff');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Sam Kim' })).toBeNull());
    expect(calls.at(-1)).toBe('GET /api/staff/users/?role=staff&page=1&page_size=20');
    await user.selectOptions(screen.getByLabelText('Role'), 'Any role');
    await user.selectOptions(screen.getByLabelText('Status'), 'Deactivated');
    expect(await screen.findByText('No accounts match.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'Any status');
    await user.type(screen.getByLabelText('Search'), 'sam');
    await waitFor(() =>
      expect(calls.at(-1)).toBe('GET /api/staff/users/?search=sam&page=1&page_size=20'),
    );
    expect(await cardOf('Sam Kim')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Jordan Staff' })).toBeNull();
  });

  it('speaks Spanish', async () => {
    serveAccounts();
    await renderWithApp(<StaffUsersPage />, { language: 'es' });
    expect(await screen.findByRole('button', { name: 'Desactivar a Sam Kim' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Cuentas' })).toBeInTheDocument();
  });

  it('asks the server nothing for someone who is not staff', async () => {
    session.staff = false;
    const calls = serveAccounts();
    await renderWithApp(<StaffUsersPage />);
    expect(await screen.findByText('Only Bullpen staff can see the accounts.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

const entries: StaffAuditEntry[] = [
  {
    id: 3,
    at: '2026-12-05T09:05:00.000Z',
    action: 'user.reactivate',
    actor_id: 1,
    actor_username: 'jordan',
    target_id: 7,
    target_username: 'sam.k',
  },
  {
    id: 2,
    at: '2026-12-05T09:00:00.000Z',
    action: 'user.deactivate',
    actor_id: 1,
    actor_username: 'jordan',
    target_id: null,
    target_username: null,
  },
  {
    id: 1,
    at: '2026-12-05T08:00:00.000Z',
    action: 'audit_log.export',
    actor_id: null,
    actor_username: null,
    target_id: null,
    target_username: null,
  },
];

function serveAudit() {
  const calls: string[] = [];
  stubApi(
    (method, path) => {
      calls.push(`${method} ${path}`);
      const [route, search = ''] = path.split('?');
      if (method === 'GET' && route === '/api/staff/audit-log/') {
        const action = new URLSearchParams(search).get('action');
        const listed = entries.filter((entry) => !action || entry.action === action);
        return {
          status: 200,
          body: { count: listed.length, next: null, previous: null, results: listed },
        };
      }
      return undefined;
    },
    { withQuery: true },
  );
  return calls;
}

describe('the staff page of the audit log', { timeout: 30_000 }, () => {
  it('shows who did what to whom, a former user for an erased account, filtered by action', async () => {
    const calls = serveAudit();
    const user = userEvent.setup();
    await renderWithApp(<StaffAuditLogPage />);
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Account reactivated', 'jordan', 'sam.k'],
      ['Account deactivated', 'jordan', 'Former user'],
      ['Audit log downloaded', 'Former user', '—'],
    ]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Action'), 'Account deactivated');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(calls.at(-1)).toBe(
      'GET /api/staff/audit-log/?action=user.deactivate&page=1&page_size=50',
    );
  });

  it('downloads the CSV the server names', async () => {
    const saved: { name: string; text: string }[] = [];
    const fetchMock = vi.fn(
      async () =>
        new Response('"time_utc","action"\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="bullpen-audit-log-2026-12-05.csv"',
          },
        }),
    );
    serveAudit();
    await renderWithApp(<StaffAuditLogPage />);
    await screen.findByRole('table', { name: 'Audit log entries' });
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no object URLs: the file handed to the browser is named here instead.
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, text: this.href });
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'bullpen-audit-log-2026-12-05.csv', text: 'blob:csv' }]),
    );
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/staff/audit-log/export/');
    click.mockRestore();
  });

  it('speaks Spanish', async () => {
    serveAudit();
    await renderWithApp(<StaffAuditLogPage />, { language: 'es' });
    expect(
      await screen.findByRole('table', { name: 'Entradas del registro de auditoría' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Antiguo usuario').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeInTheDocument();
  });
});
