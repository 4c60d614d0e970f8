import { Route, Routes } from 'react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { JoinClassroomPage } from './JoinClassroomPage.tsx';

const classroom = { id: 7, name: 'Period 3 Economics' };

/** The join page at `route`, and a stand-in class page it moves to after joining. */
function renderJoinPage(route: string) {
  return renderWithApp(
    <Routes>
      <Route path="/join-classroom" element={<JoinClassroomPage />} />
      <Route path="/classroom/:id" element={<h1>Class page</h1>} />
    </Routes>,
    { route },
  );
}

async function joinWith(status: number) {
  const fetchMock = stubApi((method, path, body) =>
    method === 'POST' && path === '/api/classrooms/classrooms/join/'
      ? { status, body: { ...classroom, code: (body as { code: string }).code } }
      : undefined,
  );
  await renderJoinPage('/join-classroom?code=abcd2345');
  expect(screen.getByRole('textbox', { name: 'Join code' })).toHaveValue('ABCD2345');
  await userEvent.click(screen.getByRole('button', { name: 'Join' }));
  expect(await screen.findByRole('heading', { name: 'Class page' })).toBeInTheDocument();
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/join-classroom', { timeout: 20_000 }, () => {
  it('says the student joined when the server made them a member (201)', async () => {
    await joinWith(201);
    expect(await screen.findByText('You joined “Period 3 Economics”.')).toBeInTheDocument();
  });

  it('takes a typed code of the ten characters new classes get, and sends it whole', async () => {
    const fetchMock = stubApi((method, path) =>
      method === 'POST' && path === '/api/classrooms/classrooms/join/'
        ? { status: 201, body: classroom }
        : undefined,
    );
    await renderJoinPage('/join-classroom');
    await userEvent.type(screen.getByRole('textbox', { name: 'Join code' }), 'hk7q2wmr9x');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('heading', { name: 'Class page' })).toBeInTheDocument();
    const joined = fetchMock.mock.calls.find(([url]) => String(url).includes('/join/'));
    expect(JSON.parse(String((joined![1] as RequestInit).body))).toEqual({ code: 'HK7Q2WMR9X' });
  });

  it('says the student was already in the class when the server answers 200', async () => {
    await joinWith(200);
    expect(await screen.findByText('You are already in “Period 3 Economics”.')).toBeInTheDocument();
  });
});
