import { Route, Routes } from 'react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testClassroom } from '@/test/classrooms.ts';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { ClassroomPage } from './ClassroomPage.tsx';

vi.mock('@/lib/session.tsx', () => ({
  useSession: () => ({ user: { id: 1, is_teacher: true, teacher_trusted: true } }),
}));

afterEach(() => vi.unstubAllGlobals());

describe('deleting a class', { timeout: 30_000 }, () => {
  it('can also erase the student accounts made for it, when the teacher ticks the box', async () => {
    const calls: string[] = [];
    stubApi(
      (method, path) => {
        calls.push(`${method} ${path}`);
        if (method === 'GET' && path === '/api/classrooms/classrooms/4/') {
          return { status: 200, body: testClassroom({ role: 'teacher' }) };
        }
        if (method === 'DELETE') return { status: 204, body: null };
        return undefined;
      },
      { withQuery: true },
    );
    const user = userEvent.setup();
    await renderWithApp(
      <Routes>
        <Route
          path="/classroom/:id"
          element={
            <ClassroomPage
              classroomId={4}
              renderSections={(classroom) => <p>{`The sections of ${classroom.name}`}</p>}
            />
          }
        />
        <Route path="*" element={<h1>Elsewhere</h1>} />
      </Routes>,
      { route: '/classroom/4' },
    );
    expect(await screen.findByText('The sections of Economics 9B')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete class' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(
      within(dialog).getByRole('checkbox', { name: /Also delete the student accounts/ }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete class' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(calls).toContain('DELETE /api/classrooms/classrooms/4/?delete_student_accounts=true');
  });
});
