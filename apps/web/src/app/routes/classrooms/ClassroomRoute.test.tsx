import { Route, Routes } from 'react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Classroom } from '@bullpen/contract/classrooms';
import { pageOf, testClassroom } from '@/test/classrooms.ts';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { Component as ClassroomRoute } from './ClassroomRoute.tsx';

vi.mock('@/lib/session.tsx', () => ({
  useSession: () => ({ user: { id: 1, is_teacher: true, teacher_trusted: true } }),
}));

afterEach(() => vi.unstubAllGlobals());

/** The class page at `route`, the class answered as `classroom`, every list empty. */
async function openClassroom(classroom: Classroom, route: string) {
  stubApi((method, path) => {
    if (method !== 'GET') return undefined;
    if (path === '/api/classrooms/classrooms/4/') return { status: 200, body: classroom };
    return { status: 200, body: pageOf([]) };
  });
  await renderWithApp(
    <Routes>
      <Route path="/classroom/:id" element={<ClassroomRoute />} />
    </Routes>,
    { route },
  );
  return screen.findByRole('tablist', { name: 'Classroom sections' });
}

describe('the classroom page', { timeout: 30_000 }, () => {
  it("gives the teacher every section as a tab, Students among them, and opens the address's tab", async () => {
    const tabs = await openClassroom(testClassroom({ role: 'teacher' }), '/classroom/4?tab=board');
    expect(Array.from(tabs.querySelectorAll('[role="tab"]'), (tab) => tab.textContent)).toEqual([
      'Lessons',
      'Students',
      'Gradebook',
      'Board',
      'Résumés',
      'Certificates',
      'Contests',
      'Rewards',
    ]);
    expect(screen.getByRole('tab', { name: 'Board' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'classroom-tab-board');
  });

  it('hides Students and Gradebook from a student, opening the first section instead, and switches tabs', async () => {
    const tabs = await openClassroom(
      testClassroom({ role: 'student' }),
      '/classroom/4?tab=students',
    );
    expect(tabs).not.toHaveTextContent('Students');
    expect(tabs).not.toHaveTextContent('Gradebook');
    expect(screen.getByRole('tab', { name: 'Lessons' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Certificates' }));
    expect(screen.getByRole('tabpanel')).toHaveAttribute(
      'aria-labelledby',
      'classroom-tab-certificates',
    );
  });
});
