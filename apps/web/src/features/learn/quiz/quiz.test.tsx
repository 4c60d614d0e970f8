import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { learnMessages } from '@bullpen/contract/learn';
import type { Attempt, QuizQuestion } from '@bullpen/contract/learn';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { renderWithApp, setTestLanguage } from '@/test/render.tsx';
import { QuizForm, type QuizSubmission } from './QuizForm.tsx';
import { parseNumberAnswer, quizSchema, toAttemptBody } from './quiz-form.ts';

const questions: QuizQuestion[] = [
  {
    id: 'what-is-a-budget',
    type: 'choice',
    question: 'What is a budget?',
    choices: ['A plan for your money', 'A kind of loan', 'A bank fee'],
  },
  {
    id: 'weekly-savings',
    type: 'number',
    question: 'You save $25 a week. How much after 50 weeks?',
    unit: 'dollars',
  },
];

function graded(given: [number, number]): Attempt {
  const first = given[0] === 0;
  const second = given[1] === 1250;
  const score = Number(first) + Number(second);
  return {
    id: 1,
    lesson: 9,
    score,
    total: 2,
    percent: score * 50,
    passed: score === 2,
    lesson_completed: score === 2,
    created_at: '2026-11-23T10:00:00Z',
    results: [
      {
        item: 'what-is-a-budget',
        correct: first,
        given: given[0],
        answer: 0,
        explanation: 'A budget plans where your money goes.',
        why: first ? null : 'A list of what you spent looks back; a budget plans ahead.',
      },
      {
        item: 'weekly-savings',
        correct: second,
        given: given[1],
        answer: 1250,
        explanation: '25 times 50 is 1,250.',
        why: null,
      },
    ],
  };
}

/** The next attempt's questions: the same two, as a bank no bigger than an attempt draws. */
const newDraw = async () => questions;

afterEach(async () => {
  // Unmounted first: a form still on screen would re-render in English outside act().
  cleanup();
  await setTestLanguage('en');
});

describe('parseNumberAnswer', () => {
  it('reads numbers as students type them', () => {
    expect(parseNumberAnswer('1,250.50')).toBe(1250.5);
    expect(parseNumberAnswer('$12')).toBe(12);
    expect(parseNumberAnswer(' $ 1,000 ')).toBe(1000);
    expect(parseNumberAnswer('4.5%')).toBe(4.5);
    expect(parseNumberAnswer('-3')).toBe(-3);
    expect(parseNumberAnswer('-$12.5')).toBe(-12.5);
    expect(parseNumberAnswer('.5')).toBe(0.5);
    expect(parseNumberAnswer('1250')).toBe(1250);
  });

  it('refuses what is not one number', () => {
    for (const text of ['', ' ', 'abc', '12abc', '1,25', '1,2345', '1.2.3', '$', '12 34', '--3']) {
      expect(parseNumberAnswer(text), text).toBeNull();
    }
  });
});

describe('the quiz schema', () => {
  it('needs every question answered, each with its own message', () => {
    const schema = quizSchema(questions);
    const result = schema.safeParse({ q0: '', q1: 'ten' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Pick one of the choices for question 1.',
      'Enter a number for question 2.',
    ]);
    expect(schema.safeParse({ q0: '2', q1: '$1,250' }).success).toBe(true);
    // A choice that is not one of the question's.
    expect(schema.safeParse({ q0: '3', q1: '1' }).success).toBe(false);
  });

  it('sends each answer under its question id, as a number', () => {
    expect(toAttemptBody(questions, { q0: '2', q1: '$1,250.50' })).toEqual({
      answers: { 'what-is-a-budget': 2, 'weekly-savings': 1250.5 },
    });
  });
});

describe('QuizForm', () => {
  it('holds the submit until every question is answered, with the kit’s messages', async () => {
    const onSubmit = vi.fn<(s: QuizSubmission) => Promise<Attempt>>();
    await renderWithApp(
      <QuizForm questions={questions} passPercent={70} onSubmit={onSubmit} onNewDraw={newDraw} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect(await screen.findByText('Answer every question before you submit.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Pick one of the choices for question 1.')).toBeInTheDocument();
    expect(screen.getByText('Enter a number for question 2.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'A plan for your money' }));
    await user.type(screen.getByRole('textbox', { name: /How much after 50 weeks/ }), 'lots');
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByText('Pick one of the choices for question 1.')).not.toBeInTheDocument();
    expect(screen.getByText('Enter a number for question 2.')).toBeInTheDocument();
  });

  it('shows the score, right and wrong in words, the right answers and the explanations', async () => {
    const onSubmit = vi.fn(async ({ body }: QuizSubmission) =>
      graded([body.answers['what-is-a-budget']!, body.answers['weekly-savings']!]),
    );
    await renderWithApp(
      <QuizForm questions={questions} passPercent={70} onSubmit={onSubmit} onNewDraw={newDraw} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'A kind of loan' }));
    await user.type(screen.getByRole('textbox', { name: /How much after 50 weeks/ }), '$1,250');
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0].body).toEqual({
      answers: { 'what-is-a-budget': 1, 'weekly-savings': 1250 },
    });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Not passed yet');
    expect(status).toHaveTextContent('You got 1 of 2 right (50%).');
    expect(status).toHaveTextContent('You need 70% to pass.');
    expect(screen.getByText('Incorrect')).toBeInTheDocument();
    expect(screen.getByText('Correct')).toBeInTheDocument();
    expect(screen.getByText('Right answer: A plan for your money.')).toBeInTheDocument();
    expect(screen.getByText('Your answer: A kind of loan.')).toBeInTheDocument();
    expect(screen.getByText('A budget plans where your money goes.')).toBeInTheDocument();
    // The wrong choice says why it is wrong; the right one says nothing more.
    expect(
      screen.getByText('A list of what you spent looks back; a budget plans ahead.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Why not:')).toHaveLength(1);
    expect(screen.getByText('25 times 50 is 1,250.')).toBeInTheDocument();
    // Graded answers stay as they were until "Try again".
    expect(screen.getByRole('radio', { name: 'A kind of loan' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('Incorrect')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'A kind of loan' })).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'A plan for your money' }));
    await user.type(screen.getByRole('textbox', { name: /How much after 50 weeks/ }), '1250');
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect(await screen.findByText('You passed!')).toBeInTheDocument();
    expect(screen.getByText('This lesson is done.')).toBeInTheDocument();
    // A new attempt is a new submission: a key of its own.
    const keys = onSubmit.mock.calls.map(([submission]) => submission.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });

  it('names no right answer when the server keeps it back, and still explains', async () => {
    const onSubmit = vi.fn(async ({ body }: QuizSubmission) => {
      const attempt = graded([body.answers['what-is-a-budget']!, body.answers['weekly-savings']!]);
      return {
        ...attempt,
        results: attempt.results.map((result) => ({ ...result, answer: null })),
      };
    });
    await renderWithApp(
      <QuizForm questions={questions} passPercent={70} onSubmit={onSubmit} onNewDraw={newDraw} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'A kind of loan' }));
    await user.type(screen.getByRole('textbox', { name: /How much after 50 weeks/ }), '1250');
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect(await screen.findByText('Incorrect')).toBeInTheDocument();
    expect(screen.getByText('Your answer: A kind of loan.')).toBeInTheDocument();
    expect(screen.getByText('A budget plans where your money goes.')).toBeInTheDocument();
    expect(screen.queryByText(/Right answer/)).not.toBeInTheDocument();
    expect(screen.queryByText(/A plan for your money\./)).not.toBeInTheDocument();
  });

  it('resends the same answers with the same key after a failed submit', async () => {
    const onSubmit = vi
      .fn<(s: QuizSubmission) => Promise<Attempt>>()
      .mockRejectedValueOnce(new ApiError(0, null, 'Network error'))
      .mockResolvedValueOnce(graded([0, 1250]));
    await renderWithApp(
      <QuizForm questions={questions} passPercent={70} onSubmit={onSubmit} onNewDraw={newDraw} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'A plan for your money' }));
    await user.type(screen.getByRole('textbox', { name: /How much after 50 weeks/ }), '1250');
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect(await screen.findByText('Network error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect(await screen.findByText('You passed!')).toBeInTheDocument();
    const [first, second] = onSubmit.mock.calls.map(([submission]) => submission.idempotencyKey);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });

  it('keeps the graded attempt and says so when no new draw can be fetched', async () => {
    const onSubmit = vi.fn(async () => graded([1, 1]));
    const failing = vi
      .fn<() => Promise<QuizQuestion[]>>()
      .mockRejectedValueOnce(new ApiError(0, null, 'Network error'))
      .mockResolvedValueOnce(questions);
    await renderWithApp(
      <QuizForm questions={questions} passPercent={70} onSubmit={onSubmit} onNewDraw={failing} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'A kind of loan' }));
    await user.type(screen.getByRole('textbox', { name: /How much after 50 weeks/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Network error')).toBeInTheDocument();
    expect(screen.getAllByText('Incorrect')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('Incorrect')).not.toBeInTheDocument());
    expect(screen.queryByText('Network error')).not.toBeInTheDocument();
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('speaks Spanish around the English lesson', async () => {
    await renderWithApp(
      <QuizForm questions={questions} passPercent={70} onSubmit={vi.fn()} onNewDraw={newDraw} />,
      {
        language: 'es',
      },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Comprobar mis respuestas' }));
    // Shown after the form's asynchronous validation, as in the English test above.
    expect(
      await screen.findByText('Responde todas las preguntas antes de enviar.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Elige una de las opciones de la pregunta 1.')).toBeInTheDocument();
    expect(screen.getByText('Escribe un número en la pregunta 2.')).toBeInTheDocument();
    const group = screen.getByRole('radiogroup');
    expect(within(group).getByRole('radio', { name: 'A kind of loan' })).toBeInTheDocument();
  });
});

describe('the server’s learn messages', () => {
  it('each read in Spanish', async () => {
    await setTestLanguage('es');
    const untranslated = Object.values(learnMessages)
      .map((message) => message.replace('{item}', '3'))
      .filter((message) => errorText(new ApiError(400, { error: message }, message)) === message);
    expect(untranslated).toEqual([]);
  });
});
