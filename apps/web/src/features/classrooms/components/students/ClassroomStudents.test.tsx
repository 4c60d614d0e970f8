import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf, testClassroom, testStudent } from '@/test/classrooms.ts';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { ClassroomStudents } from './ClassroomStudents.tsx';

/** The signed-in teacher, trusted to award points unless a test says not. */
const session = vi.hoisted(() => ({ trusted: true }));
vi.mock('@/lib/session.tsx', () => ({
  useSession: () => ({ user: { id: 1, is_teacher: true, teacher_trusted: session.trusted } }),
}));

const classroom = testClassroom({ students_count: 1 });
const sam = testStudent;

function serveStudents() {
  stubApi((method, path) =>
    method === 'GET' && path === '/api/classrooms/classrooms/4/students/'
      ? { status: 200, body: pageOf([sam]) }
      : undefined,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.trusted = true;
});

describe("the class's Students list", { timeout: 30_000 }, () => {
  it('offers a trusted teacher "Award points" for each student', async () => {
    serveStudents();
    await renderWithApp(<ClassroomStudents classroom={classroom} />);
    expect(
      await screen.findByRole('button', { name: 'Award points to Sam Student' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('teacher-trust-notice')).not.toBeInTheDocument();
  });

  it('tells a teacher waiting for approval why, instead of award buttons', async () => {
    session.trusted = false;
    serveStudents();
    await renderWithApp(<ClassroomStudents classroom={classroom} />);
    expect(await screen.findByText('Sam Student')).toBeInTheDocument();
    expect(screen.getByTestId('teacher-trust-notice')).toHaveTextContent(
      'Your teacher account is waiting for approval',
    );
    expect(
      screen.queryByRole('button', { name: 'Award points to Sam Student' }),
    ).not.toBeInTheDocument();
    // The rest of the list works as before.
    expect(screen.getByRole('button', { name: /Remove Sam Student/ })).toBeInTheDocument();
  });

  it('puts the harmful buttons last on a card: remove, then delete the account', async () => {
    const nina = { ...sam, id: 12, first_name: 'Nina', last_name: 'Ortiz', has_email: false };
    stubApi((method, path) =>
      method === 'GET' && path === '/api/classrooms/classrooms/4/students/'
        ? { status: 200, body: pageOf([{ ...nina, created_by_me: true }]) }
        : undefined,
    );
    await renderWithApp(<ClassroomStudents classroom={classroom} />);
    const card = (await screen.findByText('Nina Ortiz')).closest('li')!;
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Award points',
      'Export data',
      'Parents',
      'New password',
      'Remove',
      'Delete account',
    ]);
  });

  it('deletes a student account the teacher made, after a confirm; not one with an email', async () => {
    const nina = {
      ...sam,
      id: 12,
      first_name: 'Nina',
      last_name: 'Ortiz',
      has_email: false,
      created_by_me: true,
    };
    const calls: string[] = [];
    stubApi((method, path) => {
      calls.push(`${method} ${path}`);
      if (method === 'GET' && path === '/api/classrooms/classrooms/4/students/') {
        return { status: 200, body: pageOf([sam, nina]) };
      }
      if (method === 'DELETE' && path === '/api/classrooms/classrooms/4/students/12/account/') {
        return { status: 204, body: null };
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderWithApp(<ClassroomStudents classroom={classroom} />, { language: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Eliminar cuenta de Nina Ortiz' }));
    expect(
      screen.queryByRole('button', { name: 'Eliminar cuenta de Sam Student' }),
    ).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', {
      name: '¿Eliminar la cuenta de Nina Ortiz?',
    });
    expect(calls).not.toContain('DELETE /api/classrooms/classrooms/4/students/12/account/');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar cuenta' }));
    expect(await screen.findByText('La cuenta de Nina Ortiz se eliminó.')).toBeInTheDocument();
    expect(calls).toContain('DELETE /api/classrooms/classrooms/4/students/12/account/');
  });

  it("exports a student's data from their card, for the teacher", async () => {
    const started = vi.fn();
    stubApi((method, path) => {
      if (method === 'GET' && path === '/api/classrooms/classrooms/4/students/') {
        return { status: 200, body: pageOf([sam]) };
      }
      if (method === 'POST' && path === `/api/classrooms/classrooms/4/students/${sam.id}/export/`) {
        started();
        return {
          status: 202,
          body: { id: 9, status: 'pending', progress: 0, created_at: '', expires_at: '' },
        };
      }
      if (method === 'GET' && path === '/api/privacy/exports/9/') {
        return {
          status: 200,
          body: { id: 9, status: 'pending', progress: 30, created_at: '', expires_at: '' },
        };
      }
      return undefined;
    });
    await renderWithApp(<ClassroomStudents classroom={classroom} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export data of Sam Student' }));
    expect(await screen.findByRole('dialog', { name: 'Data of Sam Student' })).toBeInTheDocument();
    expect(await screen.findByText('Preparing the data: 30%')).toBeInTheDocument();
    expect(started).toHaveBeenCalledTimes(1);
  });
});
