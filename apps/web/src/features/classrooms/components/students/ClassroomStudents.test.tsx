import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Classroom, ClassroomStudent } from '@bullpen/contract/classrooms';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { ClassroomStudents } from './ClassroomStudents.tsx';

/** The signed-in teacher, trusted to award points unless a test says not. */
const session = vi.hoisted(() => ({ trusted: true }));
vi.mock('@/lib/session.tsx', () => ({
  useSession: () => ({ user: { id: 1, is_teacher: true, teacher_trusted: session.trusted } }),
}));

const classroom: Classroom = {
  id: 4,
  name: 'Economics 9B',
  grade: '9',
  subject: 'Economics',
  school: 'Lincoln High',
  description: '',
  teacher: { id: 1, username: 'tess', first_name: 'Tess', last_name: 'Teacher' },
  role: 'teacher',
  join_code: 'ABCD2345',
  students_count: 1,
  frozen: false,
  trading_enabled: true,
  next_due_lesson: null,
  created_at: '2026-09-01T00:00:00.000Z',
};

const sam: ClassroomStudent = {
  id: 9,
  username: 'sam',
  first_name: 'Sam',
  last_name: 'Student',
  has_email: true,
  created_by_me: false,
  joined_at: '2026-09-02T00:00:00.000Z',
};

function serveStudents() {
  stubApi((method, path) =>
    method === 'GET' && path === '/api/classrooms/classrooms/4/students/'
      ? { status: 200, body: { count: 1, next: null, previous: null, results: [sam] } }
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
});
