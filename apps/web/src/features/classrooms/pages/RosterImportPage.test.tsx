import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RosterApplyResult, RosterPlan } from '@bullpen/contract/rosters';
import type { User } from '@bullpen/contract/users';
import { SessionProvider } from '@/lib/session.tsx';
import { renderWithApp } from '@/test/render.tsx';
import { signInTestUser, signOutTestUser, studentWithoutEmail } from '@/test/session-user.ts';
import { RosterImportPage } from './RosterImportPage.tsx';

const staff: User = { ...studentWithoutEmail, id: 2, first_name: 'Sol', is_staff: true };

const plan: RosterPlan = {
  digest: 'a'.repeat(64),
  classes: { create: 2, update: 0, unchanged: 0 },
  teachers: { create: 1, update: 0, unchanged: 1, matched: 1, missing: 0 },
  students: { create: 3, update: 0, unchanged: 0, invite: 2 },
  enrolments: { add: 4, remove: 0, unchanged: 0 },
  class_lines: [],
  problems: [
    {
      file: 'enrollments.csv',
      line: 10,
      message: 'role "aide" is not imported (only teacher and student are)',
    },
  ],
  problems_count: 1,
};
const applied: RosterApplyResult = {
  ...plan,
  import_id: 1,
  credentials: [
    { id: 7, username: 'ana.alvarez', first_name: 'Ana', last_name: 'Alvarez', password: 'p-1' },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  signOutTestUser();
});

function renderPage(route = '/rosters/import', language: 'en' | 'es' = 'en') {
  return renderWithApp(
    <SessionProvider>
      <Routes>
        <Route path="/rosters/import" element={<RosterImportPage />} />
      </Routes>
    </SessionProvider>,
    { route, language },
  );
}

const csv = (name: string, text: string) => new File([text], name, { type: 'text/csv' });

describe('the roster import page', () => {
  it('previews the files, lists the problems by file and line, applies, offers login cards', async () => {
    const bodies: { path: string; body: unknown }[] = [];
    signInTestUser(staff, (method, path, body) => {
      if (method !== 'POST') return undefined;
      bodies.push({ path, body });
      if (path === '/api/rosters/preview/') return { status: 200, body: plan };
      if (path === '/api/rosters/apply/') return { status: 201, body: applied };
      return undefined;
    });
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Import a roster' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    await userEvent.upload(screen.getByLabelText('Roster files (one zip, or the CSV files)'), [
      csv('manifest.csv', '"propertyName","value"\n'),
      csv('users.csv', 'sourcedId\n'),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const summary = await screen.findByRole('table', { name: 'Changes by kind' });
    const students = within(summary).getByRole('row', { name: /Students/ });
    expect(students).toHaveTextContent('3');
    expect(students).toHaveTextContent('2 invited by email');
    expect(within(summary).getByRole('row', { name: /Teachers/ })).toHaveTextContent(
      '1 mailed a link to choose a password',
    );
    expect(screen.getByText(/enrollments\.csv line 10/)).toHaveTextContent(
      'enrollments.csv line 10: role "aide" is not imported',
    );
    expect(bodies[0]).toEqual({
      path: '/api/rosters/preview/',
      body: {
        format: 'oneroster',
        files: [
          { name: 'manifest.csv', content: btoa('"propertyName","value"\n') },
          { name: 'users.csv', content: btoa('sourcedId\n') },
        ],
      },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Imported. 1 new account needs its login card.')).toBeVisible();
    // The apply sends the very files the preview read.
    expect(bodies[1]).toEqual({ path: '/api/rosters/apply/', body: bodies[0]!.body });
    await userEvent.click(screen.getByRole('button', { name: 'Print login cards' }));
    expect(await screen.findByText('ana.alvarez')).toBeVisible();
  });

  it('shows every error of a refused roster, in Spanish around the server’s lines', async () => {
    signInTestUser({ ...staff, language: 'es' }, (method, path) =>
      method === 'POST' && path === '/api/rosters/preview/'
        ? {
            status: 400,
            body: {
              files: [
                'users.csv line 1: the header lacks the column givenName',
                'users.csv line 5: duplicate sourcedId "s-ana" (first on line 4)',
              ],
            },
          }
        : undefined,
    );
    await renderPage('/rosters/import', 'es');
    await userEvent.upload(
      await screen.findByLabelText('Archivos de la lista (un zip o los archivos CSV)'),
      csv('users.csv', 'x\n'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Vista previa' }));
    expect(await screen.findByText('La lista tiene errores: no se importó nada.')).toBeVisible();
    expect(screen.getByText(/duplicate sourcedId "s-ana"/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Aplicar' })).toBeNull();
  });

  it('offers the Google Classroom format only for a class, and sends the class', async () => {
    const teacher: User = { ...studentWithoutEmail, id: 3, is_teacher: true };
    const bodies: unknown[] = [];
    signInTestUser(teacher, (method, path, body) => {
      if (method === 'POST' && path === '/api/rosters/preview/') {
        bodies.push(body);
        return { status: 200, body: { ...plan, problems: [], problems_count: 0 } };
      }
      return undefined;
    });
    await renderPage('/rosters/import?classroom=12');
    await userEvent.selectOptions(
      await screen.findByLabelText('Format'),
      'Google Classroom (CSV) into this class',
    );
    await userEvent.upload(
      screen.getByLabelText('The CSV file downloaded from Google Classroom'),
      csv('grades.csv', 'Last Name,First Name,Email Address\n'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('table', { name: 'Changes by kind' });
    expect(bodies[0]).toMatchObject({ format: 'google_classroom', classroom_id: 12 });
  });

  it('tells a student that only staff and teachers import', async () => {
    signInTestUser(studentWithoutEmail);
    await renderPage();
    expect(await screen.findByText('Only staff and teachers import rosters.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Preview' })).toBeNull();
  });
});
