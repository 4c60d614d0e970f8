import { Route, Routes, useNavigate } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earnPaths } from '@bullpen/contract/routes';
import {
  zogoMessages,
  type CompleteModuleBody,
  type ZogoCategory,
  type ZogoModule,
  type ZogoModuleDetail,
  type ZogoSkill,
} from '@bullpen/contract/zogo';
import { type StubAnswer, stubApi } from '@/test/stub-api.ts';
import { renderWithApp } from '@/test/render.tsx';
import { LearnAndEarnPage } from './LearnAndEarnPage.tsx';

const categories: ZogoCategory[] = [
  { id: 1, slug: 'saving', name: 'Saving', module_count: 2 },
  { id: 2, slug: 'credit', name: 'Credit', module_count: 1 },
  { id: 3, slug: 'careers', name: 'Careers', module_count: 0 },
];
const skills: ZogoSkill[] = [
  { id: 10, slug: 'emergency-funds', name: 'Emergency funds', category: 1, module_count: 1 },
  { id: 11, slug: 'interest', name: 'Interest', category: 1, module_count: 1 },
  { id: 20, slug: 'credit-scores', name: 'Credit scores', category: 2, module_count: 1 },
];
const moduleRow = (overrides: Partial<ZogoModule>): ZogoModule => ({
  id: 5,
  slug: 'rainy-day',
  name: 'A rainy-day fund',
  category: 1,
  skill: 10,
  points: 20,
  imgSrc: '/modules/piggy-bank.svg',
  minutes: 3,
  lessons: [3],
  completed: false,
  ...overrides,
});
const modules: ZogoModule[] = [
  moduleRow({}),
  moduleRow({
    id: 6,
    slug: 'compound',
    name: 'Compound interest',
    skill: 11,
    points: 30,
    completed: true,
  }),
  moduleRow({
    id: 7,
    slug: 'scores',
    name: 'What a score says',
    category: 2,
    skill: 20,
    points: 10,
    completed: true,
  }),
];

const detail: ZogoModuleDetail = {
  ...moduleRow({}),
  cards: [
    { type: 'read', title: 'Why a fund', text: 'An **emergency fund** pays for surprises.' },
    {
      type: 'question',
      id: 'what-for',
      question: 'What is an emergency fund for?',
      choices: ['A holiday', 'A surprise car repair'],
    },
    {
      type: 'question',
      id: 'how-much',
      question: 'How many months of costs is a common goal?',
      choices: ['Three to six', 'Twenty'],
    },
    { type: 'read', title: 'Start small', text: 'Even $5 a week adds up over a year.' },
  ],
};

const rightChoice: Record<string, number> = { 'what-for': 1, 'how-much': 0 };

/** The server of these tests: the catalogue, module 5, its checks and its completion. */
function server({
  token = { status: 200, body: { zogo_token: 'zogo-abc' } },
  pointsAwarded = 20,
  completion,
  check,
}: {
  token?: StubAnswer;
  pointsAwarded?: number;
  completion?: StubAnswer;
  /** The answer to a check instead of right or wrong (the checks used up, say). */
  check?: StubAnswer;
} = {}) {
  const completions: CompleteModuleBody[] = [];
  /** Every check sent, in order. */
  const checks: { question: string; choice: number }[] = [];
  /** The cards the player said it showed, in order. */
  const starts: number[] = [];
  const fetchMock = stubApi((method, path, body) => {
    const start = path.match(/^\/api\/zogo\/modules\/5\/cards\/(\d+)\/start\/$/);
    if (method === 'POST' && start) {
      starts.push(Number(start[1]));
      return {
        status: 200,
        body: { module: 5, card: Number(start[1]), started_at: new Date().toISOString() },
      };
    }
    if (method === 'GET' && path === '/api/zogo/today/') {
      return { status: 200, body: { points_today: 20, daily_cap: 150 } };
    }
    if (method === 'GET' && path === '/api/zogo/categories/')
      return { status: 200, body: categories };
    if (method === 'GET' && path === '/api/zogo/skills/') return { status: 200, body: skills };
    if (method === 'GET' && path === '/api/zogo/modules/') return { status: 200, body: modules };
    if (method === 'GET' && path === '/api/zogo/modules/5/') return { status: 200, body: detail };
    if (method === 'GET' && path === '/api/auth/zogo-token/') return token;
    if (method === 'POST' && path === '/api/zogo/modules/5/check/') {
      const { question, choice } = body as { question: string; choice: number };
      checks.push({ question, choice });
      if (check) return check;
      const correct = rightChoice[question] === choice;
      return {
        status: 200,
        body: { correct, explanation: correct ? `Because ${question} is right.` : null },
      };
    }
    if (method === 'PUT' && path === '/api/points/points/zogo/') {
      const sent = body as CompleteModuleBody;
      completions.push(sent);
      if (completion) return completion;
      if (!sent.zogo_token) {
        return {
          status: 400,
          body: { zogo_token: ['Your learn-and-earn session has expired. Open the module again.'] },
        };
      }
      return {
        status: 200,
        body: { module: 5, points_awarded: pointsAwarded, available_points: 120, completed: true },
      };
    }
    return undefined;
  });
  return { fetchMock, completions, starts, checks };
}

/** A lesson page that opens module 5 the way LinkedModules does: with itself as `from`. */
function LessonStub() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Lesson 3</h1>
      <button
        type="button"
        onClick={() => navigate(earnPaths.module(5), { state: { from: '/lessons?lesson=3' } })}
      >
        Open the module
      </button>
    </>
  );
}

function renderAt(route: string, onPointsChanged = vi.fn()) {
  return renderWithApp(
    <Routes>
      <Route
        path="/learn-and-earn"
        element={<LearnAndEarnPage onPointsChanged={onPointsChanged} />}
      />
      <Route path="/lessons" element={<LessonStub />} />
      <Route path="/errors/error-404" element={<h1>Page not found</h1>} />
    </Routes>,
    { route },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Cookies.remove('zogo', { path: '/' });
});

describe('/learn-and-earn?widget_type=learn_and_earn', () => {
  it('shows the modules by category and skill, with progress overall and per category', async () => {
    server();
    const user = userEvent.setup();
    await renderAt(earnPaths.catalogue);
    expect(await screen.findByRole('heading', { level: 1, name: 'Learn & Earn' })).toBeVisible();
    const overall = await screen.findByRole('region', { name: 'Your progress' });
    expect(overall).toHaveTextContent('2 of 3 modules done');
    expect(overall).toHaveTextContent('40 of 60 points earned');
    expect(overall).toHaveTextContent('20 of 150 module points today');

    // A category without modules has no heading; the others come in the API's order.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Your progress',
      'Saving',
      'Credit and debt',
    ]);
    const saving = screen.getByRole('region', { name: 'Saving' });
    expect(saving).toHaveTextContent('1 of 2 modules done');
    expect(saving).toHaveTextContent('30 of 50 points earned');
    expect(
      within(saving)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Emergency funds', 'Interest']);

    const fund = within(saving).getByRole('list', { name: 'Modules in Emergency funds' });
    const link = within(fund).getByRole('link', { name: 'A rainy-day fund' });
    expect(link).toHaveAttribute('href', earnPaths.module(5));
    expect(link).toHaveAccessibleDescription('20 points 3 minutes');
    expect(
      within(saving).getByRole('link', { name: 'Compound interest' }),
    ).toHaveAccessibleDescription('30 points 3 minutes Done');
    expect(within(fund).getByText('20 points')).toBeVisible();
    expect(within(fund).queryByText('Done')).toBeNull();
    const interest = within(saving).getByRole('list', { name: 'Modules in Interest' });
    expect(within(interest).getByText('Done')).toBeVisible();

    // The filter shows one category; "All" brings them back.
    await user.click(screen.getByRole('button', { name: 'Credit and debt' }));
    expect(screen.getByRole('button', { name: 'Credit and debt' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByRole('region', { name: 'Saving' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Credit and debt' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByRole('region', { name: 'Saving' })).toBeVisible();
  });

  it('reads in Spanish: the categories, the progress and the points', async () => {
    server();
    await renderWithApp(<LearnAndEarnPage />, { route: earnPaths.catalogue, language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Aprende y gana' })).toBeVisible();
    const saving = await screen.findByRole('region', { name: 'Ahorro' });
    expect(saving).toHaveTextContent('1 de 2 módulos completados');
    expect(saving).toHaveTextContent('30 de 50 puntos ganados');
    expect(screen.getByRole('region', { name: 'Tu progreso' })).toHaveTextContent(
      '20 de 150 puntos de módulos hoy',
    );
    expect(within(saving).getByText('20 puntos')).toBeVisible();
    expect(within(saving).getByText('Hecho')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Crédito y deudas' })).toBeVisible();
  });

  it('says so politely when the catalogue cannot load, and tries again', async () => {
    let fail = true;
    stubApi((method, path) => {
      if (path === '/api/zogo/modules/' && fail) return { status: 503, body: { error: 'Down.' } };
      if (path === '/api/zogo/categories/') return { status: 200, body: categories };
      if (path === '/api/zogo/skills/') return { status: 200, body: skills };
      if (path === '/api/zogo/modules/') return { status: 200, body: [] };
      return undefined;
    });
    const user = userEvent.setup();
    await renderAt(earnPaths.catalogue);
    expect(await screen.findByText(/We could not load the modules/)).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('There are no modules yet. Check back soon.')).toBeVisible();
  });
});

describe('/learn-and-earn?widget_type=deep_link&module_id={id}', { timeout: 20_000 }, () => {
  it('plays a module from a lesson: a wrong answer, then the right one, Finish, points, Back', async () => {
    const { completions, starts } = server();
    const onPointsChanged = vi.fn();
    const user = userEvent.setup();
    await renderAt('/lessons?lesson=3', onPointsChanged);
    await user.click(await screen.findByRole('button', { name: 'Open the module' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'A rainy-day fund' }),
    ).toBeVisible();
    expect(screen.getByText('Card 1 of 4')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Why a fund' })).toBeVisible();
    expect(screen.getByText('emergency fund', { selector: 'strong' })).toBeVisible();
    await waitFor(() => expect(Cookies.get('zogo')).toBe('zogo-abc'));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Card 2 of 4')).toBeVisible();
    const question = screen.getByRole('heading', { name: 'What is an emergency fund for?' });
    expect(question).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    // Checking with nothing chosen asks for a choice and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('status')).toHaveTextContent('Choose an answer first.');

    const group = screen.getByRole('radiogroup', { name: 'What is an emergency fund for?' });
    await user.click(within(group).getByRole('radio', { name: 'A holiday' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/Not quite/)).toBeVisible();
    // A wrong answer is not shown the right one.
    expect(screen.queryByText(/Because/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(group).getByRole('radio', { name: 'A surprise car repair' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const feedback = await screen.findByRole('status');
    await waitFor(() => expect(feedback).toHaveTextContent('Correct!'));
    expect(feedback).toHaveTextContent('Because what-for is right.');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // The keyboard alone answers the next one.
    expect(screen.getByRole('heading', { name: /How many months/ })).toHaveFocus();
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'Three to six' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByText('Correct!');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText('Card 4 of 4')).toBeVisible();
    // Each card told the server when it was shown, so the module can pay.
    await waitFor(() => expect([...new Set(starts)]).toEqual([0, 1, 2, 3]));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const done = await screen.findByRole('heading', { name: 'Module complete!' });
    expect(done).toHaveFocus();
    expect(screen.getByText('+20 points')).toBeVisible();
    expect(screen.getByText('You have 120 points now.')).toBeVisible();
    expect(completions).toEqual([
      {
        module: 5,
        answers: [
          { question: 'what-for', choice: 1 },
          { question: 'how-much', choice: 0 },
        ],
        zogo_token: 'zogo-abc',
      },
    ]);
    expect(onPointsChanged).toHaveBeenCalledWith(
      expect.objectContaining({ points_awarded: 20, available_points: 120 }),
    );

    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson 3' })).toBeVisible();
  });

  it('says the points were already earned when the module paid before', async () => {
    server({ pointsAwarded: 0 });
    const user = userEvent.setup();
    await renderAt(earnPaths.module(5));
    await screen.findByRole('heading', { level: 1, name: 'A rainy-day fund' });
    await waitFor(() => expect(Cookies.get('zogo')).toBe('zogo-abc'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const [name, choice] of [
      ['What is an emergency fund for?', 'A surprise car repair'],
      ['How many months of costs is a common goal?', 'Three to six'],
    ] as const) {
      const group = screen.getByRole('radiogroup', { name });
      await user.click(within(group).getByRole('radio', { name: choice }));
      await user.click(screen.getByRole('button', { name: 'Check' }));
      await screen.findByText('Correct!');
      await user.click(screen.getByRole('button', { name: 'Next' }));
    }
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('You already earned these points.')).toBeVisible();
    expect(screen.queryByText(/^\+/)).toBeNull();
    // Opened without a `from`, Back goes to the catalogue.
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', earnPaths.catalogue);
  });

  it('disables and marks a choice checked wrong, so no check is spent on it twice', async () => {
    const { checks } = server();
    const user = userEvent.setup();
    await renderAt(earnPaths.module(5));
    await screen.findByRole('heading', { level: 1, name: 'A rainy-day fund' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const group = screen.getByRole('radiogroup', { name: 'What is an emergency fund for?' });
    await user.click(within(group).getByRole('radio', { name: 'A holiday' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/Not quite/)).toBeVisible();
    const wrong = within(group).getByRole('radio', { name: /A holiday/ });
    expect(wrong).toBeDisabled();
    expect(wrong).not.toBeChecked();
    expect(within(group).getByText('Not this one')).toBeVisible();
    // It cannot be picked again: checking now asks for another choice and spends nothing.
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('status')).toHaveTextContent('Choose an answer first.');
    expect(checks).toEqual([{ question: 'what-for', choice: 0 }]);
    await user.click(within(group).getByRole('radio', { name: 'A surprise car repair' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Correct!')).toBeVisible();
    expect(checks).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('offers a way back to the modules when a question has no check left, not a dead button', async () => {
    server({ check: { status: 429, body: { error: zogoMessages.checksUsed } } });
    const user = userEvent.setup();
    await renderWithApp(<LearnAndEarnPage />, { route: earnPaths.module(5), language: 'es' });
    await screen.findByRole('heading', { level: 1, name: 'A rainy-day fund' });
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    const group = screen.getByRole('radiogroup', { name: 'What is an emergency fund for?' });
    await user.click(within(group).getByRole('radio', { name: 'A holiday' }));
    await user.click(screen.getByRole('button', { name: 'Comprobar' }));
    expect(
      await screen.findByText(/Ya usaste todas las comprobaciones de esta pregunta/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Comprobar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
    for (const radio of within(group).getAllByRole('radio')) expect(radio).toBeDisabled();
    const away = screen.getByRole('link', { name: 'Volver a los módulos' });
    expect(away).toHaveAttribute('href', earnPaths.catalogue);
    await user.click(away);
    expect(await screen.findByRole('heading', { level: 1, name: /Aprende y gana/ })).toBeVisible();
  });

  it('says in Spanish how long to wait when the module was finished too fast', async () => {
    server({
      completion: {
        status: 400,
        body: {
          non_field_errors: [
            'Take your time with the cards: you can finish this module in 12 seconds.',
          ],
        },
      },
    });
    const user = userEvent.setup();
    await renderWithApp(<LearnAndEarnPage />, { route: earnPaths.module(5), language: 'es' });
    await screen.findByRole('heading', { level: 1, name: 'A rainy-day fund' });
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    for (const [name, choice] of [
      ['What is an emergency fund for?', 'A surprise car repair'],
      ['How many months of costs is a common goal?', 'Three to six'],
    ] as const) {
      const group = screen.getByRole('radiogroup', { name });
      await user.click(within(group).getByRole('radio', { name: choice }));
      await user.click(screen.getByRole('button', { name: 'Comprobar' }));
      await screen.findByText('¡Correcto!');
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    }
    await user.click(screen.getByRole('button', { name: 'Terminar' }));
    expect(await screen.findByText(/podrás terminar este módulo en 12 segundos/)).toBeVisible();
  });

  it('only logs a token failure; finishing then says the session expired', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server({ token: { status: 500, body: { error: 'Token service down.' } } });
    const user = userEvent.setup();
    await renderAt(earnPaths.module(5));
    await screen.findByRole('heading', { level: 1, name: 'A rainy-day fund' });
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Could not get a learn-and-earn token', expect.anything()),
    );
    expect(Cookies.get('zogo')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const [name, choice] of [
      ['What is an emergency fund for?', 'A surprise car repair'],
      ['How many months of costs is a common goal?', 'Three to six'],
    ] as const) {
      const group = screen.getByRole('radiogroup', { name });
      await user.click(within(group).getByRole('radio', { name: choice }));
      await user.click(screen.getByRole('button', { name: 'Check' }));
      await screen.findByText('Correct!');
      await user.click(screen.getByRole('button', { name: 'Next' }));
    }
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(
      await screen.findByText(
        'Your points were not saved yet: Your learn-and-earn session has expired. Open the module again.',
      ),
    ).toBeVisible();
  });

  it.each(['abc', '0', '2147483648', '9999999999'])(
    'sends the module id %s, which the API refuses, to the 404 page without asking it',
    async (moduleId) => {
      const { fetchMock } = server();
      await renderAt(`/learn-and-earn?widget_type=deep_link&module_id=${moduleId}`);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});
