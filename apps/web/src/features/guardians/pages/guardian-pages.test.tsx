import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChildSummary } from '@bullpen/contract/guardians';
import type { User } from '@bullpen/contract/users';
import { SessionProvider } from '@/lib/session.tsx';
import { renderWithApp } from '@/test/render.tsx';
import { signInTestUser, signOutTestUser, studentWithoutEmail } from '@/test/session-user.ts';
import { stubApi, type StubAnswer } from '@/test/stub-api.ts';
import { AcceptInvitationPage } from './AcceptInvitationPage.tsx';
import { ChildPage } from './ChildPage.tsx';
import { MyParentsPage } from './MyParentsPage.tsx';

const ok = (body: unknown): StubAnswer => ({ status: 200, body });
const guardian: User = { ...studentWithoutEmail, id: 9, first_name: 'Pat', is_guardian: true };
const student: User = { ...studentWithoutEmail, email: 'ana@school.test', first_name: 'Ana' };

const summary: ChildSummary = {
  child: { id: 21, first_name: 'Ana', last_name: 'Alvarez' },
  lessons_done: [
    {
      lesson_id: 11,
      title: 'Gross pay and net pay',
      course: 'Money basics',
      best_percent: 100,
      first_percent: 80,
      attempts: 2,
      completed_at: '2026-12-01T10:00:00.000Z',
    },
  ],
  lessons_due: [
    {
      lesson_id: 12,
      title: 'Pay yourself first',
      course: 'Money basics',
      due_at: '2026-11-30T10:00:00.000Z',
      overdue: true,
    },
  ],
  certificates: [],
  points: {
    available: 40,
    history: [{ id: 1, points: 40, reason: 'award', created_at: '2026-12-01T10:00:00.000Z' }],
  },
  contests: [
    {
      contest_id: 3,
      name: 'Class market game',
      rank: 2,
      players: 12,
      value_cents: 1_010_000,
      change_cents: 10_000,
    },
  ],
  resume_comments: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  signOutTestUser();
});

function renderAt(
  route: string,
  path: string,
  element: React.ReactNode,
  language: 'en' | 'es' = 'en',
) {
  return renderWithApp(
    <SessionProvider>
      <Routes>
        <Route path={path} element={element} />
        <Route path="/home" element={<p>home page</p>} />
      </Routes>
    </SessionProvider>,
    { route, language },
  );
}

describe('the child’s page', () => {
  it('shows the summary read-only, and stopping to follow leads home', async () => {
    let following = true;
    const fetchMock = signInTestUser(guardian, (method, path) => {
      if (path === '/api/guardians/children/21/' && method === 'GET') {
        return following
          ? ok(summary)
          : {
              status: 404,
              body: { error: 'This child does not exist or you do not follow them.' },
            };
      }
      if (path === '/api/guardians/children/21/' && method === 'DELETE') {
        following = false;
        return { status: 204, body: null };
      }
      return undefined;
    });
    await renderAt('/guardian/children/21', '/guardian/children/:id', <ChildPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Alvarez' })).toBeVisible();
    const done = screen.getByRole('region', { name: 'Lessons done' });
    expect(within(done).getByText('Gross pay and net pay')).toBeVisible();
    expect(within(done).getByText(/best score 100%, first try 80%, 2 tries/)).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Lessons due' })).getByText('Overdue'),
    ).toBeVisible();
    expect(screen.getByTestId('child-points')).toHaveTextContent('40 points available');
    expect(screen.getByText(/Rank 2 of 12/)).toBeVisible();
    // The résumé's comments are not shared: no such section.
    expect(screen.queryByRole('region', { name: 'Comments on the résumé' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Stop following' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop following' }));
    expect(await screen.findByText('home page')).toBeVisible();
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) =>
          String(input).endsWith('/api/guardians/children/21/') && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('says “not found” in Spanish for a child the guardian does not follow', async () => {
    signInTestUser({ ...guardian, language: 'es' }, (_method, path) =>
      path === '/api/guardians/children/22/'
        ? { status: 404, body: { error: 'This child does not exist or you do not follow them.' } }
        : undefined,
    );
    await renderAt('/guardian/children/22', '/guardian/children/:id', <ChildPage />, 'es');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este estudiante no existe o no lo sigues.',
    );
  });
});

describe('the student’s parents page', () => {
  it('invites a parent, lists who follows, and turns sharing on', async () => {
    const sent: unknown[] = [];
    let share = false;
    signInTestUser(student, (method, path, body) => {
      if (path === '/api/guardians/mine/') {
        return ok({
          results: [
            {
              id: 9,
              first_name: 'Pat',
              last_name: 'Parent',
              email: 'pat@home.test',
              since: '2026-12-01T10:00:00.000Z',
              deletion_requested_at: null,
            },
          ],
          invitations: [],
        });
      }
      if (path === '/api/guardians/invitations/' && method === 'POST') {
        sent.push(body);
        return {
          status: 201,
          body: { id: 1, email: 'sam@home.test', expires_at: '2026-12-12T10:00:00.000Z' },
        };
      }
      if (path === '/api/guardians/sharing/') {
        if (method === 'PUT')
          share = (body as { share_resume_comments: boolean }).share_resume_comments;
        return ok({ share_resume_comments: share });
      }
      return undefined;
    });
    await renderAt('/parents', '/parents', <MyParentsPage />);
    expect(await screen.findByRole('button', { name: 'Stop Pat Parent' })).toBeVisible();
    expect(screen.getByText(/pat@home\.test · since/)).toBeVisible();
    await userEvent.type(screen.getByLabelText('Your parent’s email'), 'sam@home.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Invitation sent.')).toBeVisible();
    expect(sent).toEqual([{ email: 'sam@home.test' }]);
    const toggle = await screen.findByRole('switch', {
      name: 'Share my résumé comments with my parents',
    });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(share).toBe(true);
  });
});

describe('the invitation page', () => {
  it('shows whom the invitation is for and a sign-up with the invited address', async () => {
    stubApi((_method, path) =>
      path === '/api/guardians/invitations/preview/'
        ? ok({
            child_first_name: 'Ana',
            email: 'pat@home.test',
            expires_at: '2026-12-12T10:00:00.000Z',
          })
        : undefined,
    );
    await renderAt(
      '/public/guardian-invitation?token=abc',
      '/public/guardian-invitation',
      <AcceptInvitationPage />,
    );
    expect(await screen.findByText(/follow Ana’s progress/)).toBeVisible();
    expect(screen.getByLabelText(/Email \(the invited address\)/)).toHaveValue('pat@home.test');
    expect(screen.getByRole('button', { name: 'Create my parent account' })).toBeVisible();
  });

  it('says an expired link has expired', async () => {
    stubApi(() => ({
      status: 410,
      body: { error: 'This invitation has expired. Ask for a new one.' },
    }));
    await renderAt(
      '/public/guardian-invitation?token=old',
      '/public/guardian-invitation',
      <AcceptInvitationPage />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has expired.');
  });
});
