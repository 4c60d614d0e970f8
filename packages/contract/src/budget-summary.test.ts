import { describe, expect, it } from 'vitest';
import {
  apportionMonthly,
  bodyToForm,
  budgetParams,
  budgetSchema,
  budgetTotals,
  formToBody,
  monthsUntil,
  summarizeBudget,
  yearlyCents,
  type Budget,
  type SavingsGoal,
} from './budget.ts';

const TODAY = '2026-01-15';

describe('the monthly figures', () => {
  it('refuses a yearly amount past exact integers', () => {
    expect(() => yearlyCents(2 ** 52, 'weekly')).toThrow(
      new RangeError(`Not exact: ${2 ** 52} cents`),
    );
  });

  it('gives the cents left over to the largest remainders, the earlier first on a tie', () => {
    // 1/12, 11/12 and 5/12 of a cent add up to one cent: it goes to the 11/12.
    expect(apportionMonthly([1, 11, 5])).toEqual({ total: 1, parts: [0, 1, 0] });
    // 7/12 twice is one cent and 2/12 (rounded down): the first part takes it.
    expect(apportionMonthly([7, 7])).toEqual({ total: 1, parts: [1, 0] });
    expect(apportionMonthly([5, 7, 7])).toEqual({ total: 2, parts: [0, 1, 1] });
    expect(apportionMonthly([24, 6, 0])).toEqual({ total: 3, parts: [2, 1, 0] });
  });

  it('sums the API’s totals from the lines', () => {
    expect(
      budgetTotals({
        incomes: [{ label: 'Pay', category: 'wages', amount_cents: 1_000, frequency: 'weekly' }],
        expenses: [
          { label: 'Rent', category: 'housing', amount_cents: 2_000, frequency: 'monthly' },
          { label: 'Games', category: 'entertainment', amount_cents: 600, frequency: 'monthly' },
          { label: 'Bank', category: 'savings', amount_cents: 120, frequency: 'yearly' },
        ],
      }),
    ).toEqual({
      // $10.00 × 52 ÷ 12 = $43.33.
      monthly_income_cents: 4_333,
      monthly_expenses_cents: 2_610,
      needs_cents: 2_000,
      wants_cents: 600,
      savings_cents: 10,
      surplus_cents: 1_723,
    });
  });

  it('shows each category with spending, largest first, and none without', () => {
    const summary = summarizeBudget(
      {
        incomes: [],
        expenses: [
          { label: 'Bus', category: 'transportation', amount_cents: 500, frequency: 'monthly' },
          { label: 'Free', category: 'housing', amount_cents: 0, frequency: 'monthly' },
          { label: 'Games', category: 'entertainment', amount_cents: 900, frequency: 'monthly' },
          { label: 'Bank', category: 'savings', amount_cents: 700, frequency: 'monthly' },
        ],
        goals: [],
      },
      TODAY,
    );
    expect(summary.byCategory).toEqual([
      { category: 'entertainment', cents: 900 },
      { category: 'savings', cents: 700 },
      { category: 'transportation', cents: 500 },
    ]);
  });
});

describe('months until a date', () => {
  it('counts 0 for a date still being typed or written otherwise', () => {
    expect(monthsUntil(TODAY, '2026-05-15')).toBe(4);
    for (const [from, to] of [
      ['2026-01', '2026-05-15'],
      [TODAY, '2026-5-15'],
      [`x${TODAY}`, '2026-05-15'],
      [TODAY, '2026-05-15x'],
    ]) {
      expect(monthsUntil(from!, to!)).toBe(0);
    }
  });
});

describe('a goal’s projection', () => {
  const project = (goal: Partial<SavingsGoal>, savedPerMonth: number) =>
    summarizeBudget(
      {
        incomes: [],
        expenses: [
          {
            label: 'Bank',
            category: 'savings',
            amount_cents: savedPerMonth,
            frequency: 'monthly',
          },
        ],
        goals: [
          {
            name: 'Bike',
            target_cents: 1_000,
            saved_cents: 400,
            target_date: '2026-04-15',
            ...goal,
          },
        ],
      },
      TODAY,
    ).goals[0]!;

  it('reaches the target in the month the balance equals it', () => {
    expect(project({}, 200)).toMatchObject({
      balances: [600, 800, 1_000, 1_200, 1_400, 1_600, 1_800, 2_000, 2_200, 2_400, 2_600, 2_800],
      reachedInMonth: 3,
      neededPerMonthCents: 200,
      onTrack: true,
    });
    expect(project({}, 199)).toMatchObject({ reachedInMonth: 4, onTrack: false });
    expect(project({}, 0)).toMatchObject({ reachedInMonth: null, onTrack: false });
  });

  it('is on track once reached, even after its date', () => {
    expect(project({ saved_cents: 1_000, target_date: '2025-12-01' }, 0)).toMatchObject({
      neededPerMonthCents: 0,
      reachedInMonth: 0,
      onTrack: true,
    });
  });

  it('needs nothing it can still do once its date has passed short of the target', () => {
    expect(project({ target_date: '2026-01-01' }, 5_000)).toMatchObject({
      neededPerMonthCents: null,
      reachedInMonth: 1,
      onTrack: false,
    });
  });
});

describe('the budget form and the API shapes', () => {
  it('turns the form into the body with words trimmed and dollars in cents, and back', () => {
    const body = formToBody({
      name: ' Mine ',
      incomes: [{ label: ' Pay ', category: 'wages', amount: '12.50', frequency: 'weekly' }],
      expenses: [{ label: ' Rent ', category: 'housing', amount: '900', frequency: 'monthly' }],
      goals: [{ name: ' Bike ', target: '350', saved: '0.05', target_date: '2026-06-01' }],
    });
    expect(body).toEqual({
      name: 'Mine',
      incomes: [{ label: 'Pay', category: 'wages', amount_cents: 1_250, frequency: 'weekly' }],
      expenses: [
        { label: 'Rent', category: 'housing', amount_cents: 90_000, frequency: 'monthly' },
      ],
      goals: [{ name: 'Bike', target_cents: 35_000, saved_cents: 5, target_date: '2026-06-01' }],
    });
    expect(bodyToForm(body)).toEqual({
      name: 'Mine',
      incomes: [{ label: 'Pay', category: 'wages', amount: '12.50', frequency: 'weekly' }],
      expenses: [{ label: 'Rent', category: 'housing', amount: '900.00', frequency: 'monthly' }],
      goals: [{ name: 'Bike', target: '350.00', saved: '0.05', target_date: '2026-06-01' }],
    });
  });

  it('reads a budget as the API answers it, and its id from the path', () => {
    const answer: Budget = {
      id: 3,
      name: 'Mine',
      incomes: [],
      expenses: [{ label: 'Rent', category: 'housing', amount_cents: 100, frequency: 'monthly' }],
      goals: [{ name: 'Bike', target_cents: 100, saved_cents: 0, target_date: '2026-06-01' }],
      totals: {
        monthly_income_cents: 0,
        monthly_expenses_cents: 100,
        needs_cents: 100,
        wants_cents: 0,
        savings_cents: 0,
        surplus_cents: -100,
      },
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
    };
    expect(budgetSchema.parse(answer)).toEqual(answer);
    expect(budgetSchema.safeParse({ ...answer, totals: {} }).success).toBe(false);
    expect(budgetSchema.safeParse({ ...answer, goals: [{}] }).success).toBe(false);
    expect(budgetParams.parse({ id: '7' })).toEqual({ id: 7 });
  });
});
