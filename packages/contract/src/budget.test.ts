import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetScenarios } from './budget-scenarios.ts';
import {
  apportionMonthly,
  budgetBodySchema,
  budgetFormSchema,
  bodyToForm,
  EXPENSE_GROUP,
  expenseCategories,
  formToBody,
  frequencies,
  incomeCategories,
  MAX_AMOUNT_CENTS,
  MAX_LINES_PER_KIND,
  monthlyCents,
  monthlyFromYearly,
  monthsUntil,
  summarizeBudget,
  TIMES_PER_YEAR,
  yearlyCents,
  type ExpenseLine,
  type IncomeLine,
} from './budget.ts';

const amount = fc.integer({ min: 0, max: MAX_AMOUNT_CENTS });
const frequency = fc.constantFrom(...frequencies);
const incomeLine = fc.record({
  label: fc.constant('Pay'),
  category: fc.constantFrom(...incomeCategories),
  amount_cents: amount,
  frequency,
}) satisfies fc.Arbitrary<IncomeLine>;
const expenseLine = fc.record({
  label: fc.constant('Thing'),
  category: fc.constantFrom(...expenseCategories),
  amount_cents: amount,
  frequency,
}) satisfies fc.Arbitrary<ExpenseLine>;
const TODAY = '2026-01-15';

describe('frequency conversion (the rule of monthlyFromYearly)', () => {
  it('turns every amount into exact yearly cents: ×52, ×26, ×24, ×12, ×1', () => {
    expect(TIMES_PER_YEAR).toEqual({
      weekly: 52,
      biweekly: 26,
      semimonthly: 24,
      monthly: 12,
      yearly: 1,
    });
    fc.assert(
      fc.property(amount, frequency, (cents, often) => {
        const yearly = yearlyCents(cents, often);
        expect(Number.isSafeInteger(yearly)).toBe(true);
        expect(BigInt(yearly)).toBe(BigInt(cents) * BigInt(TIMES_PER_YEAR[often]));
      }),
    );
  });

  it('makes a monthly figure of yearly ÷ 12 rounded half up, to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (yearly) => {
        const monthly = monthlyFromYearly(yearly);
        expect(Number.isInteger(monthly)).toBe(true);
        // |12 × monthly − yearly| ≤ 6 cents: within half a cent of a twelfth; 6 rounds up.
        const gap = monthly * 12 - yearly;
        expect(gap).toBeGreaterThan(-6);
        expect(gap).toBeLessThanOrEqual(6);
      }),
    );
    expect(monthlyCents(100, 'weekly')).toBe(433); // 5200 / 12 = 433.33
    expect(monthlyCents(1, 'biweekly')).toBe(2); // 26 / 12 = 2.1667
    expect(monthlyCents(1, 'yearly')).toBe(0); // 1 / 12 = 0.083
    expect(monthlyCents(6, 'yearly')).toBe(1); // 0.5 rounds up
    expect(monthlyCents(1999, 'monthly')).toBe(1999);
    expect(monthlyCents(2500, 'semimonthly')).toBe(5000);
  });

  it('keeps monthly totals within half a cent of the exact yearly total, whatever the number of lines', () => {
    fc.assert(
      fc.property(fc.array(expenseLine, { maxLength: MAX_LINES_PER_KIND }), (expenses) => {
        const summary = summarizeBudget({ incomes: [], expenses, goals: [] }, TODAY);
        const yearly = expenses.reduce(
          (sum, line) => sum + yearlyCents(line.amount_cents, line.frequency),
          0,
        );
        expect(Math.abs(summary.monthlyExpensesCents * 12 - yearly)).toBeLessThanOrEqual(6);
        // The sum of rounded line parts may drift by up to half a cent a line, never more.
        const sumOfParts = expenses.reduce(
          (sum, line) => sum + monthlyCents(line.amount_cents, line.frequency),
          0,
        );
        expect(Math.abs(summary.monthlyExpensesCents - sumOfParts)).toBeLessThanOrEqual(
          Math.floor((expenses.length + 1) / 2),
        );
      }),
    );
  });

  it('apportions monthly parts that add up exactly to the monthly total', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e11 }), { maxLength: 25 }), (parts) => {
        const result = apportionMonthly(parts);
        expect(result.parts.reduce((sum, part) => sum + part, 0)).toBe(result.total);
        result.parts.forEach((part, index) => {
          expect(Math.abs(part * 12 - (parts[index] ?? 0))).toBeLessThan(12);
        });
      }),
    );
  });
});

describe('summarizeBudget', () => {
  it('adds up: groups make the expenses, income − expenses is the surplus', () => {
    fc.assert(
      fc.property(
        fc.array(incomeLine, { maxLength: 20 }),
        fc.array(expenseLine, { maxLength: 40 }),
        (incomes, expenses) => {
          const summary = summarizeBudget({ incomes, expenses, goals: [] }, TODAY);
          const { needs, wants, savings } = summary.byGroup;
          expect(needs + wants + savings).toBe(summary.monthlyExpensesCents);
          expect(summary.byCategory.reduce((sum, slice) => sum + slice.cents, 0)).toBe(
            summary.monthlyExpensesCents,
          );
          expect(summary.surplusCents).toBe(
            summary.monthlyIncomeCents - summary.monthlyExpensesCents,
          );
          expect(summary.monthlySavingsCents).toBe(savings + Math.max(0, summary.surplusCents));
        },
      ),
    );
  });

  it('computes the 50/30/20 comparison, savings rate and a deficit', () => {
    const summary = summarizeBudget(
      {
        incomes: [{ label: 'Job', category: 'wages', amount_cents: 100_000, frequency: 'monthly' }],
        expenses: [
          { label: 'Rent', category: 'housing', amount_cents: 60_000, frequency: 'monthly' },
          { label: 'Fun', category: 'entertainment', amount_cents: 25_000, frequency: 'monthly' },
          { label: 'Save', category: 'savings', amount_cents: 5_000, frequency: 'monthly' },
        ],
        goals: [],
      },
      TODAY,
    );
    expect(summary.monthlyIncomeCents).toBe(100_000);
    expect(summary.monthlyExpensesCents).toBe(90_000);
    expect(summary.surplusCents).toBe(10_000);
    expect(summary.monthlySavingsCents).toBe(15_000);
    expect(summary.savingsRate).toBeCloseTo(0.15);
    expect(summary.rule.needs).toEqual({
      targetCents: 50_000,
      actualCents: 60_000,
      actualRatio: 0.6,
    });
    expect(summary.rule.wants).toEqual({
      targetCents: 30_000,
      actualCents: 25_000,
      actualRatio: 0.25,
    });
    expect(summary.rule.savings.targetCents).toBe(20_000);
    expect(summary.byCategory[0]).toEqual({ category: 'housing', cents: 60_000 });

    const deficit = summarizeBudget(
      {
        incomes: [],
        expenses: [
          { label: 'Snacks', category: 'dining_out', amount_cents: 500, frequency: 'weekly' },
        ],
        goals: [],
      },
      TODAY,
    );
    expect(deficit.surplusCents).toBe(-2167); // 26000 / 12 = 2166.67
    expect(deficit.savingsRate).toBeNull();
    expect(deficit.monthlySavingsCents).toBe(0);
  });

  it('projects each goal 12 months ahead with an equal share of the money saved', () => {
    const summary = summarizeBudget(
      {
        incomes: [{ label: 'Job', category: 'wages', amount_cents: 10_001, frequency: 'monthly' }],
        expenses: [],
        goals: [
          { name: 'Bike', target_cents: 30_000, saved_cents: 5_000, target_date: '2026-06-15' },
          { name: 'Trip', target_cents: 200_000, saved_cents: 0, target_date: '2025-01-01' },
          { name: 'Done', target_cents: 100, saved_cents: 100, target_date: '2027-01-01' },
        ],
      },
      TODAY,
    );
    const [bike, trip, done] = summary.goals;
    expect(bike!.monthlyShareCents + trip!.monthlyShareCents + done!.monthlyShareCents).toBe(
      10_001,
    );
    expect(bike!.monthlyShareCents).toBe(3_334);
    expect(bike!.balances).toHaveLength(12);
    expect(bike!.balances[0]).toBe(8_334);
    expect(bike!.reachedInMonth).toBe(8); // 5000 + 8 × 3334 = 31672 ≥ 30000
    expect(bike!.neededPerMonthCents).toBe(5_000); // 25000 over 5 months
    expect(bike!.onTrack).toBe(false);
    expect(trip!.neededPerMonthCents).toBeNull(); // its date has passed
    expect(trip!.reachedInMonth).toBeNull();
    expect(done!.reachedInMonth).toBe(0);
    expect(done!.onTrack).toBe(true);
  });

  it('counts months to a date, a started month counting as one', () => {
    expect(monthsUntil('2026-01-15', '2026-06-15')).toBe(5);
    expect(monthsUntil('2026-01-15', '2026-06-16')).toBe(6);
    expect(monthsUntil('2026-01-15', '2025-12-31')).toBe(0);
  });
});

describe('schemas', () => {
  it('gives every expense category a 50/30/20 group', () => {
    for (const category of expenseCategories) {
      expect(['needs', 'wants', 'savings']).toContain(EXPENSE_GROUP[category]);
    }
  });

  it('refuses bad lines with clear messages', () => {
    const result = budgetBodySchema.safeParse({
      name: '',
      incomes: [{ label: 'x', category: 'wages', amount_cents: -1, frequency: 'daily' }],
      expenses: [{ label: 'y', category: 'housing', amount_cents: 1.5, frequency: 'monthly' }],
      goals: [{ name: 'z', target_cents: 100, target_date: '2026-02-30' }],
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        'name: Give the budget a name.',
        'incomes.0.amount_cents: An amount cannot be negative.',
        'incomes.0.frequency: Choose weekly, every two weeks, twice a month, monthly or yearly.',
        'expenses.0.amount_cents: Send the amount as a whole number of cents.',
        'goals.0.target_date: Enter a date as YYYY-MM-DD.',
      ]),
    );
  });

  it('reads dollars typed in the form as exact cents, and back', () => {
    fc.assert(
      fc.property(amount, (cents) => {
        const form = bodyToForm({
          name: 'B',
          incomes: [{ label: 'a', category: 'wages', amount_cents: cents, frequency: 'weekly' }],
          expenses: [],
          goals: [],
        });
        expect(budgetFormSchema.safeParse(form).success).toBe(true);
        expect(formToBody(form).incomes[0]!.amount_cents).toBe(cents);
      }),
    );
    const form = budgetFormSchema.safeParse({
      name: 'B',
      incomes: [{ label: 'a', category: 'wages', amount: '12.345', frequency: 'weekly' }],
      expenses: [],
      goals: [],
    });
    expect(form.success).toBe(false);
  });

  it('has starter scenarios that are valid budgets', () => {
    expect(budgetScenarios.length).toBeGreaterThanOrEqual(3);
    for (const scenario of budgetScenarios) {
      const body = budgetBodySchema.parse({
        name: scenario.id,
        incomes: scenario.incomes.map((line) => ({
          label: line.key,
          category: line.category,
          amount_cents: line.amountCents,
          frequency: line.frequency,
        })),
        expenses: scenario.expenses.map((line) => ({
          label: line.key,
          category: line.category,
          amount_cents: line.amountCents,
          frequency: line.frequency,
        })),
        goals: scenario.goals.map((goal) => ({
          name: goal.key,
          target_cents: goal.targetCents,
          saved_cents: goal.savedCents,
          target_date: '2027-01-01',
        })),
      });
      const summary = summarizeBudget(body, TODAY);
      expect(summary.monthlyIncomeCents).toBeGreaterThan(0);
      expect(summary.monthlyExpensesCents).toBeGreaterThan(0);
      expect(summary.surplusCents).toBeGreaterThanOrEqual(0);
      // Something to save for, not reached yet, some months ahead.
      expect(scenario.goals.length).toBeGreaterThan(0);
      for (const goal of scenario.goals) {
        expect(goal.savedCents).toBeLessThan(goal.targetCents);
        expect(goal.monthsAhead).toBeGreaterThan(0);
      }
      // Each line's words are found by its key: one key, one line.
      const keys = [...scenario.incomes, ...scenario.expenses].map((line) => line.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
    const ids = budgetScenarios.map((scenario) => scenario.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
