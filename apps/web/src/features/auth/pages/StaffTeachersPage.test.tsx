import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffTeacher } from '@bullpen/contract/users';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { StaffTeachersPage } from './StaffTeachersPage.tsx';

/** The signed-in user: one of Bullpen's staff unless a test says not. */
const session = vi.hoisted(() => ({ staff: true }));
vi.mock('@/lib/session.tsx', () => ({
  useSession: () => ({ user: { id: 1, is_staff: session.staff, is_teacher: false } }),
}));

const eva: StaffTeacher = {
  id: 5,
  username: 'eva.p',
  first_name: 'Eva',
  last_name: 'Pérez',
  email: 'eva@gmail.test',
  email_verified: true,
  joined_at: '2026-12-01T10:00:00.000Z',
  trusted_at: null,
  trusted_by: null,
};

/** A server holding Eva, pending until a staff member approves her. */
function serveTeachers() {
  const calls: { method: string; path: string }[] = [];
  let teacher = eva;
  stubApi(
    (method, path) => {
      calls.push({ method, path });
      const [route, search = ''] = path.split('?');
      if (method === 'GET' && route === '/api/staff/teachers/') {
        const status = new URLSearchParams(search).get('status');
        const listed = (teacher.trusted_at === null) === (status === 'pending') ? [teacher] : [];
        return {
          status: 200,
          body: { count: listed.length, next: null, previous: null, results: listed },
        };
      }
      if (route === '/api/staff/teachers/5/trust/') {
        teacher =
          method === 'POST'
            ? { ...teacher, trusted_at: '2026-12-05T09:00:00.000Z', trusted_by: 'jordan' }
            : { ...teacher, trusted_at: null, trusted_by: null };
        return { status: 200, body: teacher };
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

describe('the staff page of teachers', { timeout: 30_000 }, () => {
  it('approves a pending teacher, who moves to the trusted list, and revokes after a confirm', async () => {
    const calls = serveTeachers();
    const user = userEvent.setup();
    await renderWithApp(<StaffTeachersPage />);
    const card = (await screen.findByRole('heading', { name: 'Eva Pérez' })).closest('li')!;
    expect(card).toHaveTextContent('eva@gmail.test');
    expect(within(card).getByText('Email verified')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Approve Eva Pérez' }));
    expect(
      await screen.findByText('Eva Pérez is approved and can award points now.'),
    ).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', path: '/api/staff/teachers/5/trust/' });
    expect(await screen.findByText('No teachers are waiting for approval.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Trusted' }));
    const trusted = (await screen.findByRole('heading', { name: 'Eva Pérez' })).closest('li')!;
    expect(trusted).toHaveTextContent('by jordan');
    await user.click(
      within(trusted).getByRole('button', { name: 'Revoke the approval of Eva Pérez' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Revoke the approval of Eva Pérez?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Eva Pérez is waiting for approval again.')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/staff/teachers/5/trust/' });
    await waitFor(() => expect(screen.getByText('No trusted teachers yet.')).toBeInTheDocument());
  });

  it('speaks Spanish', async () => {
    serveTeachers();
    await renderWithApp(<StaffTeachersPage />, { language: 'es' });
    expect(await screen.findByRole('button', { name: 'Aprobar a Eva Pérez' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Profesores' })).toBeInTheDocument();
  });

  it('tells anyone but staff that the page is not theirs, and asks the server nothing', async () => {
    session.staff = false;
    const calls = serveTeachers();
    await renderWithApp(<StaffTeachersPage />);
    expect(await screen.findByText('Only Bullpen staff can approve teachers.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
