import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openPostgres } from '../db/connection.ts';
import { contestUsers, contests } from '../db/schema/contests.ts';
import { contestUserValues, orders, positions } from '../db/schema/trading.ts';
import {
  buildContest,
  buildTestApp,
  buildUser,
  marketTimes,
  postOrder,
  testConfig,
  type TestApp,
} from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { holdingsSignature } from './service.ts';

/**
 * The fast path of an order that fills at once (service.ts `fillAtOnce`): it reads the
 * portfolio without a lock, and `bullpen_fill` (migration 0020) writes the fill only if the
 * portfolio is still as read. These tests hold the function to that, and two server processes
 * to the books: orders into one portfolio from both, where each process's reads go stale.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  t.app.market.clock.now = () => marketTimes.open;
});
afterAll(async () => t.close());

async function portfolioRows(contestUserId: number) {
  const db = t.deps.db;
  const [member] = await db.select().from(contestUsers).where(eq(contestUsers.id, contestUserId));
  return {
    member: member!,
    held: await db.select().from(positions).where(eq(positions.contestUserId, contestUserId)),
    orders: await db.select().from(orders).where(eq(orders.contestUserId, contestUserId)),
    values: await db
      .select()
      .from(contestUserValues)
      .where(eq(contestUserValues.contestUserId, contestUserId)),
  };
}

describe('bullpen_fill', () => {
  /** A buy of 2 shares of security 1 at 1,000 cents, worked out from `was`. */
  async function fillFrom(
    contestUserId: number,
    was: {
      cash: number;
      reserved: number;
      holdings: string;
      key?: string | null;
      contest?: string;
    },
  ) {
    const version = await t.deps.db.execute(sql`select contests.xmin::text as version
      from contests join contest_users on contest_users.contest_id = contests.id
      where contest_users.id = ${contestUserId}`);
    const contest =
      was.contest ?? (version as unknown as { rows: { version: string }[] }).rows[0]!.version;
    const result = await t.deps.db.execute(sql`select bullpen_fill(
      ${contestUserId}, ${was.cash}, ${0}, ${0}, ${was.reserved}, ${was.holdings}, ${contest},
      ${1}, ${'AAPL'}, ${'BUY'}, ${'market'}, ${2}, ${null}, ${was.key ?? null}, ${1000},
      ${0}, ${-2000}, ${0}, ${marketTimes.open.toISOString()},
      ${2}, ${0}, ${2000},
      ${was.cash - 2000}, ${0}, ${0}, ${was.reserved}, ${was.cash}) as placed`);
    return (result as unknown as { rows: { placed: unknown }[] }).rows[0]!.placed;
  }

  it('writes the fill when the portfolio is as read, and nothing when it is not', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { starting_cash: 100_000 });
    const id = contest.my_contest_user;
    const before = await portfolioRows(id);
    const cash = before.member.cashCents;

    // Stale account, stale reservation, stale holdings: nothing is written.
    expect(await fillFrom(id, { cash: cash + 1, reserved: 0, holdings: '' })).toBeNull();
    expect(await fillFrom(id, { cash, reserved: 5, holdings: '' })).toBeNull();
    expect(await fillFrom(id, { cash, reserved: 0, holdings: '1:2:0:2000' })).toBeNull();
    expect(await fillFrom(id, { cash, reserved: 0, holdings: '', contest: '1' })).toBeNull();
    expect(await portfolioRows(id)).toEqual(before);

    // As read: the order, the holding, a value point and the account, together.
    const placed = await fillFrom(id, { cash, reserved: 0, holdings: '', key: 'k-1' });
    expect(placed).not.toBeNull();
    const after = await portfolioRows(id);
    expect(after.member).toMatchObject({ cashCents: cash - 2000, valueCents: cash });
    expect(holdingsSignature(after.held)).toBe('1:2:0:2000');
    expect(after.orders).toHaveLength(1);
    expect(after.orders[0]).toMatchObject({
      id: Number(placed),
      status: 'filled',
      quantity: 2,
      fillPriceCents: 1000,
      cashDeltaCents: -2000,
      idempotencyKey: 'k-1',
    });
    expect(after.values).toHaveLength(before.values.length + 1);

    // The same state read again is now stale, and a used key is refused: nothing more.
    expect(await fillFrom(id, { cash, reserved: 0, holdings: '' })).toBeNull();
    expect(
      await fillFrom(id, { cash: cash - 2000, reserved: 0, holdings: '1:2:0:2000', key: 'k-1' }),
    ).toBeNull();
    expect(await portfolioRows(id)).toEqual(after);
  });

  it('writes nothing into a portfolio whose member has left', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { starting_cash: 100_000 });
    const id = contest.my_contest_user;
    await t.deps.db
      .update(contestUsers)
      .set({ leftAt: marketTimes.open })
      .where(eq(contestUsers.id, id));
    const before = await portfolioRows(id);
    expect(
      await fillFrom(id, { cash: before.member.cashCents, reserved: 0, holdings: '' }),
    ).toBeNull();
    expect(await portfolioRows(id)).toEqual(before);
  });
});

describe('the portfolio a process remembers', () => {
  const buy = (who: Awaited<ReturnType<typeof buildUser>>, contestUser: number) =>
    postOrder(t, who, { contest_user: contestUser, security: 1, order_type: 'BUY', quantity: 1 });

  it('is not trusted past a change to the contest: a freeze stops the next order', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    expect((await buy(owner, contest.my_contest_user)).statusCode).toBe(201);
    await t.deps.db
      .update(contests)
      .set({ frozenAt: marketTimes.open })
      .where(eq(contests.id, contest.id));
    const refused = await buy(owner, contest.my_contest_user);
    expect(refused.statusCode).toBe(409);
    expect((await portfolioRows(contest.my_contest_user)).orders).toHaveLength(1);
  });

  it('is not trusted past a change to the account made elsewhere', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    expect((await buy(owner, contest.my_contest_user)).statusCode).toBe(201);
    // Another process (here, the database itself) takes all but a cent of the cash.
    await t.deps.db
      .update(contestUsers)
      .set({ cashCents: 1 })
      .where(eq(contestUsers.id, contest.my_contest_user));
    const refused = await buy(owner, contest.my_contest_user);
    expect(refused.statusCode).toBe(400);
    expect((await portfolioRows(contest.my_contest_user)).member.cashCents).toBe(1);
  });
});

it.runIf(inject('databaseTemplate').engine === 'postgres')(
  'keeps one portfolio right when two server processes fill into it at once',
  async () => {
    const database = await createTestDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-fill-'));
    const config = testConfig(dataDir, { DATABASE_URL: database.url });
    const first = await buildApp({ config, database });
    // A pool of its own, as another process has: nothing in memory is shared.
    const secondDatabase = await openPostgres(database.url!);
    const second = await buildApp({ config, database: secondDatabase });
    try {
      await Promise.all([first.ready(), second.ready()]);
      for (const app of [first, second]) app.market.clock.now = () => marketTimes.open;
      const shared = { app: first, deps: first.deps } as TestApp;
      const owner = await buildUser(first.deps);
      const price = (await first.market.provider.quote('AAPL', marketTimes.open.getTime()))!
        .lastCents;
      const affordable = 20;
      const contest = await buildContest(shared, owner, {
        starting_cash: price * (affordable + 1) - 1,
      });
      const buy = (app: typeof first, key?: string) =>
        postOrder(
          { app, deps: app.deps } as TestApp,
          owner,
          { contest_user: contest.my_contest_user, security: 1, order_type: 'BUY', quantity: 1 },
          key ? { 'idempotency-key': key } : {},
        );
      // 50 buys, alternating between the processes; ten keys are each sent to both.
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          buy(index % 2 === 0 ? first : second, index < 20 ? `key-${index >> 1}` : undefined),
        ),
      );
      const codes = responses.map((response) => response.statusCode);
      const replayed = responses.filter((r) => r.headers['idempotent-replayed'] === 'true');
      expect(replayed.length).toBeLessThanOrEqual(10);
      // Each key made one order at most; every other answer is a fill or "not enough cash".
      const made = new Set(responses.filter((r) => r.statusCode < 300).map((r) => r.json().id));
      expect(made.size).toBe(affordable);
      expect(codes.filter((code) => code === 201)).toHaveLength(affordable);
      expect(codes.every((code) => [200, 201, 400].includes(code))).toBe(true);

      const [member] = await first.deps.db
        .select()
        .from(contestUsers)
        .where(eq(contestUsers.id, contest.my_contest_user));
      const held = await first.deps.db
        .select()
        .from(positions)
        .where(eq(positions.contestUserId, contest.my_contest_user));
      expect(held.map((row) => row.shares)).toEqual([affordable]);
      expect(member!.cashCents).toBe(price - 1);
      expect(held[0]!.costBasisCents).toBe(price * affordable);
    } finally {
      await first.close();
      await second.close();
      await secondDatabase.close();
      await database.close();
    }
  },
);
