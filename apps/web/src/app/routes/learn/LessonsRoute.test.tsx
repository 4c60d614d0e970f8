import { Route, Routes } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article, Lesson } from '@bullpen/contract/learn';
import { renderWithApp } from '@/test/render.tsx';
import { Component as LessonsRoute } from './LessonsRoute.tsx';
import { Component as PublicLessonRoute } from './PublicLessonRoute.tsx';

const lesson: Lesson = {
  id: 7,
  slug: 'credit-card-basics',
  course: { id: 2, slug: 'credit-and-debt', title: 'Credit and debt', pass_percent: 70 },
  order: 2,
  title: 'Credit cards and how a balance grows',
  sub_title: 'Minimum payments, paying in full, and interest on interest',
  minutes: 14,
  objectives: ['Follow a card balance month by month'],
  // As apps/server/src/platform/markdown.ts leaves it: a known name kept, an unknown one bare.
  html: '<h2>Worked example</h2><p>Maria owes $1,000.</p><div data-calculator="loan-payoff"></div><p>After the calculator.</p><div></div>',
  standards: [],
  decision: null,
  try_it: { path: '/tools#loan-payoff', label: 'Try the payoff calculator' },
  questions: [{ id: 'q', type: 'choice', question: 'What is APR?', choices: ['A', 'B'] }],
  previous: null,
  next: null,
  progress: { completed: false, best_percent: null, attempts: 0 },
};

function stubFetch(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      return new Response(JSON.stringify(answers[path] ?? []), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a lesson with a calculator', { timeout: 30_000 }, () => {
  it('mounts the calculator in its place in the reading, and it works', async () => {
    stubFetch({ '/api/learn/lessons/7/': lesson });
    await renderWithApp(
      <Routes>
        <Route path="/lessons" element={<LessonsRoute />} />
      </Routes>,
      { route: '/lessons?lesson=7' },
    );
    const heading = await screen.findByRole('heading', {
      level: 3,
      name: 'Loan and credit card payoff',
    });
    // In its place: after the example's paragraph, inside the placeholder, before the next one.
    const place = heading.closest<HTMLElement>('[data-calculator="loan-payoff"]');
    expect(place).not.toBeNull();
    expect(place?.previousElementSibling).toHaveTextContent('Maria owes $1,000.');
    expect(place?.nextElementSibling).toHaveTextContent('After the calculator.');
    expect(screen.getAllByRole('heading', { name: 'Loan and credit card payoff' })).toHaveLength(1);

    const payment = screen.getByLabelText('Payment each month');
    await userEvent.clear(payment);
    await userEvent.type(payment, '50');
    // −ln(1 − 0.02 × 1,000 ÷ 50) ÷ ln 1.02 = 25.8: the 26th month's payment ends it.
    await waitFor(() =>
      expect(within(place!).getByRole('status')).toHaveTextContent('Paid off in 26 months'),
    );
  });

  it('mounts it on the public lesson page too', async () => {
    const article: Article = {
      alias: 'credit-card-basics',
      kind: 'lesson',
      card: {
        title: lesson.title,
        description: lesson.sub_title,
        image: '',
        path: '/public/lessons/credit-card-basics',
        buttonText: 'Read',
        secondButtonText: '',
        secondPath: '',
      },
      title: lesson.title,
      category: 'credit',
      published: null,
      minutes: 14,
      html: lesson.html,
      sources: [],
    };
    stubFetch({ '/api/content/lessons/credit-card-basics/': article });
    await renderWithApp(
      <Routes>
        <Route path="/public/lessons/:alias" element={<PublicLessonRoute />} />
      </Routes>,
      { route: '/public/lessons/credit-card-basics' },
    );
    const heading = await screen.findByRole('heading', {
      level: 3,
      name: 'Loan and credit card payoff',
    });
    expect(heading.closest('[data-calculator="loan-payoff"]')).not.toBeNull();
  });
});
