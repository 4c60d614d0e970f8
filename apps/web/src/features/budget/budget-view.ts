import Papa from 'papaparse';
import {
  dollarsOfCents,
  EXPENSE_GROUP,
  formToBody,
  monthlyCents,
  summarizeBudget,
  type BudgetBody,
  type BudgetForm,
  type BudgetGroup,
  type ExpenseCategory,
  type IncomeCategory,
  type BudgetSummary,
  type Frequency,
} from '@bullpen/contract/budget';
import type { Scenario } from '@bullpen/contract/budget-scenarios';

/**
 * The budget page's pure parts: what the live summary is computed from, a starter scenario as
 * form values, and the CSV export. The maths itself is the contract's (`summarizeBudget`), so
 * the page shows the same cents the server would.
 */

/** Today in the student's own zone, as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A YYYY-MM-DD date `months` later (the day kept, or the month's last day when shorter). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${targetYear}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

/**
 * The summary of what the form holds right now, while the student types: an amount that is
 * not (yet) money counts as $0.00 and a missing line part is skipped, so the totals never
 * jump to an error.
 */
export function summarizeForm(values: Partial<BudgetForm> | undefined, today: string) {
  const complete: BudgetForm = {
    name: values?.name ?? '',
    incomes: (values?.incomes ?? []).filter((line) => line?.category && line.frequency),
    expenses: (values?.expenses ?? []).filter((line) => line?.category && line.frequency),
    goals: (values?.goals ?? []).filter(Boolean).map((goal) => ({
      name: goal.name ?? '',
      target: goal.target ?? '',
      saved: goal.saved ?? '',
      target_date: goal.target_date ?? '',
    })),
  };
  return summarizeBudget(formToBody(complete), today);
}

/** A starter scenario as form values, its words in the student's language. */
export function scenarioToForm(
  scenario: Scenario,
  words: { name: string; line: (key: string) => string; goal: (key: string) => string },
  today: string,
): BudgetForm {
  return {
    name: words.name,
    incomes: scenario.incomes.map((item) => ({
      label: words.line(item.key),
      category: item.category,
      amount: dollarsOfCents(item.amountCents),
      frequency: item.frequency,
    })),
    expenses: scenario.expenses.map((item) => ({
      label: words.line(item.key),
      category: item.category,
      amount: dollarsOfCents(item.amountCents),
      frequency: item.frequency,
    })),
    goals: scenario.goals.map((goal) => ({
      name: words.goal(goal.key),
      target: dollarsOfCents(goal.targetCents),
      saved: dollarsOfCents(goal.savedCents),
      target_date: addMonths(today, goal.monthsAhead),
    })),
  };
}

export interface CsvWords {
  header: {
    section: string;
    label: string;
    category: string;
    group: string;
    amount: string;
    frequency: string;
    monthly: string;
  };
  income: string;
  expense: string;
  total: string;
  goal: string;
  target: string;
  saved: string;
  date: string;
  surplus: string;
  savingsRate: string;
  incomeCategory: (category: IncomeCategory) => string;
  expenseCategory: (category: ExpenseCategory) => string;
  group: (group: BudgetGroup) => string;
  frequency: (frequency: Frequency) => string;
}

/** A cell a spreadsheet could run: =, +, @, tab or return first, or - not followed by a plain number. */
const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?%?$))/;

const money = (cents: number) => (cents < 0 ? `-${dollarsOfCents(-cents)}` : dollarsOfCents(cents));

/**
 * The budget as CSV: one row per line with its monthly cents, the monthly totals, then the
 * goals. Amounts are plain dollars ("1234.50") for spreadsheets. Every text a person typed may
 * start with `=`, `+`, `-` or `@`; papaparse's `escapeFormulae` prefixes such a cell with `'`
 * so a spreadsheet shows it as text and never runs it as a formula. A plain negative amount
 * ("-41.66", a deficit) is a number, not a formula, and stays as it is.
 */
export function budgetCsv(body: BudgetBody, summary: BudgetSummary, words: CsvWords): string {
  const { header } = words;
  const columns = [
    header.section,
    header.label,
    header.category,
    header.group,
    header.amount,
    header.frequency,
    header.monthly,
  ];
  const rows: string[][] = [
    ...body.incomes.map((line) => [
      words.income,
      line.label,
      words.incomeCategory(line.category),
      '',
      money(line.amount_cents),
      words.frequency(line.frequency),
      money(monthlyCents(line.amount_cents, line.frequency)),
    ]),
    ...body.expenses.map((line) => [
      words.expense,
      line.label,
      words.expenseCategory(line.category),
      words.group(EXPENSE_GROUP[line.category]),
      money(line.amount_cents),
      words.frequency(line.frequency),
      money(monthlyCents(line.amount_cents, line.frequency)),
    ]),
    [words.total, words.income, '', '', '', '', money(summary.monthlyIncomeCents)],
    [words.total, words.expense, '', '', '', '', money(summary.monthlyExpensesCents)],
    [words.total, words.surplus, '', '', '', '', money(summary.surplusCents)],
    [
      words.total,
      words.savingsRate,
      '',
      '',
      '',
      '',
      summary.savingsRate === null ? '' : `${(summary.savingsRate * 100).toFixed(2)}%`,
    ],
    ...body.goals.map((goal) => [
      words.goal,
      goal.name,
      `${words.target} ${money(goal.target_cents)}`,
      `${words.saved} ${money(goal.saved_cents)}`,
      '',
      `${words.date} ${goal.target_date}`,
      '',
    ]),
  ];
  return Papa.unparse({ fields: columns, data: rows }, { escapeFormulae: FORMULA_START });
}

/** A file name for the export: the budget's name, safe on every system. */
export function csvFileName(name: string): string {
  const safe = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${safe || 'budget'}.csv`;
}
