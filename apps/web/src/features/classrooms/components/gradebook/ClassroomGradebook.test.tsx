import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Gradebook } from '@bullpen/contract/classroom-gradebook';
import { testClassroom } from '@/test/classrooms.ts';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { ClassroomGradebook } from './ClassroomGradebook.tsx';

vi.mock('@/lib/session.tsx', () => ({
  useSession: () => ({ user: { id: 1, is_teacher: true, teacher_trusted: true } }),
}));

afterEach(() => vi.unstubAllGlobals());

const book: Gradebook = {
  lessons: [
    {
      id: 11,
      title: 'Gross pay and net pay',
      course: { id: 3, title: 'Money basics' },
      due_at: '2026-03-01T12:00:00.000Z',
    },
  ],
  students: [
    {
      id: 21,
      username: 'ana',
      first_name: 'Ana',
      last_name: 'Alvarez',
      cells: [
        {
          lesson: 11,
          first_percent: 60,
          best_percent: 100,
          attempts: 2,
          completed_at: '2026-03-02T10:00:00.000Z',
          late: true,
        },
      ],
    },
    {
      id: 22,
      username: 'ben',
      first_name: 'Ben',
      last_name: 'Brown',
      cells: [
        {
          lesson: 11,
          first_percent: null,
          best_percent: null,
          attempts: 0,
          completed_at: null,
          late: false,
        },
      ],
    },
  ],
};

function stub(sent: { method: string; path: string; body: unknown }[]) {
  stubApi((method, path, body) => {
    sent.push({ method, path, body });
    if (method === 'GET' && path.startsWith('/api/classrooms/classrooms/4/gradebook/')) {
      return { status: 200, body: book };
    }
    if (method === 'GET' && path === '/api/classrooms/classrooms/4/courses/') {
      return { status: 200, body: { results: [] } };
    }
    if (method === 'POST' && path === '/api/classrooms/classrooms/4/gradebook/points-awards/') {
      return { status: 201, body: { students: [21, 22], points: 10, left_today: 980 } };
    }
    if (method === 'POST' && path === '/api/classrooms/classrooms/4/gradebook/reminders/') {
      return { status: 200, body: { mailed: 0, in_app: 1 } };
    }
    return undefined;
  });
}

describe('ClassroomGradebook', { timeout: 30_000 }, () => {
  it('shows scores, attempts and lateness per student, with a report link for each', async () => {
    stub([]);
    await renderWithApp(
      <ClassroomGradebook classroom={testClassroom({ id: 4, role: 'teacher' })} />,
    );
    const table = await screen.findByRole('table', { name: 'Gradebook of the class' });
    const anaRow = within(table).getByRole('row', { name: /Ana Alvarez/ });
    expect(anaRow).toHaveTextContent('Best 100% · first 60%');
    expect(anaRow).toHaveTextContent('2 attempts');
    expect(anaRow).toHaveTextContent('Late');
    expect(within(table).getByRole('row', { name: /Ben Brown/ })).toHaveTextContent('Not started');
    expect(screen.getByRole('button', { name: 'Report (PDF) of Ana Alvarez' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download XLSX' })).toBeEnabled();
  });

  it('awards the selected students at once, and reminds them of a lesson', async () => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    stub(sent);
    const user = userEvent.setup();
    await renderWithApp(
      <ClassroomGradebook classroom={testClassroom({ id: 4, role: 'teacher' })} />,
    );
    await screen.findByRole('table', { name: 'Gradebook of the class' });
    const award = screen.getByRole('button', { name: /Award points/ });
    expect(award).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select every student' }));
    expect(award).toHaveTextContent('Award points (2 selected)');
    await user.click(award);
    const dialog = await screen.findByRole('dialog', { name: 'Award points to 2 students' });
    await user.type(within(dialog).getByLabelText(/Points for each student/), '10');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Great debate');
    await user.click(within(dialog).getByRole('button', { name: 'Award' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        path: '/api/classrooms/classrooms/4/gradebook/points-awards/',
        body: { students: [21, 22], points: 10, reason: 'Great debate' },
      }),
    );

    await user.click(screen.getByRole('checkbox', { name: 'Select Ana Alvarez' }));
    await user.click(screen.getByRole('button', { name: 'Remind (1 selected)' }));
    const remind = await screen.findByRole('dialog', { name: 'Remind 1 student' });
    await user.click(within(remind).getByRole('combobox', { name: 'Lesson' }));
    await user.click(
      await screen.findByRole('option', { name: 'Money basics: Gross pay and net pay' }),
    );
    await user.click(within(remind).getByRole('button', { name: 'Send reminder' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        path: '/api/classrooms/classrooms/4/gradebook/reminders/',
        body: { lesson: 11, students: [22] },
      }),
    );
  });
});
