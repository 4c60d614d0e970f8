import { describe, expect, it } from 'vitest';
import {
  budgetBodySchema,
  budgetFormSchema,
  budgetMessages,
  centsOfDollars,
  dollarsOfCents,
  MAX_AMOUNT_CENTS,
  MAX_BUDGET_NAME_LENGTH,
  MAX_GOALS,
  MAX_LINE_LABEL_LENGTH,
  MAX_LINES_PER_KIND,
} from './budget.ts';

/** Each refusal of a parse as "path: message". */
function refusals(schema: typeof budgetBodySchema | typeof budgetFormSchema, input: unknown) {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const income = { label: 'Pay', category: 'wages', amount_cents: 100, frequency: 'monthly' };
const expense = { label: 'Rent', category: 'housing', amount_cents: 100, frequency: 'monthly' };
const goal = { name: 'Bike', target_cents: 100, saved_cents: 0, target_date: '2026-06-01' };
const body = (overrides: Record<string, unknown>) => ({
  name: 'Mine',
  incomes: [income],
  expenses: [expense],
  goals: [goal],
  ...overrides,
});

describe('the budget body', () => {
  it('takes a full budget, trims its words and defaults what may be left out', () => {
    expect(
      budgetBodySchema.parse({
        name: '  Mine ',
        incomes: [{ ...income, label: ' Pay ' }],
        goals: [{ ...goal, name: ' Bike ', saved_cents: undefined }],
      }),
    ).toEqual({
      name: 'Mine',
      incomes: [{ ...income, label: 'Pay' }],
      expenses: [],
      goals: [{ ...goal, name: 'Bike', saved_cents: 0 }],
    });
    expect(budgetBodySchema.parse({ name: 'Empty' })).toEqual({
      name: 'Empty',
      incomes: [],
      expenses: [],
      goals: [],
    });
  });

  it('says Required for what is missing, and what is wanted for a wrong type', () => {
    expect(refusals(budgetBodySchema, {})).toEqual(['name: Required']);
    expect(
      refusals(budgetBodySchema, {
        name: 5,
        incomes: 'x',
        expenses: 'x',
        goals: 'x',
      }),
    ).toEqual([
      `name: ${budgetMessages.nameRequired}`,
      'incomes: Send a list of incomes.',
      'expenses: Send a list of expenses.',
      'goals: Send a list of goals.',
    ]);
    expect(refusals(budgetBodySchema, body({ incomes: [{}], goals: [{}] }))).toEqual([
      'incomes.0.label: Required',
      'incomes.0.category: Required',
      'incomes.0.amount_cents: Required',
      'incomes.0.frequency: Required',
      'goals.0.name: Required',
      'goals.0.target_cents: Required',
      'goals.0.target_date: Required',
    ]);
    expect(
      refusals(
        budgetBodySchema,
        body({
          incomes: [{ label: 1, category: 1, amount_cents: '1', frequency: 1 }],
          expenses: [{ ...expense, category: 'wages' }],
          goals: [{ name: 1, target_cents: 1, target_date: 20260601 }],
        }),
      ),
    ).toEqual([
      `incomes.0.label: ${budgetMessages.labelRequired}`,
      `incomes.0.category: ${budgetMessages.unknownCategory}`,
      `incomes.0.amount_cents: ${budgetMessages.centsWhole}`,
      `incomes.0.frequency: ${budgetMessages.unknownFrequency}`,
      `expenses.0.category: ${budgetMessages.unknownCategory}`,
      `goals.0.name: ${budgetMessages.goalNameRequired}`,
      `goals.0.target_date: ${budgetMessages.dateFormat}`,
    ]);
  });

  it('refuses blank words and takes them up to their longest', () => {
    const longName = 'n'.repeat(MAX_BUDGET_NAME_LENGTH);
    const longLabel = 'l'.repeat(MAX_LINE_LABEL_LENGTH);
    expect(
      refusals(
        budgetBodySchema,
        body({
          name: longName,
          incomes: [{ ...income, label: longLabel }],
          goals: [{ ...goal, name: longLabel }],
        }),
      ),
    ).toEqual([]);
    expect(
      refusals(
        budgetBodySchema,
        body({
          name: `${longName}n`,
          incomes: [{ ...income, label: `${longLabel}l` }],
          expenses: [{ ...expense, label: '   ' }],
          goals: [{ ...goal, name: `${longLabel}l` }],
        }),
      ),
    ).toEqual([
      `name: ${budgetMessages.nameTooLong}`,
      `incomes.0.label: ${budgetMessages.labelTooLong}`,
      `expenses.0.label: ${budgetMessages.labelRequired}`,
      `goals.0.name: ${budgetMessages.labelTooLong}`,
    ]);
    expect(
      refusals(budgetBodySchema, body({ name: '  ', goals: [{ ...goal, name: ' ' }] })),
    ).toEqual([
      `name: ${budgetMessages.nameRequired}`,
      `goals.0.name: ${budgetMessages.goalNameRequired}`,
    ]);
  });

  it('takes amounts from $0.00 to $1,000,000.00 and a goal above $0.00', () => {
    expect(
      refusals(
        budgetBodySchema,
        body({
          incomes: [{ ...income, amount_cents: 0 }],
          expenses: [{ ...expense, amount_cents: MAX_AMOUNT_CENTS }],
          goals: [{ ...goal, target_cents: 1 }],
        }),
      ),
    ).toEqual([]);
    expect(
      refusals(
        budgetBodySchema,
        body({
          incomes: [{ ...income, amount_cents: -1 }],
          expenses: [{ ...expense, amount_cents: MAX_AMOUNT_CENTS + 1 }],
          goals: [{ ...goal, target_cents: 0, saved_cents: 1.5 }],
        }),
      ),
    ).toEqual([
      `incomes.0.amount_cents: ${budgetMessages.centsNegative}`,
      `expenses.0.amount_cents: ${budgetMessages.centsTooLarge}`,
      `goals.0.target_cents: ${budgetMessages.targetPositive}`,
      `goals.0.saved_cents: ${budgetMessages.centsWhole}`,
    ]);
  });

  it('takes up to the most lines and goals, and refuses one more', () => {
    const most = body({
      incomes: Array(MAX_LINES_PER_KIND).fill(income),
      expenses: Array(MAX_LINES_PER_KIND).fill(expense),
      goals: Array(MAX_GOALS).fill(goal),
    });
    expect(refusals(budgetBodySchema, most)).toEqual([]);
    expect(
      refusals(budgetBodySchema, {
        ...most,
        incomes: [...most.incomes, income],
        expenses: [...most.expenses, expense],
        goals: [...most.goals, goal],
      }),
    ).toEqual([
      `incomes: ${budgetMessages.tooManyLines}`,
      `expenses: ${budgetMessages.tooManyLines}`,
      `goals: ${budgetMessages.tooManyGoals}`,
    ]);
  });

  it('words the limits in its messages', () => {
    expect(budgetMessages.tooManyBudgets).toBe(
      'You can keep at most 20 budgets. Delete one to make a new one.',
    );
    expect(budgetMessages.nameTooLong).toBe('Use at most 80 characters.');
    expect(budgetMessages.tooManyLines).toBe('Use at most 100 lines.');
    expect(budgetMessages.tooManyGoals).toBe('Use at most 20 goals.');
    expect(budgetMessages.notFound).toBe('Budget not found.');
  });
});

describe('the budget form', () => {
  const line = { label: 'Pay', category: 'wages', amount: '12.50', frequency: 'monthly' };
  const goalLine = { name: 'Bike', target: '350', saved: '0', target_date: '2026-06-01' };
  const form = (overrides: Record<string, unknown>) => ({
    name: 'Mine',
    incomes: [line],
    expenses: [],
    goals: [goalLine],
    ...overrides,
  });

  it('takes dollars as typed, up to $1,000,000.00, and a goal above $0.00', () => {
    expect(
      refusals(budgetFormSchema, form({ incomes: [{ ...line, amount: ' 1,000,000 ' }] })),
    ).toEqual([]);
    expect(
      refusals(
        budgetFormSchema,
        form({
          incomes: [
            { ...line, amount: '1000000.01' },
            { ...line, amount: '12.345' },
            { ...line, amount: 12 },
          ],
          goals: [{ ...goalLine, target: '0.00' }],
        }),
      ),
    ).toEqual([
      `incomes.0.amount: ${budgetMessages.centsTooLarge}`,
      `incomes.1.amount: ${budgetMessages.amountFormat}`,
      `incomes.2.amount: ${budgetMessages.amountFormat}`,
      `goals.0.target: ${budgetMessages.targetPositive}`,
    ]);
  });

  it('reads a form amount as cents, 0 while it is not one, and at most the largest', () => {
    expect(centsOfDollars('12.5')).toBe(1250);
    expect(centsOfDollars('12.')).toBe(0);
    expect(centsOfDollars('99999999')).toBe(MAX_AMOUNT_CENTS);
    expect(dollarsOfCents(5)).toBe('0.05');
    expect(dollarsOfCents(123_456)).toBe('1234.56');
  });
});
