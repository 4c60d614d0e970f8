import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { budgetFormSchema, formToBody, summarizeBudget } from '@bullpen/contract/budget';
import { budgetScenarios } from '@bullpen/contract/budget-scenarios';
import {
  addMonths,
  budgetCsv,
  csvFileName,
  localToday,
  scenarioToForm,
  summarizeForm,
  type CsvWords,
} from './budget-view.ts';

const words: CsvWords = {
  header: {
    section: 'Section',
    label: 'Line',
    category: 'Category',
    group: 'Group',
    amount: 'Amount',
    frequency: 'How often',
    monthly: 'Monthly',
  },
  income: 'Income',
  expense: 'Expense',
  total: 'Total',
  goal: 'Goal',
  target: 'Target',
  saved: 'Saved',
  date: 'Date',
  surplus: 'Left over',
  savingsRate: 'Savings rate',
  incomeCategory: (category) => `income:${category}`,
  expenseCategory: (category) => `expense:${category}`,
  group: (group) => `group:${group}`,
  frequency: (frequency) => `every:${frequency}`,
};

describe('summarizeForm (what the page recomputes as the student types)', () => {
  it('counts an amount that is not money yet as $0.00 and never throws', () => {
    const summary = summarizeForm(
      {
        name: 'x',
        incomes: [
          { label: 'Pay', category: 'wages', amount: '100.00', frequency: 'weekly' },
          { label: 'Half typed', category: 'gifts', amount: '12.', frequency: 'monthly' },
        ],
        expenses: [
          { label: 'Rent', category: 'housing', amount: 'abc', frequency: 'monthly' },
          { label: 'Phone', category: 'phone', amount: '25', frequency: 'monthly' },
        ],
        goals: [{ name: 'Bike', target: '300', saved: '', target_date: '2026-1' }],
      },
      '2026-01-15',
    );
    expect(summary.monthlyIncomeCents).toBe(43_333); // 5200.00 × 100 / 12
    expect(summary.monthlyExpensesCents).toBe(2_500);
    expect(summary.surplusCents).toBe(40_833);
    expect(summary.goals[0]?.neededPerMonthCents).toBeNull();
  });

  it('is the contract summary of the saved body, to the cent', () => {
    const scenario = budgetScenarios.find((item) => item.id === 'firstApartment')!;
    const form = scenarioToForm(
      scenario,
      { name: 'First apartment', line: (key) => key, goal: (key) => key },
      '2026-01-15',
    );
    expect(budgetFormSchema.safeParse(form).success).toBe(true);
    const fromForm = summarizeForm(form, '2026-01-15');
    expect(fromForm).toEqual(summarizeBudget(formToBody(form), '2026-01-15'));
    // $1,136.50 every two weeks = $29,549.00 a year = $2,462.42 a month (2462.4166… half up).
    expect(fromForm.monthlyIncomeCents).toBe(246_242);
  });
});

describe('scenarioToForm', () => {
  it('fills the form with words in the student language and goal dates from today', () => {
    const scenario = budgetScenarios.find((item) => item.id === 'firstJob')!;
    const form = scenarioToForm(
      scenario,
      { name: 'Mi primer trabajo', line: (key) => `línea ${key}`, goal: (key) => `meta ${key}` },
      '2026-01-31',
    );
    expect(form.name).toBe('Mi primer trabajo');
    expect(form.incomes[0]).toEqual({
      label: 'línea paycheck',
      category: 'wages',
      amount: '265.96',
      frequency: 'biweekly',
    });
    expect(form.goals[0]).toMatchObject({ name: 'meta car', target: '3000.00', saved: '400.00' });
    expect(form.goals[0]?.target_date).toBe('2027-07-31');
  });

  it('adds months keeping the day, or the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('budgetCsv', () => {
  const body = {
    name: 'Mine',
    incomes: [
      {
        label: 'Pay',
        category: 'wages' as const,
        amount_cents: 26_596,
        frequency: 'biweekly' as const,
      },
    ],
    expenses: [
      {
        label: '=HYPERLINK("http://evil.test","click")',
        category: 'shopping' as const,
        amount_cents: 1_999,
        frequency: 'monthly' as const,
      },
      {
        label: '-2+cmd|calc',
        category: 'hobbies' as const,
        amount_cents: 0,
        frequency: 'yearly' as const,
      },
      {
        label: '+1 snack, "big"',
        category: 'dining_out' as const,
        amount_cents: 500,
        frequency: 'weekly' as const,
      },
    ],
    goals: [{ name: '@goal', target_cents: 30_000, saved_cents: 0, target_date: '2026-12-31' }],
  };

  it('writes lines, monthly totals and goals, and never a formula', () => {
    const csv = budgetCsv(body, summarizeBudget(body, '2026-01-15'), words);
    const rows = Papa.parse<string[]>(csv).data;
    expect(rows[0]).toEqual([
      'Section',
      'Line',
      'Category',
      'Group',
      'Amount',
      'How often',
      'Monthly',
    ]);
    expect(rows[1]).toEqual([
      'Income',
      'Pay',
      'income:wages',
      '',
      '265.96',
      'every:biweekly',
      '576.25',
    ]);
    expect(rows[2]).toEqual([
      'Expense',
      `'=HYPERLINK("http://evil.test","click")`,
      'expense:shopping',
      'group:wants',
      '19.99',
      'every:monthly',
      '19.99',
    ]);
    expect(rows[3]?.[1]).toBe(`'-2+cmd|calc`);
    expect(rows[4]?.[1]).toBe(`'+1 snack, "big"`);
    expect(rows).toContainEqual(['Total', 'Income', '', '', '', '', '576.25']);
    expect(rows).toContainEqual(['Total', 'Expense', '', '', '', '', '41.66']);
    expect(rows).toContainEqual(['Total', 'Left over', '', '', '', '', '534.59']);
    expect(rows.find((row) => row[0] === 'Goal')?.[1]).toBe(`'@goal`);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('writes a deficit with a minus sign and names the file safely', () => {
    const deficit = { ...body, incomes: [] };
    const rows = Papa.parse<string[]>(
      budgetCsv(deficit, summarizeBudget(deficit, '2026-01-15'), words),
    ).data;
    // A plain negative amount is a number, not a formula: it stays a number for the spreadsheet.
    expect(rows).toContainEqual(['Total', 'Left over', '', '', '', '', '-41.66']);
    expect(csvFileName('My budget: 2026/27!')).toBe('My-budget-202627.csv');
    expect(csvFileName('***')).toBe('budget.csv');
  });
});
