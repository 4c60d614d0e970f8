import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTheme } from '@mui/material/styles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Classroom } from '@bullpen/contract/classrooms';
import type { ClassroomPost, ClassroomPostsPage } from '@bullpen/contract/classroom-posts';
import { FakeWebSocket } from '@/test/fake-websocket.ts';
import { renderWithApp } from '@/test/render.tsx';
import { useSession } from '@/lib/session.tsx';
import { DiscussionBoard } from './DiscussionBoard.tsx';

const ME = 5;
vi.mock('@/lib/session.tsx', () => ({ useSession: vi.fn(() => ({ user: { id: ME } })) }));

const classroom: Classroom = {
  id: 3,
  name: 'Economics',
  grade: '9',
  subject: 'Finance',
  school: 'Lincoln High',
  description: '',
  teacher: { id: 1, username: 'ms.rivera', first_name: 'Ana', last_name: 'Rivera' },
  role: 'student',
  join_code: 'ABC123',
  students_count: 2,
  frozen: false,
  trading_enabled: true,
  next_due_lesson: null,
  created_at: '2026-11-01T10:00:00.000Z',
};

function postOf(id: number, userId: number, name: string, message: string): ClassroomPost {
  // 15:45 local time on 23 November 2026, whatever the zone the test runs in.
  const createdAt = new Date(2026, 10, 23, 15, 45).toISOString();
  return { id, userId, name, message, createdAt };
}

const page = (results: ClassroomPost[], next: string | null = null): ClassroomPostsPage => ({
  count: results.length,
  next,
  previous: null,
  results,
  mutedUntil: null,
});

type Call = { method: string; url: URL; body: unknown };

function stubApi(answer: (call: Call) => { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: new URL(String(input), 'http://localhost'),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const { status, body } = answer(call);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

// The app keeps one realtime client; `FakeWebSocket.latest()` is the socket it holds.
beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(useSession).mockImplementation(() => ({ user: { id: ME } }) as never);
});

// Typing into a form is slow on a busy machine (as BudgetingPage.test.tsx): 20 s, not 5.
describe('DiscussionBoard', { timeout: 20_000 }, () => {
  it('shows own messages on the right in blue and others on the left, with the time sent', async () => {
    stubApi(() => ({
      status: 200,
      body: page([postOf(1, 1, 'Ana Rivera', 'Welcome!'), postOf(2, ME, 'Luis Soto', 'Hi')]),
    }));
    await renderWithApp(<DiscussionBoard classroom={classroom} />);
    const log = await screen.findByRole('log', { name: 'Messages of the class' });
    const theirs = await within(log).findByRole('article', { name: 'Message from Ana Rivera' });
    const mine = within(log).getByRole('article', { name: 'Your message' });
    expect(theirs).toHaveTextContent('Welcome!');
    expect(theirs).toHaveTextContent('Sent at 03:45 PM 11-23-26');
    expect(mine).toHaveTextContent('Luis Soto (you)');
    // The theme's primary blue and its grey (the test renders with MUI's default theme).
    const { palette } = createTheme();
    expect(getComputedStyle(mine).backgroundColor).toBe(palette.primary.main);
    expect(getComputedStyle(theirs).backgroundColor).toBe(palette.grey[200]);
    expect(getComputedStyle(mine.parentElement!).justifyContent).toBe('flex-end');
    expect(getComputedStyle(theirs.parentElement!).justifyContent).toBe('flex-start');
  });

  it("names an erased account's posts 'a former student', in Spanish too", async () => {
    stubApi(() => ({ status: 200, body: page([postOf(1, 7, '', '')]) }));
    await renderWithApp(<DiscussionBoard classroom={classroom} />, { language: 'es' });
    const log = await screen.findByRole('log');
    expect(await within(log).findByRole('article')).toHaveTextContent('Un exestudiante');
  });

  it('sends with Enter, keeps Shift+Enter as a new line, and counts to 500', async () => {
    const user = userEvent.setup();
    const calls = stubApi((call) =>
      call.method === 'POST'
        ? {
            status: 201,
            body: postOf(9, ME, 'Luis Soto', (call.body as { message: string }).message),
          }
        : { status: 200, body: page([]) },
    );
    await renderWithApp(<DiscussionBoard classroom={classroom} />);
    const input = await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.getByText('0/500 characters')).toBeInTheDocument();
    await user.type(input, 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(screen.getByText('17/500 characters')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      message: 'Line one\nline two',
    });
    expect(await screen.findByRole('article', { name: 'Your message' })).toHaveTextContent(
      'Line one line two',
    );
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('maxlength', '500');
  });

  it('adds posts that arrive live, once each', async () => {
    stubApi(() => ({ status: 200, body: page([postOf(1, 1, 'Ana Rivera', 'Welcome!')]) }));
    await renderWithApp(<DiscussionBoard classroom={classroom} />);
    await screen.findByText('Welcome!');
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    expect(socket.sent).toContainEqual({ type: 'subscribe', channel: 'classroom:3' });
    const live = postOf(2, 7, 'Mia Chen', 'Is the quiz on Friday?');
    act(() => socket.receive({ channel: 'classroom:3', type: 'post', post: live }));
    act(() => socket.receive({ channel: 'classroom:3', type: 'post', post: live }));
    expect(await screen.findAllByRole('article', { name: 'Message from Mia Chen' })).toHaveLength(
      1,
    );
  });

  it('refetches the board on each (re)subscription, so a post missed while away appears', async () => {
    let missed = false;
    const calls = stubApi(() => ({
      status: 200,
      body: page([
        postOf(1, 1, 'Ana Rivera', 'Welcome!'),
        ...(missed ? [postOf(2, 7, 'Mia Chen', 'Sent while you were offline')] : []),
      ]),
    }));
    await renderWithApp(<DiscussionBoard classroom={classroom} />);
    await screen.findByText('Welcome!');
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    missed = true;
    const before = calls.length;
    act(() => socket.receive({ channel: 'classroom:3', type: 'subscribed' }));
    expect(await screen.findByText('Sent while you were offline')).toBeInTheDocument();
    expect(calls.length).toBe(before + 1);
  });

  it('loads older messages on demand, counting back from the oldest shown', async () => {
    const user = userEvent.setup();
    const calls = stubApi((call) =>
      call.url.searchParams.get('before') === '10'
        ? { status: 200, body: page([postOf(4, 1, 'Ana Rivera', 'An older one')]) }
        : { status: 200, body: page([postOf(10, 1, 'Ana Rivera', 'The newest')], 'next-page') },
    );
    await renderWithApp(<DiscussionBoard classroom={classroom} />);
    await user.click(await screen.findByRole('button', { name: 'Load older messages' }));
    expect(await screen.findByText('An older one')).toBeInTheDocument();
    expect(calls.some((call) => call.url.searchParams.get('before') === '10')).toBe(true);
    const texts = screen.getAllByRole('article').map((article) => article.textContent);
    expect(texts[0]).toContain('An older one');
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it('says why it refuses a post (too fast), in Spanish too', async () => {
    const user = userEvent.setup();
    stubApi((call) =>
      call.method === 'POST'
        ? {
            status: 429,
            body: { error: 'You are posting too fast. Please wait 42 seconds and try again.' },
          }
        : { status: 200, body: page([]) },
    );
    await renderWithApp(<DiscussionBoard classroom={classroom} />, { language: 'es' });
    await user.type(await screen.findByRole('textbox', { name: 'Mensaje' }), 'Hola{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Estás enviando mensajes demasiado rápido. Espera 42 segundos e inténtalo de nuevo.',
    );
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toHaveValue('Hola');
  });

  it('shows a frozen class read-only, with the reason', async () => {
    stubApi(() => ({ status: 200, body: page([postOf(1, 1, 'Ana Rivera', 'See you Monday')]) }));
    await renderWithApp(<DiscussionBoard classroom={{ ...classroom, frozen: true }} />);
    expect(await screen.findByText('See you Monday')).toBeInTheDocument();
    expect(screen.getByText(/This class is frozen/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
      expect.stringContaining('This class is frozen'),
    );
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});

// Typing into a form is slow on a busy machine (as BudgetingPage.test.tsx): 20 s, not 5.
describe('DiscussionBoard moderation', { timeout: 20_000 }, () => {
  const TEACHER = classroom.teacher.id;
  const asTeacher: Classroom = { ...classroom, role: 'teacher' };
  /** The teacher's view: the session's user is the class's teacher. */
  const teacherView = () =>
    vi.mocked(useSession).mockReturnValue({ user: { id: TEACHER } } as never);

  it('offers a student Report on others’ messages and Delete on their own, from the keyboard', async () => {
    const user = userEvent.setup();
    const calls = stubApi((call) =>
      call.method === 'POST'
        ? { status: 201, body: { postId: 1 } }
        : {
            status: 200,
            body: page([postOf(1, 7, 'Mia Chen', 'Rude words'), postOf(2, ME, 'Luis Soto', 'Hi')]),
          },
    );
    await renderWithApp(<DiscussionBoard classroom={classroom} />);
    await screen.findByText('Rude words');

    const theirs = screen.getByRole('button', { name: 'Actions for the message from Mia Chen' });
    act(() => theirs.focus());
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Report to the teacher']);
    await waitFor(() => expect(within(menu).getByRole('menuitem')).toHaveFocus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', {
      name: 'Report this message to the teacher',
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Why? (optional)' }), 'Mean');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thank you. The teacher will look at this message.',
    );
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.url.pathname).toBe('/api/classrooms/classrooms/3/posts/1/report/');
    expect(sent?.body).toEqual({ reason: 'Mean' });

    await user.click(
      screen.getByRole('button', { name: 'Actions for the message from Luis Soto' }),
    );
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Delete']);
  });

  it('lets the teacher delete a student’s message and mute its author for a chosen time', async () => {
    teacherView();
    const user = userEvent.setup();
    const until = '2026-12-06T10:00:00.000Z';
    const calls = stubApi((call) => {
      if (call.method === 'DELETE') return { status: 204, body: null };
      if (call.method === 'POST') {
        return { status: 201, body: { userId: 7, name: 'Mia Chen', mutedUntil: until } };
      }
      if (call.url.pathname.endsWith('/reports/') || call.url.pathname.endsWith('/mutes/')) {
        return { status: 200, body: [] };
      }
      return {
        status: 200,
        body: page([postOf(1, 7, 'Mia Chen', 'Rude words'), postOf(2, 8, 'Leo Park', 'Fine')]),
      };
    });
    await renderWithApp(<DiscussionBoard classroom={asTeacher} />);
    await screen.findByText('Rude words');

    await user.click(screen.getByRole('button', { name: 'Actions for the message from Mia Chen' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Delete', 'Mute author']);
    await user.click(items[0]!);
    const confirm = await screen.findByRole('dialog', { name: 'Delete this message?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete message' }));
    await waitFor(() => expect(screen.queryByText('Rude words')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe(
      '/api/classrooms/classrooms/3/posts/1/',
    );

    await user.click(screen.getByRole('button', { name: 'Actions for the message from Leo Park' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute author' }));
    const muteDialog = await screen.findByRole('dialog', { name: 'Mute Leo Park' });
    await user.click(within(muteDialog).getByRole('combobox', { name: 'For how long' }));
    await user.click(await screen.findByRole('option', { name: '1 day' }));
    await user.click(within(muteDialog).getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const muted = calls.find((call) => call.method === 'POST');
    expect(muted?.url.pathname).toBe('/api/classrooms/classrooms/3/mutes/');
    expect(muted?.body).toEqual({ user: 8, minutes: 1440 });
    expect(await screen.findByRole('status')).toHaveTextContent(/is muted until/);
  });

  it('shows the teacher the reported messages, with Dismiss, Delete post and Mute author', async () => {
    teacherView();
    const user = userEvent.setup();
    const reported = postOf(1, 7, 'Mia Chen', 'Rude words');
    let dismissed = false;
    const calls = stubApi((call) => {
      if (call.method === 'DELETE') {
        dismissed = true;
        return { status: 204, body: null };
      }
      if (call.url.pathname.endsWith('/reports/')) {
        const entry = { post: reported, reports: 2, reasons: ['Mean'], lastReportedAt: '' };
        return { status: 200, body: dismissed ? [] : [entry] };
      }
      if (call.url.pathname.endsWith('/mutes/')) return { status: 200, body: [] };
      return { status: 200, body: page([reported]) };
    });
    await renderWithApp(<DiscussionBoard classroom={asTeacher} />);
    const panel = await screen.findByRole('region', { name: 'Reported messages' });
    expect(await within(panel).findByText('Reported 2 times')).toBeInTheDocument();
    expect(within(panel).getByText(/Mean/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Delete post' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mute author' })).toBeInTheDocument();
    // The message on the board carries the marker too.
    const log = screen.getByRole('log');
    expect(await within(log).findByText('Reported')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Dismiss report' }));
    expect(await within(panel).findByText('No reported messages.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe(
      '/api/classrooms/classrooms/3/posts/1/reports/',
    );
  });

  it('offers no Mute author for a reported message the teacher wrote', async () => {
    teacherView();
    const own = postOf(4, TEACHER, 'Ana Rivera', 'Quiz on Friday');
    stubApi((call) => {
      if (call.url.pathname.endsWith('/reports/')) {
        return {
          status: 200,
          body: [{ post: own, reports: 1, reasons: [], lastReportedAt: '' }],
        };
      }
      if (call.url.pathname.endsWith('/mutes/')) return { status: 200, body: [] };
      return { status: 200, body: page([own]) };
    });
    await renderWithApp(<DiscussionBoard classroom={asTeacher} />);
    const panel = await screen.findByRole('region', { name: 'Reported messages' });
    expect(await within(panel).findByText('Reported once')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Delete post' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mute author' })).not.toBeInTheDocument();
  });

  it('takes a message its author deleted off the teacher’s reported list, live', async () => {
    teacherView();
    const reported = postOf(1, 7, 'Mia Chen', 'Rude words');
    let deleted = false;
    stubApi((call) => {
      if (call.url.pathname.endsWith('/reports/')) {
        const entry = { post: reported, reports: 1, reasons: [], lastReportedAt: '' };
        return { status: 200, body: deleted ? [] : [entry] };
      }
      if (call.url.pathname.endsWith('/mutes/')) return { status: 200, body: [] };
      return { status: 200, body: page(deleted ? [] : [reported]) };
    });
    await renderWithApp(<DiscussionBoard classroom={asTeacher} />);
    const panel = await screen.findByRole('region', { name: 'Reported messages' });
    expect(await within(panel).findByText('Reported once')).toBeInTheDocument();
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    deleted = true;
    act(() => socket.receive({ channel: 'classroom:3', type: 'post_deleted', postId: 1 }));
    expect(await within(panel).findByText('No reported messages.')).toBeInTheDocument();
  });

  it('drops a message deleted elsewhere as soon as the channel says so', async () => {
    stubApi(() => ({
      status: 200,
      body: page([postOf(1, 7, 'Mia Chen', 'Going away'), postOf(2, 1, 'Ana Rivera', 'Stays')]),
    }));
    await renderWithApp(<DiscussionBoard classroom={classroom} />);
    await screen.findByText('Going away');
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    act(() => socket.receive({ channel: 'classroom:3', type: 'post_deleted', postId: 1 }));
    await waitFor(() => expect(screen.queryByText('Going away')).not.toBeInTheDocument());
    expect(screen.getByText('Stays')).toBeInTheDocument();
  });

  it('tells a muted student until when, in Spanish too, and keeps the box closed', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    stubApi(() => ({ status: 200, body: { ...page([]), mutedUntil: until } }));
    await renderWithApp(<DiscussionBoard classroom={classroom} />, { language: 'es' });
    expect(
      await screen.findByText(/El docente te quitó el permiso para publicar en este foro hasta/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });

  it('shows the notice when a post is refused because the student was just muted', async () => {
    const user = userEvent.setup();
    const until = new Date(Date.now() + 600_000).toISOString();
    stubApi((call) =>
      call.method === 'POST'
        ? { status: 403, body: { error: `You are muted on this board until ${until}.` } }
        : { status: 200, body: page([]) },
    );
    await renderWithApp(<DiscussionBoard classroom={classroom} />);
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    expect(
      await screen.findByText(/The teacher muted you on this board until/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  });
});
