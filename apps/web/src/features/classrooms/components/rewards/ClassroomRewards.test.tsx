import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Redemption, Reward } from '@bullpen/contract/rewards';
import { pageOf, testClassroom, testStudent } from '@/test/classrooms.ts';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { AwardPointsDialog } from './AwardPointsDialog.tsx';
import { ClassroomRewards } from './ClassroomRewards.tsx';

/** The signed-in teacher: trusted to award points and define rewards unless a test says not. */
const session = vi.hoisted(() => ({ trusted: true }));
vi.mock('@/lib/session.tsx', () => ({
  useSession: () => ({ user: { id: 1, is_teacher: true, teacher_trusted: session.trusted } }),
}));

const classroomAs = (role: 'teacher' | 'student') => testClassroom({ role });

const warmUp: Reward = {
  id: 20,
  kind: 'classroom',
  slug: null,
  name: 'Choose the warm-up question',
  description: 'You pick the first question of the day.',
  cost: 60,
  classroom: { id: 4, name: 'Economics 9B' },
  owned: false,
  pending: 1,
};

const request: Redemption = {
  id: 50,
  reward: { id: 20, kind: 'classroom', slug: null, name: 'Choose the warm-up question' },
  cost: 60,
  status: 'pending',
  classroom: { id: 4, name: 'Economics 9B' },
  student: { id: 9, name: 'Sam Student' },
  decided_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

const REWARDS = '/api/classrooms/classrooms/4/rewards/';
const REQUESTS = '/api/classrooms/classrooms/4/reward-requests/';
const STUDENTS = '/api/classrooms/classrooms/4/students/';
const AWARDS = '/api/classrooms/classrooms/4/points-awards/';
const sam = testStudent;

function serveClass(state: { rewards: Reward[]; requests: Redemption[] }) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  stubApi(
    (method, path, body) => {
      calls.push({ method, path, body });
      const [route, search = ''] = path.split('?');
      if (method === 'GET' && route === REWARDS) return { status: 200, body: state.rewards };
      if (method === 'GET' && route === STUDENTS) return { status: 200, body: pageOf([sam]) };
      if (method === 'POST' && route === AWARDS) {
        return {
          status: 201,
          body: {
            entry: {
              id: 1,
              points: (body as { points: number }).points,
              reason: 'award',
              note: (body as { reason: string }).reason,
              awarded_by: 'Tess Teacher',
              created_at: '2026-11-21T10:00:00.000Z',
            },
            student: 9,
            left_today: 985,
          },
        };
      }
      if (method === 'POST' && route === REWARDS) {
        const made = { ...warmUp, ...(body as object), id: 21, pending: 0 };
        state.rewards = [...state.rewards, made];
        return { status: 201, body: made };
      }
      if (method === 'PATCH' && route === `${REWARDS}20/`) {
        const changed = { ...state.rewards[0]!, ...(body as object) };
        state.rewards = [changed];
        return { status: 200, body: changed };
      }
      if (method === 'DELETE' && route === `${REWARDS}20/`) {
        state.rewards = state.rewards.filter((reward) => reward.id !== 20);
        return { status: 204, body: null };
      }
      if (method === 'GET' && route === REQUESTS) {
        const pendingOnly = new URLSearchParams(search).get('status') === 'pending';
        return {
          status: 200,
          body: pageOf(state.requests.filter((item) => !pendingOnly || item.status === 'pending')),
        };
      }
      const decided = /^\/api\/rewards\/redemptions\/(\d+)\/(approve|decline)\/$/.exec(route!);
      if (method === 'POST' && decided) {
        const status = decided[2] === 'approve' ? 'approved' : 'declined';
        state.requests = state.requests.map((item) =>
          item.id === Number(decided[1]) ? { ...item, status } : item,
        );
        return { status: 200, body: state.requests[0] };
      }
      return undefined;
    },
    { withQuery: true },
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.trusted = true;
});

describe("a class's Rewards tab", { timeout: 30_000 }, () => {
  it('the teacher adds a reward, with the contract’s messages first', async () => {
    const calls = serveClass({ rewards: [], requests: [] });
    const user = userEvent.setup();
    await renderWithApp(<ClassroomRewards classroom={classroomAs('teacher')} />);
    expect(await screen.findByText(/No rewards yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New reward' }));
    const dialog = await screen.findByRole('dialog', { name: 'New class reward' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give the reward a name.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('A cost is a whole number of points from 1 to 10000.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Extra hall pass');
    await user.type(within(dialog).getByLabelText('Cost in points'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText('A cost is a whole number of points from 1 to 10000.'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Cost in points'));
    await user.type(within(dialog).getByLabelText('Cost in points'), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Extra hall pass was added.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Extra hall pass',
      description: '',
      cost: 40,
    });
    expect(await screen.findByRole('button', { name: 'Edit Extra hall pass' })).toBeInTheDocument();
  });

  it('the teacher changes a reward’s cost', async () => {
    const calls = serveClass({ rewards: [warmUp], requests: [] });
    const user = userEvent.setup();
    await renderWithApp(<ClassroomRewards classroom={classroomAs('teacher')} />);
    await user.click(
      await screen.findByRole('button', { name: 'Edit Choose the warm-up question' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Edit Choose the warm-up question',
    });
    const cost = within(dialog).getByLabelText('Cost in points');
    expect(cost).toHaveValue('60');
    await user.clear(cost);
    await user.type(cost, '75');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose the warm-up question was saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Choose the warm-up question',
      description: 'You pick the first question of the day.',
      cost: 75,
    });
    expect(await screen.findByText('75 points')).toBeInTheDocument();
  });

  it('the teacher removes a reward after a confirm', async () => {
    serveClass({ rewards: [warmUp], requests: [] });
    const user = userEvent.setup();
    await renderWithApp(<ClassroomRewards classroom={classroomAs('teacher')} />);
    await user.click(
      await screen.findByRole('button', { name: 'Remove Choose the warm-up question' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Remove Choose the warm-up question?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Choose the warm-up question was removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByTestId('class-reward')).toHaveLength(0));
  });

  it('approves a waiting request after a confirm; it moves to the decided list', async () => {
    const calls = serveClass({ rewards: [warmUp], requests: [request] });
    const user = userEvent.setup();
    await renderWithApp(<ClassroomRewards classroom={classroomAs('teacher')} />);
    const waiting = await screen.findByRole('region', { name: 'Waiting for you' });
    await user.click(
      await within(waiting).findByRole('button', {
        name: "Approve Sam Student's request for Choose the warm-up question",
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Approve Sam Student's request?" });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText(
        "You approved Sam Student's request for Choose the warm-up question.",
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/rewards/redemptions/50/approve/')).toBe(true);
    expect(await within(waiting).findByText('No requests are waiting.')).toBeInTheDocument();
    const decided = await screen.findByRole('region', { name: 'Decided' });
    expect(await within(decided).findByText('Approved')).toBeInTheDocument();
  });

  it('declines a waiting request (points back), and can change its mind at the confirm', async () => {
    const calls = serveClass({ rewards: [warmUp], requests: [request] });
    const user = userEvent.setup();
    await renderWithApp(<ClassroomRewards classroom={classroomAs('teacher')} />);
    const decline = await screen.findByRole('button', {
      name: "Decline Sam Student's request for Choose the warm-up question",
    });
    await user.click(decline);
    let dialog = await screen.findByRole('dialog', { name: "Decline Sam Student's request?" });
    expect(dialog).toHaveTextContent('the points go back to them');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(decline);
    dialog = await screen.findByRole('dialog', { name: "Decline Sam Student's request?" });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(
      await screen.findByText(
        "You declined Sam Student's request for Choose the warm-up question. The points went back.",
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Declined, points returned')).toBeInTheDocument();
  });

  it('the teacher awards a student points from the tab', async () => {
    const calls = serveClass({ rewards: [], requests: [] });
    const user = userEvent.setup();
    await renderWithApp(<ClassroomRewards classroom={classroomAs('teacher')} />);
    const section = await screen.findByRole('region', { name: 'Award points' });
    await user.click(
      await within(section).findByRole('button', { name: 'Award points to Sam Student' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Award points to Sam Student' });
    await user.type(within(dialog).getByLabelText('Points'), '15');
    await user.type(within(dialog).getByLabelText('Reason'), 'Tidy notebook');
    await user.click(within(dialog).getByRole('button', { name: 'Award' }));
    expect(
      await screen.findByText('Sam Student got 15 points. You can award 985 more today.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      student: 9,
      points: 15,
      reason: 'Tidy notebook',
    });
  });

  it('a teacher waiting for approval is told why, instead of buttons that would be refused', async () => {
    session.trusted = false;
    const calls = serveClass({ rewards: [warmUp], requests: [request] });
    await renderWithApp(<ClassroomRewards classroom={classroomAs('teacher')} />);
    const notice = await screen.findByTestId('teacher-trust-notice');
    expect(notice).toHaveTextContent('Your teacher account is waiting for approval');
    expect(notice).toHaveTextContent(
      'Until Bullpen staff approve it, or you verify an email address at your school, you cannot award points or create rewards.',
    );
    expect(
      within(notice).getByRole('link', { name: 'Ask the Bullpen team for approval' }),
    ).toHaveAttribute('href', '/public/support');
    expect(await screen.findAllByTestId('class-reward')).toHaveLength(1);
    // No way to define or change a reward, nor to award: only taking one off sale is left.
    expect(screen.queryByRole('button', { name: 'New reward' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Edit Choose the warm-up question' }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Remove Choose the warm-up question' }),
    ).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Award points' });
    expect(section).toHaveTextContent(
      'You can award points once your teacher account is approved.',
    );
    expect(within(section).queryAllByRole('button')).toHaveLength(0);
    expect(calls.some((call) => call.path.startsWith(STUDENTS))).toBe(false);
    // Requests already made can still be decided.
    expect(
      await screen.findByRole('button', {
        name: "Approve Sam Student's request for Choose the warm-up question",
      }),
    ).toBeInTheDocument();
  });

  it('tells a teacher waiting for approval why in Spanish too', async () => {
    session.trusted = false;
    serveClass({ rewards: [], requests: [] });
    await renderWithApp(<ClassroomRewards classroom={classroomAs('teacher')} />, {
      language: 'es',
    });
    const notice = await screen.findByTestId('teacher-trust-notice');
    expect(notice).toHaveTextContent('Tu cuenta de profesor está esperando aprobación');
    expect(
      within(notice).getByRole('link', { name: 'Pide la aprobación al equipo de Bullpen' }),
    ).toBeInTheDocument();
  });

  it('a trusted teacher sees no notice', async () => {
    serveClass({ rewards: [], requests: [] });
    await renderWithApp(<ClassroomRewards classroom={classroomAs('teacher')} />);
    expect(await screen.findByRole('button', { name: 'New reward' })).toBeInTheDocument();
    expect(screen.queryByTestId('teacher-trust-notice')).not.toBeInTheDocument();
  });

  it('a student sees a short card leading to /redeem', async () => {
    serveClass({ rewards: [warmUp], requests: [] });
    await renderWithApp(<ClassroomRewards classroom={classroomAs('student')} />);
    expect(
      await screen.findByText(
        'Your teacher offers 1 reward in this class. Spend your points on the redeem page.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Redeem' })).toHaveAttribute('href', '/redeem');
  });
});

describe('the Award points dialog', { timeout: 30_000 }, () => {
  it('checks 1..100 and a reason, sends the award, and reports what is left today', async () => {
    const calls: unknown[] = [];
    stubApi((method, path, body) => {
      if (path !== '/api/classrooms/classrooms/4/points-awards/') return undefined;
      if (method === 'GET') return { status: 200, body: { left_today: 60, daily_max: 1000 } };
      if (method !== 'POST') return undefined;
      calls.push(body);
      if (calls.length === 1) {
        return {
          status: 409,
          body: { error: 'You can award 10 more points today (at most 1000 a day).' },
        };
      }
      return {
        status: 201,
        body: {
          entry: {
            id: 1,
            points: 10,
            reason: 'award',
            note: 'Helped a classmate',
            awarded_by: 'Tess Teacher',
            created_at: '2026-11-21T10:00:00.000Z',
          },
          student: 9,
          left_today: 0,
        },
      };
    });
    const onAwarded = vi.fn();
    const user = userEvent.setup();
    await renderWithApp(
      <AwardPointsDialog
        classroomId={4}
        student={{ id: 9, name: 'Sam Student' }}
        open
        onClose={() => undefined}
        onAwarded={onAwarded}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Award points to Sam Student' });
    // Opening it tells the teacher what is left of today's cap.
    expect(await within(dialog).findByTestId('award-left-today')).toHaveTextContent(
      'You can award 60 more points today.',
    );
    const points = within(dialog).getByLabelText('Points');
    await user.type(points, '101');
    await user.click(within(dialog).getByRole('button', { name: 'Award' }));
    expect(await within(dialog).findByText('Award from 1 to 100 points.')).toBeInTheDocument();
    expect(within(dialog).getByText('Say what the points are for.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(points);
    await user.type(points, '50');
    await user.type(within(dialog).getByLabelText('Reason'), 'Helped a classmate');
    await user.click(within(dialog).getByRole('button', { name: 'Award' }));
    expect(
      await within(dialog).findByText('You can award 10 more points today (at most 1000 a day).'),
    ).toBeInTheDocument();
    expect(calls[0]).toEqual({ student: 9, points: 50, reason: 'Helped a classmate' });

    await user.clear(points);
    await user.type(points, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Award' }));
    await waitFor(() => expect(onAwarded).toHaveBeenCalledWith(10, 0));
    expect(within(dialog).getByTestId('award-left-today')).toHaveTextContent(
      'You can award 0 more points today.',
    );
  });
});
