import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@bullpen/contract/users';
import { SessionProvider } from '@/lib/session.tsx';
import { renderWithApp } from '@/test/render.tsx';
import { signInTestUser, signOutTestUser, studentWithoutEmail } from '@/test/session-user.ts';
import type { StubAnswer } from '@/test/stub-api.ts';
import { SignedInHomePage } from './SignedInHomePage.tsx';

const student: User = { ...studentWithoutEmail, first_name: 'Sam', email: 'sam@school.test' };
const teacher: User = { ...student, id: 2, first_name: 'Maria', is_teacher: true };
const staff: User = { ...student, id: 3, first_name: 'Pat', is_staff: true };

const ok = (body: unknown): StubAnswer => ({ status: 200, body });
const page = (results: unknown[]) =>
  ok({ count: results.length, next: null, previous: null, results });

const studentAnswers: Record<string, StubAnswer> = {
  '/api/home/courses/': ok({
    continue: { lesson_id: 12, title: 'Pay yourself first', course: 'Money basics' },
    results: [
      {
        course_id: 1,
        title: 'Money basics',
        completed: 1,
        lessons: 2,
        next: { lesson_id: 12, title: 'Pay yourself first', course: 'Money basics' },
      },
    ],
  }),
  '/api/home/lessons-due/': ok({
    results: [
      {
        lesson_id: 12,
        title: 'Pay yourself first',
        course: 'Money basics',
        classroom: { id: 5, name: 'Period 3' },
        due_at: '2026-11-01T10:00:00.000Z',
        overdue: true,
      },
      {
        lesson_id: 13,
        title: 'What is a share?',
        course: 'Market basics',
        classroom: { id: 5, name: 'Period 3' },
        due_at: '2026-12-20T10:00:00.000Z',
        overdue: false,
      },
    ],
  }),
  '/api/home/contests/': { status: 500, body: { error: 'A server error occurred.' } },
  '/api/home/points/': ok({
    available_points: 40,
    affordable: 1,
    next_reward: { id: 3, name: 'Homework pass', cost: 100, missing: 60 },
  }),
  '/api/notifications/': ok({ unread: 0, results: [] }),
};

const teacherAnswers: Record<string, StubAnswer> = {
  '/api/home/classes/': ok({
    results: [
      {
        id: 5,
        name: 'Period 3',
        students: 2,
        overdue: 3,
        overdue_lessons: [{ lesson_id: 12, title: 'Pay yourself first', missing: 2 }],
      },
    ],
  }),
  '/api/home/reward-requests/': ok({
    count: 1,
    results: [
      {
        id: 77,
        reward: 'Front seat',
        cost: 10,
        student: 'Ana Alvarez',
        classroom: { id: 5, name: 'Period 3' },
        created_at: '2026-11-02T10:00:00.000Z',
      },
    ],
  }),
  '/api/home/reports/': ok({ results: [] }),
  '/api/home/inactive-students/': ok({
    count: 1,
    results: [
      {
        id: 8,
        name: 'Ben Brown',
        classroom: { id: 5, name: 'Period 3' },
        last_active_on: '2026-11-20',
      },
    ],
  }),
  '/api/home/leaders/': ok({
    results: [
      {
        contest_id: 4,
        name: 'Class market game',
        classroom: { id: 5, name: 'Period 3' },
        leaders: [{ rank: 1, name: 'Ana', value_cents: 1_010_000 }],
      },
    ],
  }),
};

const staffAnswers: Record<string, StubAnswer> = {
  '/api/staff/teachers/': page([]),
  '/api/support-tickets/inbox/': page([]),
  '/api/staff/outbox/': page([
    {
      id: 1,
      recipient: 'a@b.test',
      subject: 'Verify your email',
      text: '',
      created_at: '2026-11-02T10:00:00.000Z',
    },
  ]),
  '/api/home/retention/': ok({ last_run: null }),
};

/** Signs `user` in against a server answering `answers` (GET) and `post`; the fetch mock. */
function serve(
  user: User,
  answers: Record<string, StubAnswer>,
  post: Record<string, StubAnswer> = {},
) {
  return signInTestUser(user, (method, path) => (method === 'GET' ? answers[path] : post[path]));
}

/** The card requests made (every call but the session check), path by path. */
function cardRequests(fetchMock: ReturnType<typeof serve>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost').pathname)
    .filter((path) => path !== '/api-token-verify/');
}

function renderHome(language: 'en' | 'es' = 'en') {
  return renderWithApp(
    <SessionProvider>
      <SignedInHomePage />
    </SessionProvider>,
    { language },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  signOutTestUser();
});

describe('the student’s home', () => {
  it('shows each card’s data, empty and error states, one request per card', async () => {
    const fetchMock = serve(student, studentAnswers);
    await renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Sam' })).toBeVisible();
    const courses = await screen.findByTestId('card-courses');
    expect(
      await within(courses).findByRole('link', { name: 'Continue: Pay yourself first' }),
    ).toHaveAttribute('href', '/lessons?lesson=12');
    const due = screen.getByTestId('card-lessons-due');
    const lines = await within(due).findAllByRole('listitem');
    expect(lines[0]).toHaveTextContent(/Overdue since/);
    expect(lines[1]).toHaveTextContent(/Due /);
    const contests = screen.getByTestId('card-contests');
    expect(await within(contests).findByRole('alert')).toHaveTextContent(
      'This card could not load.',
    );
    expect(within(contests).getByRole('button', { name: 'Try again' })).toBeVisible();
    const points = screen.getByTestId('card-points');
    expect(await within(points).findByText('Next: Homework pass, 60 more points')).toBeVisible();
    expect(
      await within(screen.getByTestId('card-notifications')).findByText('No unread notifications.'),
    ).toBeVisible();
    const made = cardRequests(fetchMock);
    expect(made.sort()).toEqual(Object.keys(studentAnswers).sort());
  });

  it('reads in Spanish', async () => {
    // The session adopts the account's language.
    serve({ ...student, language: 'es' }, studentAnswers);
    await renderHome('es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Sam' })).toBeVisible();
    expect(await screen.findByText('Siguiente: Homework pass, faltan 60 puntos')).toBeVisible();
  });
});

describe('the teacher’s home', () => {
  it('shows the five cards with one request each, and approves a request in one click', async () => {
    const fetchMock = serve(teacher, teacherAnswers, {
      '/api/rewards/redemptions/77/approve/': ok({}),
      '/api/classrooms/classrooms/5/lessons/12/remind/': ok({ mailed: 2, in_app: 0 }),
    });
    await renderHome();
    const classes = await screen.findByTestId('card-classes');
    expect(await within(classes).findByText('3 overdue lessons to finish')).toBeVisible();
    expect(within(classes).getByRole('link', { name: 'Open Period 3' })).toHaveAttribute(
      'href',
      '/classroom/5',
    );
    expect(
      await within(screen.getByTestId('card-reports')).findByText('No post is reported.'),
    ).toBeVisible();
    expect(await screen.findByText('1. Ana, $10,100.00')).toBeVisible();
    expect(await screen.findByText('Ben Brown')).toBeVisible();
    expect(cardRequests(fetchMock).sort()).toEqual(Object.keys(teacherAnswers).sort());

    await userEvent.click(
      within(classes).getByRole('button', {
        name: 'Remind the students who have not finished “Pay yourself first”',
      }),
    );
    expect(await within(classes).findByRole('status')).toHaveTextContent('Reminder sent.');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Approve Front seat for Ana Alvarez' }),
    );
    await waitFor(() =>
      expect(cardRequests(fetchMock)).toContain('/api/rewards/redemptions/77/approve/'),
    );
  });
});

describe('the staff’s home', () => {
  it('shows four cards, reusing the staff lists, one request each', async () => {
    const fetchMock = serve(staff, staffAnswers);
    await renderHome();
    expect(await screen.findByText('No teacher is waiting.')).toBeVisible();
    expect(await screen.findByText('No open request.')).toBeVisible();
    expect(await screen.findByText('Verify your email')).toBeVisible();
    expect(await screen.findByText('The retention job has not run yet.')).toBeVisible();
    expect(cardRequests(fetchMock).sort()).toEqual(Object.keys(staffAnswers).sort());
  });
});

describe('the guardian’s home', () => {
  const guardian: User = { ...student, id: 9, first_name: 'Pat', is_guardian: true };
  const child = (id: number, first_name: string) => ({
    id,
    first_name,
    last_name: 'Alvarez',
    following_since: '2026-12-01T10:00:00.000Z',
    deletion_requested_at: null,
  });

  it('shows one card per child followed, each its own request, linking to the child', async () => {
    const answers: Record<string, StubAnswer> = {
      '/api/guardians/children/': ok({ results: [child(21, 'Ana'), child(22, 'Leo')] }),
      '/api/home/children/21/': ok({
        id: 21,
        first_name: 'Ana',
        lessons_done: 1,
        lessons_due: 2,
        overdue: 1,
        certificates: 0,
        available_points: 40,
      }),
      '/api/home/children/22/': { status: 500, body: { error: 'A server error occurred.' } },
    };
    const fetchMock = serve(guardian, answers);
    await renderHome();
    const ana = await screen.findByTestId('card-child-21');
    expect(await within(ana).findByText('1 lesson done')).toBeVisible();
    expect(within(ana).getByText(/2 lessons due/)).toBeVisible();
    expect(within(ana).getByText('40 points')).toBeVisible();
    expect(within(ana).getByRole('link', { name: 'See Ana’s progress' })).toHaveAttribute(
      'href',
      '/guardian/children/21',
    );
    expect(await within(screen.getByTestId('card-child-22')).findByRole('alert')).toHaveTextContent(
      'This card could not load.',
    );
    // No student card is asked for.
    expect(cardRequests(fetchMock).sort()).toEqual(Object.keys(answers).sort());
  });

  it('says how to be invited when following nobody, in Spanish too', async () => {
    serve({ ...guardian, language: 'es' }, { '/api/guardians/children/': ok({ results: [] }) });
    await renderHome('es');
    expect(
      await within(await screen.findByTestId('card-children')).findByText(
        /Aún no sigues a ningún estudiante/,
      ),
    ).toBeVisible();
  });
});
