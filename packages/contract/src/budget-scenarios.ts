import type { ExpenseCategory, Frequency, IncomeCategory } from './budget.ts';

/**
 * Starter budgets a student can load to practise (route /budgeting). Figures are realistic
 * for the United States in 2025, as take-home pay (after Social Security and Medicare, 7.65%,
 * and any income tax withheld). The words (titles, explanations, line labels) are in the web
 * app's `budget` catalogue under `scenarios.<id>`, keyed by the `key` of each line, so a
 * scenario loads in the student's language.
 */
export type ScenarioLine<Category> = {
  key: string;
  category: Category;
  amountCents: number;
  frequency: Frequency;
};

export type Scenario = {
  id: string;
  incomes: ScenarioLine<IncomeCategory>[];
  expenses: ScenarioLine<ExpenseCategory>[];
  goals: { key: string; targetCents: number; savedCents: number; monthsAhead: number }[];
};

export const budgetScenarios: Scenario[] = [
  {
    // Age 12–13: $10 a week of allowance and babysitting twice a month.
    id: 'allowance',
    incomes: [
      { key: 'allowance', category: 'allowance', amountCents: 1000, frequency: 'weekly' },
      { key: 'babysitting', category: 'side_gig', amountCents: 4500, frequency: 'semimonthly' },
      { key: 'birthday', category: 'gifts', amountCents: 10000, frequency: 'yearly' },
    ],
    expenses: [
      { key: 'snacks', category: 'dining_out', amountCents: 600, frequency: 'weekly' },
      { key: 'games', category: 'entertainment', amountCents: 1000, frequency: 'monthly' },
      { key: 'presents', category: 'gifts_given', amountCents: 8000, frequency: 'yearly' },
      { key: 'piggyBank', category: 'savings', amountCents: 500, frequency: 'weekly' },
    ],
    goals: [{ key: 'bike', targetCents: 35000, savedCents: 5000, monthsAhead: 10 }],
  },
  {
    // Age 16: 12 hours a week at $12.00 = $144.00 gross, $132.98 after 7.65%, paid every two weeks.
    id: 'firstJob',
    incomes: [{ key: 'paycheck', category: 'wages', amountCents: 26596, frequency: 'biweekly' }],
    expenses: [
      { key: 'phone', category: 'phone', amountCents: 2500, frequency: 'monthly' },
      { key: 'gas', category: 'transportation', amountCents: 1500, frequency: 'weekly' },
      { key: 'lunch', category: 'dining_out', amountCents: 1200, frequency: 'weekly' },
      { key: 'streaming', category: 'subscriptions', amountCents: 799, frequency: 'monthly' },
      { key: 'clothes', category: 'shopping', amountCents: 3000, frequency: 'monthly' },
      { key: 'carFund', category: 'savings', amountCents: 6000, frequency: 'biweekly' },
    ],
    goals: [{ key: 'car', targetCents: 300000, savedCents: 40000, monthsAhead: 18 }],
  },
  {
    // Age 19: a campus job of 12 hours a week at $15.00 (students working on campus pay no
    // Social Security or Medicare), $360.00 every two weeks, and $200 a month from family.
    id: 'college',
    incomes: [
      { key: 'campusJob', category: 'wages', amountCents: 36000, frequency: 'biweekly' },
      { key: 'family', category: 'gifts', amountCents: 20000, frequency: 'monthly' },
    ],
    expenses: [
      { key: 'books', category: 'school', amountCents: 60000, frequency: 'yearly' },
      { key: 'phone', category: 'phone', amountCents: 3500, frequency: 'monthly' },
      { key: 'groceries', category: 'groceries', amountCents: 4000, frequency: 'weekly' },
      { key: 'bus', category: 'transportation', amountCents: 4500, frequency: 'monthly' },
      { key: 'goingOut', category: 'entertainment', amountCents: 2000, frequency: 'weekly' },
      { key: 'streaming', category: 'subscriptions', amountCents: 599, frequency: 'monthly' },
      { key: 'clothes', category: 'shopping', amountCents: 2500, frequency: 'monthly' },
      { key: 'savings', category: 'savings', amountCents: 2500, frequency: 'biweekly' },
    ],
    goals: [{ key: 'laptop', targetCents: 90000, savedCents: 15000, monthsAhead: 9 }],
  },
  {
    // Age 22: full time at $17.00 an hour ($35,360 a year); after federal and state income tax
    // and 7.65%, about $29,549 a year: $1,136.50 every two weeks. Rent shared with a roommate.
    id: 'firstApartment',
    incomes: [{ key: 'paycheck', category: 'wages', amountCents: 113650, frequency: 'biweekly' }],
    expenses: [
      { key: 'rent', category: 'housing', amountCents: 90000, frequency: 'monthly' },
      { key: 'utilities', category: 'utilities', amountCents: 8000, frequency: 'monthly' },
      { key: 'internet', category: 'utilities', amountCents: 3500, frequency: 'monthly' },
      { key: 'groceries', category: 'groceries', amountCents: 8000, frequency: 'weekly' },
      { key: 'phone', category: 'phone', amountCents: 4500, frequency: 'monthly' },
      { key: 'rentersInsurance', category: 'insurance', amountCents: 1500, frequency: 'monthly' },
      { key: 'carInsurance', category: 'insurance', amountCents: 14000, frequency: 'monthly' },
      { key: 'gas', category: 'transportation', amountCents: 4000, frequency: 'weekly' },
      { key: 'studentLoan', category: 'debt_minimum', amountCents: 18000, frequency: 'monthly' },
      { key: 'diningOut', category: 'dining_out', amountCents: 3000, frequency: 'weekly' },
      { key: 'streaming', category: 'subscriptions', amountCents: 1549, frequency: 'monthly' },
      { key: 'gym', category: 'hobbies', amountCents: 2500, frequency: 'monthly' },
      {
        key: 'emergencyFund',
        category: 'emergency_fund',
        amountCents: 7500,
        frequency: 'biweekly',
      },
      { key: 'investing', category: 'investing', amountCents: 5000, frequency: 'monthly' },
    ],
    goals: [{ key: 'emergency', targetCents: 150000, savedCents: 20000, monthsAhead: 12 }],
  },
];

export type ScenarioId = (typeof budgetScenarios)[number]['id'];
