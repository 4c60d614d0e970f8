import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Adjustment } from '@bullpen/contract/portfolio-adjustments';
import { contestOf } from '@/test/contest.ts';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { ManagePortfolios } from './ManagePortfolios.tsx';
import { TeacherNotes } from './TeacherNotes.tsx';

/** The owner's "Manage portfolios" dialog and the student's lines from their teacher. */

const contest = contestOf({
  id: 9,
  name: 'Class 8A',
  owner: { id: 1, username: 'tess' },
  is_owner: true,
  can_manage: true,
  my_contest_user: 11,
  join_code: 'QWERTY23',
  coach: true,
});

const board = {
  count: 2,
  next: null,
  previous: null,
  results: [
    {
      rank: 1,
      contest_user: 12,
      user: { id: 5, username: 'sam42', first_name: 'Sam', avatar: null },
      value: 10_050_000,
      return_ratio: 0.005,
    },
    {
      rank: 2,
      contest_user: 11,
      user: { id: 1, username: 'tess', first_name: 'Tess', avatar: null },
      value: 10_000_000,
      return_ratio: 0,
    },
  ],
};

function line(overrides: Partial<Adjustment>): Adjustment {
  return {
    id: 1,
    contest_user: 12,
    member: { username: 'sam42', first_name: 'Sam' },
    kind: 'cash',
    amount: 5_000,
    last_order: 0,
    value_before: 10_000_000,
    reason: 'Quiz prize',
    actor: { username: 'tess', first_name: 'Tess' },
    created_at: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the owner manages portfolios', { timeout: 20_000 }, () => {
  it('adds cash to a student with a reason, and resets every portfolio only once confirmed', async () => {
    const history: Adjustment[] = [];
    const fetchMock = stubApi((method, path, body) => {
      if (path === '/api/contest-users/leaderboard/') return { status: 200, body: board };
      if (path === '/api/contests/9/adjustments/' && method === 'GET') {
        return { status: 200, body: { results: history } };
      }
      if (path === '/api/contests/9/adjustments/' && method === 'POST') {
        const made = line({ id: 2, amount: (body as { amount: number }).amount });
        history.unshift(made);
        return { status: 201, body: made };
      }
      if (path === '/api/contests/9/resets/') {
        return { status: 201, body: { results: [line({ kind: 'reset' }), line({ id: 3 })] } };
      }
      return undefined;
    });
    await renderWithApp(<ManagePortfolios contest={contest} />);
    await userEvent.click(screen.getByRole('button', { name: 'Manage portfolios' }));
    // The dialog's code loads on the first open.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Manage portfolios of Class 8A' },
      { timeout: 10_000 },
    );
    expect(within(dialog).getByText('No change yet.')).toBeInTheDocument();

    // Nothing chosen: the form says what is missing and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjust cash' }));
    expect(within(dialog).getByText('Choose a student.')).toBeInTheDocument();
    expect(within(dialog).getByText('Say why, in a few words.')).toBeInTheDocument();

    const student = within(dialog).getByRole('combobox', { name: 'Student' });
    await waitFor(() => expect(within(student).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(student, '12');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount ($)' }), '50');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Quiz prize');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjust cash' }));
    expect(await screen.findByText("$50.00 added to Sam's cash.")).toBeVisible();
    const posted = fetchMock.mock.calls.find(
      ([url, init]) => String(url).includes('/adjustments/') && init?.method === 'POST',
    );
    expect(JSON.parse(String(posted![1]!.body))).toEqual({
      contest_user: 12,
      amount: 5_000,
      reason: 'Quiz prize',
    });
    expect(await within(dialog).findByText(/Added \$50\.00 to Sam\./)).toBeInTheDocument();

    // Resetting everyone waits for the confirmation.
    const resetAll = within(dialog).getByRole('button', { name: 'Reset every portfolio' });
    expect(resetAll).toBeDisabled();
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'I understand: every portfolio starts again' }),
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'New term');
    await userEvent.click(resetAll);
    expect(await screen.findByText('2 portfolios were reset.')).toBeVisible();
    const reset = fetchMock.mock.calls.find(([url]) => String(url).includes('/resets/'));
    expect(JSON.parse(String(reset![1]!.body))).toEqual({ all: true, reason: 'New term' });
  });
});

describe('the student reads their teacher’s lines', () => {
  it('says what the teacher did and why, in English and Spanish', async () => {
    stubApi((method, path) =>
      path === '/api/contests/9/adjustments/'
        ? {
            status: 200,
            body: {
              results: [
                line({ id: 3, kind: 'reset', amount: -5_000, reason: 'Fresh start' }),
                line({ id: 2, amount: -1_250, reason: 'Late homework' }),
                line({ id: 1 }),
              ],
            },
          }
        : undefined,
    );
    const { unmount } = await renderWithApp(<TeacherNotes contestId={9} />);
    expect(await screen.findByText(/Portfolio reset by your teacher: Fresh start/)).toBeVisible();
    expect(screen.getByText(/Your teacher removed \$12\.50: Late homework/)).toBeVisible();
    expect(screen.getByText(/Your teacher added \$50\.00: Quiz prize/)).toBeVisible();
    unmount();
    await renderWithApp(<TeacherNotes contestId={9} />, { language: 'es' });
    expect(await screen.findByRole('heading', { name: 'De tu profesor' })).toBeVisible();
    expect(screen.getByText(/Tu profesor reinició tu cartera: Fresh start/)).toBeVisible();
    expect(screen.getByText(/Tu profesor añadió .*50.*: Quiz prize/)).toBeVisible();
  });

  it('shows nothing without lines', async () => {
    stubApi(() => ({ status: 200, body: { results: [] } }));
    const { container } = await renderWithApp(<TeacherNotes contestId={9} />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
