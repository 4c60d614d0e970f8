import { Route, Routes } from 'react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Candidates, Certificate } from '@bullpen/contract/certificates';
import type { Classroom } from '@bullpen/contract/classrooms';
import { stubApi } from '@/test/stub-api.ts';
import { renderWithApp } from '@/test/render.tsx';
import { Component as CertificateVerifyPage } from '../../pages/CertificateVerifyPage.tsx';
import { ClassroomCertificates } from './ClassroomCertificates.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const classroom: Classroom = {
  id: 5,
  name: 'Economics 7B',
  grade: '7',
  subject: 'Economics',
  school: '',
  description: '',
  teacher: { id: 1, username: 'ms.rivera', first_name: 'Maria', last_name: 'Rivera' },
  role: 'teacher',
  join_code: 'ABC123',
  students_count: 2,
  frozen: false,
  trading_enabled: true,
  next_due_lesson: null,
  created_at: '2026-09-01T00:00:00.000Z',
};

const certificate: Certificate = {
  code: 'ABCDEFGHJKMNPQRS',
  student: { id: 11, name: 'Ana Núñez' },
  course: { id: 3, title: 'Saving' },
  classroom: { id: 5, name: 'Economics 7B' },
  teacher_name: 'Maria Rivera',
  granted_at: '2026-11-20T12:00:00.000Z',
  pdf_url: '/api/certificates/ABCDEFGHJKMNPQRS/pdf/',
  verify_url: 'http://localhost/public/certificates/ABCDEFGHJKMNPQRS',
};

const candidates: Candidates = {
  course: { id: 3, title: 'Saving', lessons_count: 5 },
  students: [
    {
      id: 11,
      username: 'ana',
      name: 'Ana Núñez',
      completed_lessons: 5,
      completed: true,
      certificate: null,
    },
    {
      id: 12,
      username: 'ben',
      name: 'Ben Okafor',
      completed_lessons: 2,
      completed: false,
      certificate: null,
    },
  ],
};

describe('the class’s certificates', { timeout: 20_000 }, () => {
  it('the teacher sees who completed a course and grants only to them', async () => {
    const grants: unknown[] = [];
    stubApi(
      (method, path, body) => {
        if (path.startsWith('/api/learn/courses/')) {
          return {
            status: 200,
            body: { count: 1, next: null, previous: null, results: [{ id: 3, title: 'Saving' }] },
          };
        }
        if (path === '/api/classrooms/classrooms/5/certificates/students/?course=3') {
          return { status: 200, body: candidates };
        }
        if (path.startsWith('/api/sertifier/recipients/?classroom=5')) {
          return {
            status: 200,
            body: { count: 0, next: null, previous: null, results: [] },
          };
        }
        if (method === 'POST' && path === '/api/classrooms/classrooms/5/certificates/grant/') {
          grants.push(body);
          return {
            status: 200,
            body: {
              granted: [certificate],
              already_granted: [],
              not_completed: [],
              not_students: [],
            },
          };
        }
        return undefined;
      },
      { withQuery: true },
    );
    await renderWithApp(<ClassroomCertificates classroom={classroom} />);
    expect(await screen.findByText('No certificates granted yet.')).toBeVisible();

    await userEvent.click(screen.getByRole('combobox', { name: 'Course' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Saving' }));
    const list = await screen.findByRole('list', {
      name: 'Students and their progress in the course',
    });
    const [ana, ben] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(ana).toHaveTextContent('5 of 5 lessons');
    expect(ana).toHaveTextContent('Completed');
    expect(within(ben).getByRole('checkbox')).toBeDisabled();
    expect(ben).toHaveTextContent('Not completed');

    const grant = screen.getByRole('button', { name: /Grant certificate/ });
    expect(grant).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Select everyone who completed it' }));
    await userEvent.click(screen.getByRole('button', { name: 'Grant certificate (1)' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Granted 1 certificate.');
    expect(grants).toEqual([{ course: 3, students: [11] }]);
  });

  it('a student sees their certificates with the verify link', async () => {
    stubApi(
      (method, path) =>
        method === 'POST' && path === '/api/classrooms/classrooms/5/certificates/get/'
          ? { status: 200, body: { results: [certificate] } }
          : undefined,
      { withQuery: true },
    );
    await renderWithApp(<ClassroomCertificates classroom={{ ...classroom, role: 'student' }} />);
    const card = (await screen.findByRole('heading', { name: 'Saving' })).closest('li')!;
    expect(card).toHaveTextContent('ABCDEFGHJKMNPQRS');
    expect(within(card).getByRole('link', { name: 'Verification page' })).toHaveAttribute(
      'href',
      '/public/certificates/ABCDEFGHJKMNPQRS',
    );
    expect(within(card).getByRole('button', { name: 'Download PDF: Saving' })).toBeEnabled();
  });
});

describe('/public/certificates/{code}', { timeout: 20_000 }, () => {
  function renderAt(route: string) {
    return renderWithApp(
      <Routes>
        <Route path="/public/certificates/:code" element={<CertificateVerifyPage />} />
      </Routes>,
      { route },
    );
  }

  it('confirms a genuine code with its details', async () => {
    stubApi(
      (method, path) =>
        path === '/api/certificates/ABCDEFGHJKMNPQRS/'
          ? {
              status: 200,
              body: {
                code: 'ABCDEFGHJKMNPQRS',
                student_name: 'Ana Núñez',
                course_title: 'Saving',
                classroom_name: 'Economics 7B',
                teacher_name: 'Maria Rivera',
                granted_at: '2026-11-20T12:00:00.000Z',
              },
            }
          : undefined,
      { withQuery: true },
    );
    await renderAt('/public/certificates/ABCDEFGHJKMNPQRS');
    expect(await screen.findByText('This certificate is genuine')).toBeVisible();
    expect(screen.getByText('Ana Núñez')).toBeVisible();
    expect(screen.getByText('Maria Rivera')).toBeVisible();
    expect(screen.getByText('November 20, 2026')).toBeVisible();
  });

  it('says clearly when a code is made up', async () => {
    stubApi(
      () => ({
        status: 404,
        body: { error: 'We could not find a certificate with this code.' },
      }),
      { withQuery: true },
    );
    await renderAt('/public/certificates/MADEUP');
    expect(await screen.findByText('We could not find a certificate with this code')).toBeVisible();
    expect(screen.queryByText('This certificate is genuine')).toBeNull();
  });
});
