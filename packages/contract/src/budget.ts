import { z } from 'zod';
import { dateField as calendarDateField, idField } from './input.ts';
import { basisPointsOf, parseDollarsToCents, prorateCents } from './money.ts';
import { pageSchema } from './pagination.ts';

/**
 * Master budget (spec section 7 "Budget", route /budgeting): a student's named budget of
 * recurring incomes and expenses and savings goals. The API schemas, the form schemas, the one
 * frequency conversion and the summary maths live here, so the server and the web app compute
 * the same cents.
 */

// ---------------------------------------------------------------------------------------------
// Limits

export const MAX_BUDGETS_PER_USER = 20;
export const MAX_LINES_PER_KIND = 100;
export const MAX_GOALS = 20;
export const MAX_BUDGET_NAME_LENGTH = 80;
export const MAX_LINE_LABEL_LENGTH = 80;
/** $1,000,000.00 per period: enough for any family budget, small enough to stay exact. */
export const MAX_AMOUNT_CENTS = 100_000_000;
/** How many months the goal projection looks ahead. */
export const PROJECTION_MONTHS = 12;

// ---------------------------------------------------------------------------------------------
// Frequencies and the one conversion

export const frequencies = ['weekly', 'biweekly', 'semimonthly', 'monthly', 'yearly'] as const;
export type Frequency = (typeof frequencies)[number];

/** How many times a year an amount of each frequency is paid. */
export const TIMES_PER_YEAR: Record<Frequency, number> = {
  weekly: 52,
  biweekly: 26,
  semimonthly: 24,
  monthly: 12,
  yearly: 1,
};

export const MONTHS_PER_YEAR = 12;

/**
 * An amount paid at a frequency, as the exact cents it makes in a year: weekly ×52, every two
 * weeks ×26, twice a month ×24, monthly ×12, yearly ×1. Always an exact integer.
 */
export function yearlyCents(amountCents: number, frequency: Frequency): number {
  const yearly = amountCents * TIMES_PER_YEAR[frequency];
  if (!Number.isSafeInteger(yearly)) throw new RangeError(`Not exact: ${amountCents} cents`);
  return yearly;
}

/**
 * The rule for every monthly figure of a budget:
 * 1. each line becomes its exact yearly cents (`yearlyCents`);
 * 2. lines are summed exactly, per year;
 * 3. a yearly sum becomes a monthly figure once, at the end: yearly ÷ 12 rounded half up to
 *    the cent. So a monthly total is never off by more than half a cent from a twelfth of the
 *    exact yearly total, and never drifts with the number of lines; it differs from the sum of
 *    the lines' own monthly figures (each rounded once) by at most half a cent per line plus
 *    half a cent.
 * When several monthly figures must add up to a monthly total (needs + wants + savings, the
 * slices of the pie), `apportionMonthly` shares the total's cents out by largest remainder.
 */
export function monthlyFromYearly(yearly: number): number {
  return prorateCents(yearly, 1, MONTHS_PER_YEAR);
}

/** One line's monthly cents (yearly, then ÷12 half up: the rule of `monthlyFromYearly`). */
export function monthlyCents(amountCents: number, frequency: Frequency): number {
  return monthlyFromYearly(yearlyCents(amountCents, frequency));
}

/**
 * Monthly figures for several exact yearly parts that add up exactly to the monthly total of
 * their sum: each part gets its twelfth rounded down, and the cents left over go one each to
 * the parts with the largest remainders (the earlier part first on a tie).
 */
export function apportionMonthly(yearlyParts: readonly number[]): {
  total: number;
  parts: number[];
} {
  const yearlyTotal = yearlyParts.reduce((sum, part) => sum + part, 0);
  const total = monthlyFromYearly(yearlyTotal);
  const parts = yearlyParts.map((part) => Math.floor(part / MONTHS_PER_YEAR));
  let left = total - parts.reduce((sum, part) => sum + part, 0);
  // The cents left over never outnumber the parts with a remainder: a part with none gets none.
  // Array sorts are stable: on a tie, the earlier part comes first.
  const order = yearlyParts
    .map((part, index) => ({ index, remainder: part % MONTHS_PER_YEAR }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return { total, parts };
}

// ---------------------------------------------------------------------------------------------
// Categories

export const incomeCategories = [
  'wages',
  'allowance',
  'side_gig',
  'gifts',
  'other_income',
] as const;
export type IncomeCategory = (typeof incomeCategories)[number];

export const budgetGroups = ['needs', 'wants', 'savings'] as const;
export type BudgetGroup = (typeof budgetGroups)[number];

/** Every expense category and its 50/30/20 group. */
export const EXPENSE_GROUP = {
  housing: 'needs',
  utilities: 'needs',
  groceries: 'needs',
  transportation: 'needs',
  phone: 'needs',
  insurance: 'needs',
  health: 'needs',
  school: 'needs',
  debt_minimum: 'needs',
  dining_out: 'wants',
  entertainment: 'wants',
  shopping: 'wants',
  subscriptions: 'wants',
  hobbies: 'wants',
  gifts_given: 'wants',
  travel: 'wants',
  other_want: 'wants',
  emergency_fund: 'savings',
  savings: 'savings',
  investing: 'savings',
  debt_extra: 'savings',
} as const satisfies Record<string, BudgetGroup>;
export type ExpenseCategory = keyof typeof EXPENSE_GROUP;
export const expenseCategories = Object.keys(EXPENSE_GROUP) as [
  ExpenseCategory,
  ...ExpenseCategory[],
];

/** The 50/30/20 rule, in basis points of monthly income. */
export const GROUP_TARGET_BASIS_POINTS: Record<BudgetGroup, number> = {
  needs: 5000,
  wants: 3000,
  savings: 2000,
};

// ---------------------------------------------------------------------------------------------
// Messages

export const budgetMessages = {
  notFound: 'Budget not found.',
  tooManyBudgets: `You can keep at most ${MAX_BUDGETS_PER_USER} budgets. Delete one to make a new one.`,
  nameRequired: 'Give the budget a name.',
  nameTooLong: `Use at most ${MAX_BUDGET_NAME_LENGTH} characters.`,
  labelRequired: 'Say what this line is for.',
  labelTooLong: `Use at most ${MAX_LINE_LABEL_LENGTH} characters.`,
  goalNameRequired: 'Give the goal a name.',
  unknownFrequency: 'Choose weekly, every two weeks, twice a month, monthly or yearly.',
  unknownCategory: 'Choose one of the categories.',
  centsWhole: 'Send the amount as a whole number of cents.',
  centsNegative: 'An amount cannot be negative.',
  centsTooLarge: 'Enter at most $1,000,000.00.',
  amountFormat: 'Enter an amount in dollars, like 12.50.',
  targetPositive: 'A goal needs a target above $0.00.',
  tooManyLines: `Use at most ${MAX_LINES_PER_KIND} lines.`,
  tooManyGoals: `Use at most ${MAX_GOALS} goals.`,
  dateFormat: 'Enter a date as YYYY-MM-DD.',
  required: 'Required',
} as const;

// ---------------------------------------------------------------------------------------------
// API schemas

const typeOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? budgetMessages.required : message;

const nameField = z
  .string({ error: typeOr(budgetMessages.nameRequired) })
  .trim()
  .min(1, budgetMessages.nameRequired)
  .max(MAX_BUDGET_NAME_LENGTH, budgetMessages.nameTooLong);

const labelField = z
  .string({ error: typeOr(budgetMessages.labelRequired) })
  .trim()
  .min(1, budgetMessages.labelRequired)
  .max(MAX_LINE_LABEL_LENGTH, budgetMessages.labelTooLong);

export const frequencySchema = z.enum(frequencies, {
  error: typeOr(budgetMessages.unknownFrequency),
});

const centsField = z
  .number({ error: typeOr(budgetMessages.centsWhole) })
  .int(budgetMessages.centsWhole)
  .min(0, budgetMessages.centsNegative)
  .max(MAX_AMOUNT_CENTS, budgetMessages.centsTooLarge);

/** A calendar date, YYYY-MM-DD, that exists. */
export const dateField = calendarDateField(typeOr(budgetMessages.dateFormat));

export const incomeLineSchema = z.strictObject({
  label: labelField,
  category: z.enum(incomeCategories, { error: typeOr(budgetMessages.unknownCategory) }),
  amount_cents: centsField,
  frequency: frequencySchema,
});
export type IncomeLine = z.infer<typeof incomeLineSchema>;

export const expenseLineSchema = z.strictObject({
  label: labelField,
  category: z.enum(expenseCategories, { error: typeOr(budgetMessages.unknownCategory) }),
  amount_cents: centsField,
  frequency: frequencySchema,
});
export type ExpenseLine = z.infer<typeof expenseLineSchema>;

export const savingsGoalSchema = z.strictObject({
  name: z
    .string({ error: typeOr(budgetMessages.goalNameRequired) })
    .trim()
    .min(1, budgetMessages.goalNameRequired)
    .max(MAX_LINE_LABEL_LENGTH, budgetMessages.labelTooLong),
  target_cents: centsField.min(1, budgetMessages.targetPositive),
  saved_cents: centsField.default(0),
  target_date: dateField,
});
export type SavingsGoal = z.infer<typeof savingsGoalSchema>;

/** POST and PUT /api/recurring/master-budgets/: the whole budget (a PUT replaces it all). */
export const budgetBodySchema = z.strictObject({
  name: nameField,
  incomes: z
    .array(incomeLineSchema, { error: typeOr('Send a list of incomes.') })
    .max(MAX_LINES_PER_KIND, budgetMessages.tooManyLines)
    .default([]),
  expenses: z
    .array(expenseLineSchema, { error: typeOr('Send a list of expenses.') })
    .max(MAX_LINES_PER_KIND, budgetMessages.tooManyLines)
    .default([]),
  goals: z
    .array(savingsGoalSchema, { error: typeOr('Send a list of goals.') })
    .max(MAX_GOALS, budgetMessages.tooManyGoals)
    .default([]),
});
export type BudgetBody = z.output<typeof budgetBodySchema>;
export type BudgetBodyInput = z.input<typeof budgetBodySchema>;

export const budgetParams = z.object({ id: idField });

export const budgetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  incomes: z.array(incomeLineSchema),
  expenses: z.array(expenseLineSchema),
  goals: z.array(
    z.object({
      name: z.string(),
      target_cents: z.number().int(),
      saved_cents: z.number().int(),
      target_date: z.string(),
    }),
  ),
  /** The monthly figures of `summarizeBudget`, computed by the server from the saved lines. */
  totals: z.object({
    monthly_income_cents: z.number().int(),
    monthly_expenses_cents: z.number().int(),
    needs_cents: z.number().int(),
    wants_cents: z.number().int(),
    savings_cents: z.number().int(),
    surplus_cents: z.number().int(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Budget = z.infer<typeof budgetSchema>;
export type BudgetTotals = Budget['totals'];

/** The monthly money of a budget as the API answers it (no goals: they need a date). */
export function budgetTotals(budget: Pick<BudgetBody, 'incomes' | 'expenses'>): BudgetTotals {
  const summary = summarizeBudget({ ...budget, goals: [] }, '2000-01-01');
  return {
    monthly_income_cents: summary.monthlyIncomeCents,
    monthly_expenses_cents: summary.monthlyExpensesCents,
    needs_cents: summary.byGroup.needs,
    wants_cents: summary.byGroup.wants,
    savings_cents: summary.byGroup.savings,
    surplus_cents: summary.surplusCents,
  };
}

export const budgetPageSchema = pageSchema(budgetSchema);

// ---------------------------------------------------------------------------------------------
// The form: dollars typed as text, turned into cents exactly (string parsing, no float)

const dollarsField = z
  .string({ error: budgetMessages.amountFormat })
  .trim()
  .refine((text) => parseDollarsToCents(text) !== null, budgetMessages.amountFormat)
  .refine(
    (text) => (parseDollarsToCents(text) ?? 0) <= MAX_AMOUNT_CENTS,
    budgetMessages.centsTooLarge,
  );

/** Cents of a form's dollar text; 0 while the text is not (yet) an amount. */
export function centsOfDollars(text: string): number {
  const cents = parseDollarsToCents(text);
  return cents === null ? 0 : Math.min(cents, MAX_AMOUNT_CENTS);
}

/** Cents as the form shows them: "12.50" (no currency sign, no thousands separator). */
export function dollarsOfCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const formLine = <Category extends z.ZodType>(category: Category) =>
  z.object({
    label: labelField,
    category,
    amount: dollarsField,
    frequency: frequencySchema,
  });

export const budgetFormSchema = z.object({
  name: nameField,
  incomes: z.array(formLine(z.enum(incomeCategories))).max(MAX_LINES_PER_KIND),
  expenses: z.array(formLine(z.enum(expenseCategories))).max(MAX_LINES_PER_KIND),
  goals: z
    .array(
      z.object({
        name: savingsGoalSchema.shape.name,
        target: dollarsField.refine(
          (text) => (parseDollarsToCents(text) ?? 0) > 0,
          budgetMessages.targetPositive,
        ),
        saved: dollarsField,
        target_date: dateField,
      }),
    )
    .max(MAX_GOALS),
});
export type BudgetForm = z.infer<typeof budgetFormSchema>;

/** The form's values as the API body (lenient: unparsable amounts count as 0). */
export function formToBody(form: BudgetForm): BudgetBody {
  return {
    name: form.name.trim(),
    incomes: form.incomes.map((line) => ({
      label: line.label.trim(),
      category: line.category,
      amount_cents: centsOfDollars(line.amount),
      frequency: line.frequency,
    })),
    expenses: form.expenses.map((line) => ({
      label: line.label.trim(),
      category: line.category,
      amount_cents: centsOfDollars(line.amount),
      frequency: line.frequency,
    })),
    goals: form.goals.map((goal) => ({
      name: goal.name.trim(),
      target_cents: centsOfDollars(goal.target),
      saved_cents: centsOfDollars(goal.saved),
      target_date: goal.target_date,
    })),
  };
}

export function bodyToForm(body: BudgetBody | Budget): BudgetForm {
  return {
    name: body.name,
    incomes: body.incomes.map((line) => ({
      label: line.label,
      category: line.category,
      amount: dollarsOfCents(line.amount_cents),
      frequency: line.frequency,
    })),
    expenses: body.expenses.map((line) => ({
      label: line.label,
      category: line.category,
      amount: dollarsOfCents(line.amount_cents),
      frequency: line.frequency,
    })),
    goals: body.goals.map((goal) => ({
      name: goal.name,
      target: dollarsOfCents(goal.target_cents),
      saved: dollarsOfCents(goal.saved_cents),
      target_date: goal.target_date,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// The summary

export type GoalProjection = {
  name: string;
  targetCents: number;
  savedCents: number;
  targetDate: string;
  /** What goes to this goal each month: its equal share of the money saved. */
  monthlyShareCents: number;
  /** What it would take each month to reach the target by its date (null: date passed). */
  neededPerMonthCents: number | null;
  /** Balance at the end of months 1..12 (no cap: a reached goal keeps growing). */
  balances: number[];
  /** The first month (1..12) the balance reaches the target; 0 if already; null if not in 12. */
  reachedInMonth: number | null;
  onTrack: boolean;
};

export type BudgetSummary = {
  monthlyIncomeCents: number;
  monthlyExpensesCents: number;
  byGroup: Record<BudgetGroup, number>;
  /** Income − expenses, per month (negative: a deficit). */
  surplusCents: number;
  /**
   * What is kept each month, as a share of income: savings-group lines plus any surplus.
   * Null without income.
   */
  savingsRate: number | null;
  /** 50/30/20: the target cents of each group and the actual share of income (savings incl. surplus). */
  rule: Record<
    BudgetGroup,
    { targetCents: number; actualCents: number; actualRatio: number | null }
  >;
  /** Monthly cents per expense category with any spending, largest first (the pie). */
  byCategory: { category: ExpenseCategory; cents: number }[];
  /** Money going to goals each month: savings-group lines plus any surplus. */
  monthlySavingsCents: number;
  goals: GoalProjection[];
};

type Line = { amount_cents: number; frequency: Frequency };

function yearlySum(lines: readonly Line[]): number {
  return lines.reduce((sum, line) => sum + yearlyCents(line.amount_cents, line.frequency), 0);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whole months from `from` to `to` (YYYY-MM-DD), counting a started month; 0 when passed. */
export function monthsUntil(from: string, to: string): number {
  // A date still being typed in the form counts as passed.
  if (!ISO_DATE.test(from) || !ISO_DATE.test(to)) return 0;
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const months = (ty - fy) * 12 + (tm - fm) + (td > fd ? 1 : 0);
  return Math.max(0, months);
}

function shareEqually(cents: number, count: number): number[] {
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: no goals, no shares: Array.from makes none either.
  if (count === 0) return [];
  const base = Math.floor(cents / count);
  const extra = cents - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < extra ? 1 : 0));
}

function projectGoal(goal: SavingsGoal, share: number, today: string): GoalProjection {
  const balances = Array.from(
    { length: PROJECTION_MONTHS },
    (_, index) => goal.saved_cents + share * (index + 1),
  );
  const missing = Math.max(0, goal.target_cents - goal.saved_cents);
  const months = monthsUntil(today, goal.target_date);
  const neededPerMonthCents = missing === 0 ? 0 : months === 0 ? null : Math.ceil(missing / months);
  const firstReached = balances.findIndex((balance) => balance >= goal.target_cents);
  return {
    name: goal.name,
    targetCents: goal.target_cents,
    savedCents: goal.saved_cents,
    targetDate: goal.target_date,
    monthlyShareCents: share,
    neededPerMonthCents,
    balances,
    reachedInMonth: missing === 0 ? 0 : firstReached === -1 ? null : firstReached + 1,
    onTrack: neededPerMonthCents !== null && share >= neededPerMonthCents,
  };
}

function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/**
 * Everything the budget page shows, from the budget's lines: monthly income, expenses by
 * 50/30/20 group and by category, surplus or deficit, savings rate, the 50/30/20 targets
 * against the actual, and a 12-month projection of each goal from `today` (YYYY-MM-DD). Money
 * follows the rule of `monthlyFromYearly`; the money saved each month is shared equally
 * between the goals.
 */
export function summarizeBudget(
  budget: Pick<BudgetBody, 'incomes' | 'expenses' | 'goals'>,
  today: string,
): BudgetSummary {
  const monthlyIncomeCents = monthlyFromYearly(yearlySum(budget.incomes));
  const groupYearly = budgetGroups.map((group) =>
    yearlySum(budget.expenses.filter((line) => EXPENSE_GROUP[line.category] === group)),
  );
  const groups = apportionMonthly(groupYearly);
  const byGroup = Object.fromEntries(
    budgetGroups.map((group, index) => [group, groups.parts[index] ?? 0]),
  ) as Record<BudgetGroup, number>;
  const monthlyExpensesCents = groups.total;
  const surplusCents = monthlyIncomeCents - monthlyExpensesCents;
  const monthlySavingsCents = byGroup.savings + Math.max(0, surplusCents);

  const actual: Record<BudgetGroup, number> = { ...byGroup, savings: monthlySavingsCents };
  const rule = Object.fromEntries(
    budgetGroups.map((group) => [
      group,
      {
        targetCents: basisPointsOf(monthlyIncomeCents, GROUP_TARGET_BASIS_POINTS[group], 'half-up'),
        actualCents: actual[group],
        actualRatio: ratio(actual[group], monthlyIncomeCents),
      },
    ]),
  ) as BudgetSummary['rule'];

  const categories = apportionMonthly(
    expenseCategories.map((category) =>
      yearlySum(budget.expenses.filter((line) => line.category === category)),
    ),
  );
  const byCategory = expenseCategories
    .map((category, index) => ({ category, cents: categories.parts[index] ?? 0 }))
    .filter(({ cents }) => cents > 0)
    .sort((a, b) => b.cents - a.cents);

  const shares = shareEqually(monthlySavingsCents, budget.goals.length);
  return {
    monthlyIncomeCents,
    monthlyExpensesCents,
    byGroup,
    surplusCents,
    savingsRate: ratio(monthlySavingsCents, monthlyIncomeCents),
    rule,
    byCategory,
    monthlySavingsCents,
    goals: budget.goals.map((goal, index) => projectGoal(goal, shares[index] ?? 0, today)),
  };
}
