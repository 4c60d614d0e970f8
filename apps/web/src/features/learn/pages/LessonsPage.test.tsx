import { Route, Routes } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Attempt, Lesson } from '@bullpen/contract/learn';
import { renderWithApp } from '@/test/render.tsx';
import { LessonsPage } from './LessonsPage.tsx';

const lesson: Lesson = {
  id: 12,
  slug: 'the-emergency-fund',
  course: { id: 3, slug: 'saving', title: 'Saving and emergency funds', pass_percent: 70 },
  order: 3,
  title: 'The emergency fund',
  sub_title: 'Money set aside for surprises',
  minutes: 12,
  objectives: ['Tell a real emergency from a want', 'Size a fund with the guideline'],
  html: '<h2>What counts</h2><p>An <strong>emergency</strong> is a cost you did not plan for.</p><table><thead><tr><th>Emergency</th><th>Not one</th></tr></thead><tbody><tr><td>Car repair</td><td>A sale</td></tr></tbody></table>',
  standards: [],
  decision: null,
  try_it: { path: '/budgeting', label: 'Add an emergency fund line to your budget' },
  questions: [
    {
      id: 'what-is-it',
      type: 'choice',
      question: 'What is an emergency fund?',
      choices: ['A', 'B'],
    },
  ],
  previous: { id: 11, title: 'Setting a savings goal' },
  next: null,
  progress: { completed: false, best_percent: null, attempts: 0 },
};

function stubApi(routes: Record<string, { status: number; body: unknown }>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const answer = routes[path] ?? { status: 404, body: { error: 'Not found.' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(route: string) {
  return renderWithApp(
    <Routes>
      <Route path="/lessons" element={<LessonsPage />} />
      <Route path="/errors/error-404" element={<h1>Page not found</h1>} />
    </Routes>,
    { route },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/lessons', () => {
  it.each(
    ['lesson', 'course'].flatMap((name) =>
      ['abc', '0', '1.5', '2147483648', '9999999999'].map((id) => [name, id]),
    ),
  )('sends ?%s=%s, which the API refuses, to the 404 page without asking it', async (name, id) => {
    const fetchMock = stubApi({});
    await renderAt(`/lessons?${name}=${id}`);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a lesson the API does not know to the 404 page', async () => {
    stubApi({ '/api/learn/lessons/99/': { status: 404, body: { error: 'Lesson not found.' } } });
    await renderAt('/lessons?lesson=99');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the lesson: breadcrumbs, objectives, the reading with a scrollable table, try it', async () => {
    stubApi({
      '/api/learn/lessons/12/': { status: 200, body: lesson },
      '/api/learn/lessons/12/completed-modules/': { status: 200, body: [] },
    });
    await renderAt('/lessons?lesson=12');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The emergency fund' }),
    ).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(crumbs).toHaveTextContent('Lessons');
    expect(screen.getByRole('link', { name: 'Saving and emergency funds' })).toHaveAttribute(
      'href',
      '/lessons?course=3',
    );
    expect(screen.getByText('Tell a real emergency from a want')).toBeInTheDocument();
    const table = screen.getByRole('region', { name: 'Table' });
    expect(table).toHaveAttribute('tabindex', '0');
    expect(table.querySelector('table')).not.toBeNull();
    expect(
      screen.getByRole('link', { name: 'Add an emergency fund line to your budget' }),
    ).toHaveAttribute('href', '/budgeting');
    expect(screen.getByRole('link', { name: /Previous: Setting a savings goal/ })).toHaveAttribute(
      'href',
      '/lessons?lesson=11',
    );
    expect(screen.getByRole('link', { name: 'Back to the course' })).toBeInTheDocument();
    // No linked modules: no section for them.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: /Learn & Earn modules/ })).toBeNull(),
    );
  });

  it('lists the linked modules, the completed ones marked in words', async () => {
    stubApi({
      '/api/learn/lessons/12/': { status: 200, body: lesson },
      '/api/learn/lessons/12/completed-modules/': {
        status: 200,
        body: [
          { id: 1, name: 'Rainy days', imgSrc: '/m1.svg', completed: true },
          { id: 2, name: 'Fund sizes', imgSrc: '/m2.svg', completed: false },
        ],
      },
    });
    await renderAt('/lessons?lesson=12');
    expect(
      await screen.findByRole('heading', { name: 'Learn & Earn modules for this lesson' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Rainy days').parentElement).toHaveTextContent('Completed');
    expect(screen.getByText('Fund sizes').parentElement).not.toHaveTextContent('Completed');
  });

  it('after a failed attempt, "Try again" shows the questions the server drew anew', async () => {
    const draws = [
      { id: 'first-draw', type: 'choice', question: 'Which is a want?', choices: ['Rent', 'Game'] },
      { id: 'second-draw', type: 'choice', question: 'Which is a need?', choices: ['Food', 'Toy'] },
    ] as const;
    let opened = 0;
    let attempted = 0;
    const bodies: unknown[] = [];
    const failed = (item: string): Attempt => ({
      id: 1,
      lesson: 12,
      score: 0,
      total: 1,
      percent: 0,
      passed: false,
      lesson_completed: false,
      created_at: '2026-11-23T10:00:00Z',
      results: [
        { item, correct: false, given: 0, answer: null, explanation: 'Think again.', why: null },
      ],
      points_awarded: 0,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        let body: unknown = [];
        if (path === '/api/learn/lessons/12/') {
          // The server draws anew once the open draw was answered.
          body = { ...lesson, questions: [draws[Math.min(attempted, 1)]] };
          opened += 1;
        } else if (path === '/api/learn/lessons/12/attempts/') {
          bodies.push(JSON.parse(String(init?.body)));
          body = failed(draws[attempted]!.id);
          attempted += 1;
        }
        return new Response(JSON.stringify(body), {
          status: path.endsWith('/attempts/') ? 201 : 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    await renderAt('/lessons?lesson=12');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Rent' }));
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect(await screen.findByText('Not passed yet')).toBeInTheDocument();
    // The lesson is fetched again after the attempt, with the new draw: the graded question stays.
    await waitFor(() => expect(opened).toBe(2));
    expect(screen.getByText(/Which is a want\?/)).toBeInTheDocument();
    expect(screen.getByText('Think again.')).toBeInTheDocument();
    expect(screen.queryByText(/Which is a need\?/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Which is a need\?/)).toBeInTheDocument();
    expect(screen.queryByText(/Which is a want\?/)).not.toBeInTheDocument();
    expect(screen.queryByText('Think again.')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Food' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: 'Toy' }));
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([{ answers: { 'first-draw': 0 } }, { answers: { 'second-draw': 1 } }]);
  });
});
