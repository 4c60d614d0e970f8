import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { StudentGuardiansDialog } from './StudentGuardiansDialog.tsx';

afterEach(() => vi.unstubAllGlobals());

const base = '/api/classrooms/classrooms/5/students/21/guardians/';

describe('the teacher’s view of a student’s parents', { timeout: 30_000 }, () => {
  it('lists who follows with a deletion asked, invites a parent and ends a link', async () => {
    let following = true;
    const invited: unknown[] = [];
    stubApi((method, path, body) => {
      if (path === base && method === 'GET') {
        return {
          status: 200,
          body: {
            results: following
              ? [
                  {
                    id: 9,
                    first_name: 'Pat',
                    last_name: 'Parent',
                    email: 'pat@home.test',
                    since: '2026-12-01T10:00:00.000Z',
                    deletion_requested_at: '2026-12-04T10:00:00.000Z',
                  },
                ]
              : [],
            invitations: [],
          },
        };
      }
      if (path === base && method === 'POST') {
        invited.push(body);
        return {
          status: 201,
          body: { id: 3, email: 'sam@home.test', expires_at: '2026-12-12T10:00:00.000Z' },
        };
      }
      if (path === `${base}9/` && method === 'DELETE') {
        following = false;
        return { status: 204, body: null };
      }
      return undefined;
    });
    await renderWithApp(
      <StudentGuardiansDialog
        classroomId={5}
        student={{ id: 21, name: 'Ana Alvarez' }}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Parents of Ana Alvarez' });
    expect(await within(dialog).findByText(/asked on .* to delete the account/)).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Parent’s email'), 'sam@home.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite a parent' }));
    expect(await within(dialog).findByText('Invitation sent.')).toBeVisible();
    expect(invited).toEqual([{ email: 'sam@home.test' }]);
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Stop Pat Parent following' }),
    );
    expect(await within(dialog).findByText('No parent follows this student yet.')).toBeVisible();
  });
});
