import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Resume, ResumeComment } from '@bullpen/contract/resumes';
import { stubApi } from '@/test/stub-api.ts';
import { testClassroom } from '@/test/classrooms.ts';
import { renderWithApp } from '@/test/render.tsx';
import { ClassroomResumes } from './ClassroomResumes.tsx';

const person = (id: number, first: string, last: string) => ({
  id,
  username: first.toLowerCase(),
  first_name: first,
  last_name: last,
});

const classroomAs = (role: 'teacher' | 'student', frozen = false) =>
  testClassroom({
    name: 'Careers 10A',
    grade: '10',
    subject: 'Careers',
    teacher: person(1, 'Tess', 'Teacher'),
    role,
    frozen,
  });

const anas: Resume = {
  id: 8,
  classroom_id: 4,
  author: person(2, 'Ana', 'Lopez'),
  summary: '<p>A curious student who <strong>loves</strong> numbers.</p>',
  education: '<p>Lincoln High School</p>',
  experience: '',
  skills: '<p>Spreadsheets</p>',
  comments_count: 1,
  created_at: '2026-10-01T00:00:00.000Z',
  updated_at: '2026-10-02T00:00:00.000Z',
};

const teacherComment: ResumeComment = {
  id: 3,
  author: person(1, 'Tess', 'Teacher'),
  body: 'Add your volunteering.',
  is_teacher: true,
  created_at: '2026-10-03T15:00:00.000Z',
};

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const LIST = '/api/resumes/classrooms/4/resumes/';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the class résumés section', { timeout: 20_000 }, () => {
  it("a student's empty résumé: spec section 5's messages on save", async () => {
    const fetchMock = stubApi((method, path) =>
      method === 'GET' && path === LIST ? { status: 200, body: page([]) } : undefined,
    );
    await renderWithApp(<ClassroomResumes classroom={classroomAs('student')} />);
    expect(await screen.findByRole('textbox', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My résumé' })).toBeInTheDocument();
    expect(screen.getByText('0 / 3000 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save résumé' }));
    // Summary, education and skills are required; experience is not.
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('a student reads the thread and answers', async () => {
    const fetchMock = stubApi((method, path, body) => {
      if (method === 'GET' && path === LIST) return { status: 200, body: page([anas]) };
      if (method === 'GET' && path === `${LIST}8/comments/`) {
        return { status: 200, body: page([teacherComment]) };
      }
      if (method === 'POST' && path === `${LIST}8/comments/`) {
        return {
          status: 201,
          body: { ...teacherComment, id: 4, is_teacher: false, ...(body as object) },
        };
      }
      return undefined;
    });
    await renderWithApp(<ClassroomResumes classroom={classroomAs('student')} />);
    expect(await screen.findByText('Add your volunteering.')).toBeInTheDocument();
    expect(screen.getByText('Teacher')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your comment'), 'Done, thanks!');
    await userEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body).toBe(
        JSON.stringify({ body: 'Done, thanks!' }),
      ),
    );
  });

  it('a frozen class shows the résumé without the editor or the comment box', async () => {
    stubApi((method, path) => {
      if (method === 'GET' && path === LIST) return { status: 200, body: page([anas]) };
      if (method === 'GET' && path === `${LIST}8/comments/`) return { status: 200, body: page([]) };
      return undefined;
    });
    await renderWithApp(<ClassroomResumes classroom={classroomAs('student', true)} />);
    expect(await screen.findByText(/This class is frozen/)).toBeInTheDocument();
    expect(screen.getByText('loves')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save résumé' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument();
  });

  it('the teacher lists the class, opens a résumé and comments, in Spanish too', async () => {
    const fetchMock = stubApi((method, path) => {
      if (method === 'GET' && path === LIST) return { status: 200, body: page([anas]) };
      if (method === 'GET' && path === `${LIST}8/`) return { status: 200, body: anas };
      if (method === 'GET' && path === `${LIST}8/comments/`) return { status: 200, body: page([]) };
      if (method === 'POST' && path === `${LIST}8/comments/`) {
        return { status: 201, body: teacherComment };
      }
      return undefined;
    });
    await renderWithApp(<ClassroomResumes classroom={classroomAs('teacher')} />, {
      language: 'es',
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Leer el currículum de Ana Lopez' }),
    );
    expect(await screen.findByRole('heading', { name: 'Currículum de Ana Lopez' })).toBeVisible();
    expect(screen.getByText('loves').tagName).toBe('STRONG');
    expect(screen.getByText('Todavía no hay comentarios.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar comentario' }));
    expect(await screen.findByText('Escribe un comentario.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Tu comentario'), 'Add your volunteering.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar comentario' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Todos los currículums' }));
    expect(await screen.findByText('Ana Lopez')).toBeInTheDocument();
  });
});
