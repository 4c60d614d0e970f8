import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { testClassroom } from '@/test/classrooms.ts';
import { contestOf } from '@/test/contest.ts';
import { renderWithApp } from '@/test/render.tsx';
import { ClassroomContests } from './ClassroomContests.tsx';

const classroomAs = (role: 'teacher' | 'student', tradingEnabled = true) =>
  testClassroom({ role, trading_enabled: tradingEnabled });

const contest = contestOf({
  id: 5,
  name: 'Class market game',
  owner: { id: 1, username: 'tess' },
  members_count: 3,
  my_contest_user: 12,
  join_code: 'QWERTY23',
  classroom_id: 4,
});

function stubApi(answer: (method: string, path: string, body: unknown) => unknown) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const found = answer(method, path, body);
    return new Response(JSON.stringify(found ?? { error: 'Not found.' }), {
      status: found === undefined ? 404 : 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const LIST = '/api/classrooms/classrooms/4/contests/';
const page = { count: 1, next: null, previous: null, results: [contest] };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the class contests section', { timeout: 20_000 }, () => {
  it("a student sees the class's contests with links, and why trading is off", async () => {
    stubApi((method, path) => (method === 'GET' && path === LIST ? page : undefined));
    await renderWithApp(<ClassroomContests classroom={classroomAs('student', false)} />);
    const link = await screen.findByRole('link', { name: 'Class market game' });
    expect(link).toHaveAttribute('href', '/contest/5');
    expect(
      screen.getByText('Trading is turned off for this class by your teacher.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start contest' })).not.toBeInTheDocument();
  });

  it('the teacher turns trading off with the switch', async () => {
    const fetchMock = stubApi((method, path, body) => {
      if (method === 'GET' && path === LIST) return page;
      if (method === 'PATCH' && path === '/api/classrooms/classrooms/4/trading') {
        return { id: 4, trading_enabled: (body as { enabled: boolean }).enabled };
      }
      return undefined;
    });
    await renderWithApp(<ClassroomContests classroom={classroomAs('teacher')} />);
    const toggle = await screen.findByRole('switch', { name: 'Trading is on' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => {
      const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
      expect(patch?.[1]?.body).toBe(JSON.stringify({ enabled: false }));
    });
    expect(await screen.findByText('Trading is off for this class.')).toBeInTheDocument();
  });

  it('the teacher starts a contest; bad input is named before anything is sent', async () => {
    const fetchMock = stubApi((method, path, body) => {
      if (method === 'GET' && path === LIST) return page;
      if (method === 'POST' && path === LIST) return { ...contest, ...(body as object), id: 6 };
      return undefined;
    });
    await renderWithApp(<ClassroomContests classroom={classroomAs('teacher')} />);
    const cash = await screen.findByLabelText(/Starting cash/);
    await userEvent.clear(cash);
    await userEvent.type(cash, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Start contest' }));
    expect(await screen.findByText('Use 3 to 80 characters.')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount from $100 to $10,000,000.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByLabelText(/Contest name/), 'Fall market game');
    await userEvent.clear(cash);
    await userEvent.type(cash, '10000');
    await userEvent.click(screen.getByRole('button', { name: 'Start contest' }));
    await waitFor(() => {
      const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
      expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
        name: 'Fall market game',
        starting_cash: 1_000_000,
      });
    });
  });
});
