import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  budgetMessages,
  MAX_BUDGETS_PER_USER,
  MAX_GOALS,
  MAX_LINES_PER_KIND,
  type BudgetBodyInput,
} from '@bullpen/contract/budget';
import { eq } from 'drizzle-orm';
import { masterBudgets } from '../db/schema/budget.ts';
import { buildTestApp, buildUser, type TestApp } from '../test/app.ts';

/** The master budget API: CRUD, owner-only access, bad input and limits. */
let t: TestApp;
type User = Awaited<ReturnType<typeof buildUser>>;
let alice: User;
let bob: User;
const LIST = '/api/recurring/master-budgets/';
const one = (id: number | string) => `/api/recurring/master-budgets/${id}/`;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await buildUser(t.deps);
  bob = await buildUser(t.deps);
});
afterAll(async () => {
  await t.close();
});

function buildBudget(overrides: Partial<BudgetBodyInput> = {}): BudgetBodyInput {
  return {
    name: 'My first job',
    incomes: [
      { label: 'Paycheck', category: 'wages', amount_cents: 26_596, frequency: 'biweekly' },
    ],
    expenses: [
      { label: 'Phone', category: 'phone', amount_cents: 2_500, frequency: 'monthly' },
      { label: 'Lunch', category: 'dining_out', amount_cents: 1_200, frequency: 'weekly' },
    ],
    goals: [{ name: 'Car', target_cents: 300_000, saved_cents: 40_000, target_date: '2027-06-30' }],
    ...overrides,
  };
}

function send(
  who: User | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: who ? who.auth : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function createFor(who: User, body: unknown = buildBudget()) {
  const response = await send(who, 'POST', LIST, body);
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; name: string; updated_at: string };
}

describe('create, read, update, delete, list', () => {
  it('creates a budget and answers it whole', async () => {
    const response = await send(alice, 'POST', LIST, buildBudget());
    expect(response.statusCode).toBe(201);
    const budget = response.json();
    expect(budget).toEqual({
      id: expect.any(Number),
      name: 'My first job',
      incomes: [
        { label: 'Paycheck', category: 'wages', amount_cents: 26_596, frequency: 'biweekly' },
      ],
      expenses: [
        { label: 'Phone', category: 'phone', amount_cents: 2_500, frequency: 'monthly' },
        { label: 'Lunch', category: 'dining_out', amount_cents: 1_200, frequency: 'weekly' },
      ],
      goals: [
        { name: 'Car', target_cents: 300_000, saved_cents: 40_000, target_date: '2027-06-30' },
      ],
      // $265.96 every two weeks = $576.25 a month; $25.00 + $12.00 weekly ($52.00) = $77.00.
      totals: {
        monthly_income_cents: 57_625,
        monthly_expenses_cents: 7_700,
        needs_cents: 2_500,
        wants_cents: 5_200,
        savings_cents: 0,
        surplus_cents: 49_925,
      },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const read = await send(alice, 'GET', one(budget.id));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(budget);
  });

  it('a PUT replaces the whole budget; a DELETE removes it', async () => {
    const created = await createFor(alice);
    const replaced = await send(
      alice,
      'PUT',
      one(created.id),
      buildBudget({
        name: '  Summer  ',
        incomes: [],
        expenses: [
          { label: 'Bus', category: 'transportation', amount_cents: 0, frequency: 'yearly' },
        ],
        goals: undefined,
      }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: created.id,
      name: 'Summer',
      incomes: [],
      expenses: [
        { label: 'Bus', category: 'transportation', amount_cents: 0, frequency: 'yearly' },
      ],
      goals: [],
    });
    expect((await send(alice, 'GET', one(created.id))).json().name).toBe('Summer');

    const removed = await send(alice, 'DELETE', one(created.id));
    expect(removed.statusCode).toBe(204);
    expect((await send(alice, 'GET', one(created.id))).statusCode).toBe(404);
    expect((await send(alice, 'DELETE', one(created.id))).statusCode).toBe(404);
  });

  it('lists only my budgets, newest change first, paginated', async () => {
    const carol = await buildUser(t.deps);
    const first = await createFor(carol, buildBudget({ name: 'First' }));
    await createFor(carol, buildBudget({ name: 'Second' }));
    await createFor(bob, buildBudget({ name: 'Not yours' }));
    await send(carol, 'PUT', one(first.id), buildBudget({ name: 'First, changed' }));

    const page = (await send(carol, 'GET', LIST)).json();
    expect(page).toMatchObject({ count: 2, next: null, previous: null });
    expect(page.results.map((budget: { name: string }) => budget.name)).toEqual([
      'First, changed',
      'Second',
    ]);
    const small = (await send(carol, 'GET', `${LIST}?page_size=1`)).json();
    expect(small.results).toHaveLength(1);
    expect(small.next).toBe('http://bullpen.test/api/recurring/master-budgets/?page_size=1&page=2');
    expect((await send(carol, 'GET', `${LIST}?page=3`)).statusCode).toBe(404);
  });
});

describe('only the owner', () => {
  it('refuses another user on GET, PUT and DELETE with 404, and changes nothing', async () => {
    const budget = await createFor(alice, buildBudget({ name: 'Private' }));
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await send(
        bob,
        method,
        one(budget.id),
        method === 'PUT' ? buildBudget({ name: 'Hijacked' }) : undefined,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: budgetMessages.notFound });
    }
    const [row] = await t.deps.db
      .select()
      .from(masterBudgets)
      .where(eq(masterBudgets.id, budget.id));
    expect(row?.name).toBe('Private');
  });

  it('refuses a caller who is not signed in with 401', async () => {
    const budget = await createFor(alice);
    for (const [method, url] of [
      ['GET', LIST],
      ['POST', LIST],
      ['GET', one(budget.id)],
      ['PUT', one(budget.id)],
      ['DELETE', one(budget.id)],
    ] as const) {
      const response = await send(
        null,
        method,
        url,
        method === 'POST' || method === 'PUT' ? buildBudget() : undefined,
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toHaveProperty('error');
    }
  });
});

describe('bad input is a 400 in the error shape, never a 500', () => {
  const line = { label: 'Paycheck', category: 'wages', amount_cents: 100, frequency: 'weekly' };
  const cases: [string, unknown, Record<string, string[]>][] = [
    [
      'an unknown frequency',
      buildBudget({ incomes: [{ ...line, frequency: 'daily' } as never] }),
      { 'incomes.0.frequency': [budgetMessages.unknownFrequency] },
    ],
    [
      'negative cents',
      buildBudget({ incomes: [{ ...line, amount_cents: -5 } as never] }),
      { 'incomes.0.amount_cents': [budgetMessages.centsNegative] },
    ],
    [
      'cents that are not whole',
      buildBudget({ incomes: [{ ...line, amount_cents: 10.5 } as never] }),
      { 'incomes.0.amount_cents': [budgetMessages.centsWhole] },
    ],
    [
      'cents as text',
      buildBudget({ incomes: [{ ...line, amount_cents: '100' } as never] }),
      { 'incomes.0.amount_cents': [budgetMessages.centsWhole] },
    ],
    [
      'an amount over the limit',
      buildBudget({ incomes: [{ ...line, amount_cents: 100_000_001 } as never] }),
      { 'incomes.0.amount_cents': [budgetMessages.centsTooLarge] },
    ],
    [
      'an unknown category',
      buildBudget({ expenses: [{ ...line, category: 'wages' } as never] }),
      { 'expenses.0.category': [budgetMessages.unknownCategory] },
    ],
    [
      'too many lines',
      buildBudget({
        expenses: Array.from(
          { length: MAX_LINES_PER_KIND + 1 },
          () => ({ ...line, category: 'phone' }) as never,
        ),
      }),
      { expenses: [budgetMessages.tooManyLines] },
    ],
    [
      'too many goals',
      buildBudget({
        goals: Array.from({ length: MAX_GOALS + 1 }, () => ({
          name: 'Goal',
          target_cents: 100,
          target_date: '2027-01-01',
        })),
      }),
      { goals: [budgetMessages.tooManyGoals] },
    ],
    ['a missing name', { incomes: [] }, { name: [budgetMessages.required] }],
    [
      'a missing line field',
      buildBudget({ incomes: [{ label: 'Pay', category: 'wages', frequency: 'weekly' } as never] }),
      { 'incomes.0.amount_cents': [budgetMessages.required] },
    ],
    [
      'an over-long name',
      buildBudget({ name: 'x'.repeat(81) }),
      { name: [budgetMessages.nameTooLong] },
    ],
    [
      'an over-long label',
      buildBudget({ incomes: [{ ...line, label: 'y'.repeat(81) } as never] }),
      { 'incomes.0.label': [budgetMessages.labelTooLong] },
    ],
    [
      'a date in the wrong format',
      buildBudget({ goals: [{ name: 'Bike', target_cents: 100, target_date: '06/30/2027' }] }),
      { 'goals.0.target_date': [budgetMessages.dateFormat] },
    ],
    [
      'a date that does not exist',
      buildBudget({ goals: [{ name: 'Bike', target_cents: 100, target_date: '2027-02-30' }] }),
      { 'goals.0.target_date': [budgetMessages.dateFormat] },
    ],
    [
      'a goal with no target',
      buildBudget({ goals: [{ name: 'Bike', target_cents: 0, target_date: '2027-02-03' }] }),
      { 'goals.0.target_cents': [budgetMessages.targetPositive] },
    ],
    [
      'an unknown field',
      { ...buildBudget(), owner_id: 1 },
      { owner_id: ['This field is not allowed.'] },
    ],
  ];

  it.each(cases)('refuses %s on POST and PUT', async (_, body, expected) => {
    const created = await send(alice, 'POST', LIST, body);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(expected);
    const budget = await createFor(bob);
    const replaced = await send(bob, 'PUT', one(budget.id), body);
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json()).toEqual(expected);
    await send(bob, 'DELETE', one(budget.id));
  });

  it('refuses a body that is not an object and an id that is not one', async () => {
    const notObject = await send(alice, 'POST', LIST, ['a list']);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toHaveProperty('non_field_errors');
    expect((await send(alice, 'GET', one('abc'))).statusCode).toBe(400);
    expect((await send(alice, 'GET', one(0))).statusCode).toBe(400);
    expect((await send(alice, 'GET', one(999_999))).statusCode).toBe(404);
  });
});

describe('limits', () => {
  it(`keeps at most ${MAX_BUDGETS_PER_USER} budgets per user, even when asked at once`, async () => {
    const dave = await buildUser(t.deps);
    for (let index = 0; index < MAX_BUDGETS_PER_USER - 2; index += 1) {
      await createFor(dave, buildBudget({ name: `Budget ${index}` }));
    }
    const burst = await Promise.all(
      Array.from({ length: 4 }, () => send(dave, 'POST', LIST, buildBudget())),
    );
    expect(burst.map((response) => response.statusCode).sort()).toEqual([201, 201, 400, 400]);
    expect(burst.find((response) => response.statusCode === 400)!.json()).toEqual({
      non_field_errors: [budgetMessages.tooManyBudgets],
    });
    expect((await send(dave, 'GET', LIST)).json().count).toBe(MAX_BUDGETS_PER_USER);
    // Another user is not held by dave's limit.
    await createFor(bob);
  });

  it('accepts the limits exactly', async () => {
    const line = {
      label: 'l',
      category: 'phone',
      amount_cents: 100_000_000,
      frequency: 'weekly',
    } as const;
    const response = await send(
      alice,
      'POST',
      LIST,
      buildBudget({
        name: 'n'.repeat(80),
        expenses: Array.from({ length: MAX_LINES_PER_KIND }, () => line),
        goals: Array.from({ length: MAX_GOALS }, () => ({
          name: 'g',
          target_cents: 1,
          target_date: '2028-02-29',
        })),
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().expenses).toHaveLength(MAX_LINES_PER_KIND);
  });
});
