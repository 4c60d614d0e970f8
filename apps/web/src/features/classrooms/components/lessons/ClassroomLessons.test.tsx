import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClassroomCourses, ClassroomLesson } from '@bullpen/contract/classroom-lessons';
import type { Classroom } from '@bullpen/contract/classrooms';
import { testClassroom } from '@/test/classrooms.ts';
import { stubApi } from '@/test/stub-api.ts';
import { renderWithApp } from '@/test/render.tsx';
import { ClassroomLessons } from './ClassroomLessons.tsx';

const classroom = (role: Classroom['role']) =>
  testClassroom({
    id: 5,
    name: 'Period 3',
    grade: '8',
    school: '',
    teacher: { id: 1, username: 'ms.rivera', first_name: 'Maria', last_name: 'Rivera' },
    role,
    join_code: 'ABC123',
    created_at: '2026-11-01T00:00:00.000Z',
  });

const lesson = (overrides: Partial<ClassroomLesson>): ClassroomLesson => ({
  id: 11,
  title: 'Gross pay and net pay',
  sub_title: 'Why a paycheck is smaller',
  order: 1,
  minutes: 8,
  enabled: false,
  due_at: null,
  reminded_at: null,
  status: null,
  best_percent: null,
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const COURSES = '/api/classrooms/classrooms/5/courses/';

/**
 * The assigned lesson 11 and the due dates the teacher sends for it, kept in `patched`; with
 * `keep`, the server stores each date and lists the lesson with it.
 */
function serveDueDates({ keep }: { keep: boolean }) {
  const patched: unknown[] = [];
  let dueAt: string | null = null;
  stubApi((method, path, body) => {
    if (method === 'GET' && path === COURSES) {
      const row = lesson({ enabled: true, due_at: dueAt });
      return {
        status: 200,
        body: {
          results: [{ id: 2, title: 'Money basics', category: 'earning', lessons: [row] }],
        },
      };
    }
    if (method === 'PATCH' && path === '/api/classrooms/classrooms/5/lessons/11/') {
      patched.push(body);
      if (keep) dueAt = (body as { due_at: string }).due_at;
      return { status: 200, body: { id: 11, enabled: true, due_at: dueAt } };
    }
    return undefined;
  });
  return patched;
}

describe('ClassroomLessons', { timeout: 20_000 }, () => {
  it('lets the teacher assign a lesson, and reminds with a count of who was reached', async () => {
    let courses: ClassroomCourses = {
      results: [
        {
          id: 2,
          title: 'Money basics',
          category: 'earning',
          lessons: [
            lesson({}),
            lesson({ id: 12, title: 'Pay yourself first', order: 2, enabled: true }),
          ],
        },
      ],
    };
    const patched: unknown[] = [];
    const fetchMock = stubApi((method, path, body) => {
      if (method === 'GET' && path === COURSES) return { status: 200, body: courses };
      if (method === 'POST' && path === '/api/classrooms/classrooms/5/lessons/') {
        expect(body).toEqual({ lessons: [11] });
        courses = {
          results: [
            {
              ...courses.results[0]!,
              lessons: courses.results[0]!.lessons.map((row) =>
                row.id === 11 ? { ...row, enabled: true } : row,
              ),
            },
          ],
        };
        return { status: 200, body: { results: [{ id: 11, enabled: true, due_at: null }] } };
      }
      if (method === 'PATCH' && path === '/api/classrooms/classrooms/5/lessons/11/') {
        patched.push(body);
        return {
          status: 200,
          body: { id: 11, enabled: true, due_at: (body as { due_at: string }).due_at },
        };
      }
      if (method === 'POST' && path === '/api/classrooms/classrooms/5/lessons/12/remind/') {
        return { status: 200, body: { mailed: 2, in_app: 5 } };
      }
      if (method === 'POST' && path === '/api/classrooms/classrooms/5/lessons/11/remind/') {
        return { status: 200, body: { mailed: 0, in_app: 0 } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderWithApp(<ClassroomLessons classroom={classroom('teacher')} />);

    const assign = await screen.findByRole('checkbox', { name: 'Assign “Gross pay and net pay”' });
    expect(assign).not.toBeChecked();
    expect(screen.getByLabelText('Due date of “Gross pay and net pay”')).toBeDisabled();
    expect(
      screen.getByRole('button', {
        name: 'Remind the students who have not finished “Gross pay and net pay”',
      }),
    ).toBeDisabled();
    await user.click(assign);
    await waitFor(() => expect(assign).toBeChecked());
    const dueDate = screen.getByLabelText('Due date of “Gross pay and net pay”');
    expect(dueDate).toBeEnabled();
    // A browser fires input, then change, as the date is picked.
    fireEvent.input(dueDate, { target: { value: '2099-12-01T09:30' } });
    fireEvent.change(dueDate);
    fireEvent.blur(dueDate);
    expect(await screen.findByText('Due date saved')).toBeVisible();
    // The time is read in the teacher's zone and sent as an instant.
    expect(patched).toEqual([{ due_at: new Date('2099-12-01T09:30').toISOString() }]);

    await user.click(
      screen.getByRole('button', {
        name: 'Remind the students who have not finished “Pay yourself first”',
      }),
    );
    const reached = await screen.findByText('Reminded 5 in the app, 2 of them by email too.');
    expect(reached).toBeVisible();
    expect(reached.closest('[role="alert"]')).toHaveClass('MuiAlert-colorSuccess');

    await user.click(
      screen.getByRole('button', {
        name: 'Remind the students who have not finished “Gross pay and net pay”',
      }),
    );
    const nobody = await screen.findByText(
      'No student was reminded: all of them have finished this lesson.',
    );
    expect(nobody.closest('[role="alert"]')).toHaveClass('MuiAlert-colorWarning');
    expect(fetchMock).toHaveBeenCalled();
  });

  it('saves a due date as it is picked, without leaving the field, and asks before a past one', async () => {
    const patched = serveDueDates({ keep: true });
    const user = userEvent.setup();
    await renderWithApp(<ClassroomLessons classroom={classroom('teacher')} />);
    const dueDate = await screen.findByLabelText('Due date of “Gross pay and net pay”');

    // Picked, and nothing else: saved once the field is still, focus never left.
    // The field's focus state changes: in act(), as a user's focus would be.
    act(() => dueDate.focus());
    fireEvent.input(dueDate, { target: { value: '2099-03-02T08:00' } });
    expect(await screen.findByText('Due date saved', {}, { timeout: 3000 })).toBeVisible();
    expect(patched).toEqual([{ due_at: new Date('2099-03-02T08:00').toISOString() }]);
    expect(dueDate).toHaveFocus();

    // A date already gone is asked about first; Cancel keeps the saved one.
    fireEvent.input(dueDate, { target: { value: '2020-01-15T10:00' } });
    const ask = await screen.findByRole('dialog', { name: 'Set a due date in the past?' });
    expect(within(ask).getByText(/has already passed/)).toBeVisible();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dueDate).toHaveValue('2099-03-02T08:00'));
    // The dialog leaves with its transition; the next one is a new dialog.
    await waitFor(() => expect(ask).not.toBeInTheDocument());
    expect(patched).toHaveLength(1);

    // Confirmed, it is saved.
    fireEvent.input(dueDate, { target: { value: '2020-01-15T10:00' } });
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Set this date' }),
    );
    await waitFor(() => expect(patched).toHaveLength(2));
    expect(patched[1]).toEqual({ due_at: new Date('2020-01-15T10:00').toISOString() });
  });

  it('saves a date typed right before the teacher leaves the page', async () => {
    const patched = serveDueDates({ keep: false });
    const { unmount } = await renderWithApp(<ClassroomLessons classroom={classroom('teacher')} />);
    const dueDate = await screen.findByLabelText('Due date of “Gross pay and net pay”');
    // The field's focus state changes: in act(), as a user's focus would be.
    act(() => dueDate.focus());
    fireEvent.input(dueDate, { target: { value: '2099-05-04T12:00' } });
    unmount();
    await waitFor(() =>
      expect(patched).toEqual([{ due_at: new Date('2099-05-04T12:00').toISOString() }]),
    );
  });

  it("shows a student's assigned lessons with status and a link to each", async () => {
    stubApi((method, path) =>
      method === 'GET' && path === COURSES
        ? {
            status: 200,
            body: {
              results: [
                {
                  id: 2,
                  title: 'Money basics',
                  category: 'earning',
                  lessons: [
                    lesson({
                      enabled: true,
                      due_at: '2026-12-01T15:00:00.000Z',
                      status: 'done',
                      best_percent: 80,
                    }),
                    lesson({
                      id: 12,
                      title: 'Pay yourself first',
                      enabled: true,
                      due_at: '2025-01-01T15:00:00.000Z',
                      status: 'overdue',
                    }),
                  ],
                },
              ],
            } satisfies ClassroomCourses,
          }
        : undefined,
    );
    await renderWithApp(<ClassroomLessons classroom={classroom('student')} />);
    const done = (await screen.findByText('Gross pay and net pay')).closest('li')!;
    expect(within(done).getByText('Done')).toBeVisible();
    expect(within(done).getByText(/Best score 80%/)).toBeVisible();
    expect(
      within(done).getByRole('link', { name: 'Open the lesson “Gross pay and net pay”' }),
    ).toHaveAttribute('href', '/lessons?lesson=11');
    const late = screen.getByText('Pay yourself first').closest('li')!;
    expect(within(late).getByText('Overdue')).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('tells a student when nothing is assigned, in Spanish too', async () => {
    stubApi((method, path) =>
      method === 'GET' && path === COURSES ? { status: 200, body: { results: [] } } : undefined,
    );
    await renderWithApp(<ClassroomLessons classroom={classroom('student')} />, { language: 'es' });
    expect(await screen.findByText('Tu docente todavía no ha asignado lecciones.')).toBeVisible();
  });

  it("shows the server's once-an-hour refusal in the teacher's language", async () => {
    stubApi((method, path) => {
      if (method === 'GET' && path === COURSES) {
        return {
          status: 200,
          body: {
            results: [
              {
                id: 2,
                title: 'Money basics',
                category: 'earning',
                lessons: [lesson({ enabled: true })],
              },
            ],
          },
        };
      }
      if (method === 'POST' && path.endsWith('/remind/')) {
        return {
          status: 429,
          body: {
            error:
              'A reminder for this lesson was sent less than an hour ago. You can send the next one at 2026-11-23 19:40 UTC.',
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderWithApp(<ClassroomLessons classroom={classroom('teacher')} />, { language: 'es' });
    await user.click(
      await screen.findByRole('button', {
        name: 'Recordar a los estudiantes que no han terminado «Gross pay and net pay»',
      }),
    );
    expect(
      await screen.findByText(
        'Se envió un recordatorio de esta lección hace menos de una hora. Puedes enviar el siguiente a partir de 2026-11-23 19:40 UTC.',
      ),
    ).toBeVisible();
  });
});
