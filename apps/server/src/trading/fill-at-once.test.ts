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
  joinContest,
  marketTimes,
  postOrder,
  testConfig,
  type TestApp,
} from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { fillStatements, writeFill } from './fill-batches.ts';
import { holdingsSignature } from './fills-service.ts';

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

type Fill = (string | number | null)[];

/** `bullpen_fill` called directly: the order's id, or null. */
async function fillOne(fill: Fill): Promise<string | null> {
  const result = await t.deps.db.execute(
    sql`select bullpen_fill(${sql.join(
      fill.map((value) => sql`${value}`),
      sql`, `,
    )}) as placed`,
  );
  return (result as unknown as { rows: { placed: string | null }[] }).rows[0]!.placed;
}

/** `bullpen_fill_many` called directly: each fill's order id, or null. */
async function fillMany(fills: Fill[]): Promise<(string | null)[]> {
  const result = await t.deps.db.execute(
    sql`select bullpen_fill_many(${JSON.stringify(fills)}::jsonb) as placed`,
  );
  return (result as unknown as { rows: { placed: (string | null)[] }[] }).rows[0]!.placed;
}

/** The version of the contest's row a fill into `contestUserId` is worked out from. */
async function contestVersionOf(contestUserId: number): Promise<string> {
  const result = await t.deps.db.execute(sql`select contests.xmin::text as version
    from contests join contest_users on contest_users.contest_id = contests.id
    where contest_users.id = ${contestUserId}`);
  return (result as unknown as { rows: { version: string }[] }).rows[0]!.version;
}

/**
 * A buy of `quantity` shares of security 1 at 1,000 cents into an empty portfolio with `cash`,
 * as the server works it out.
 */
function buyInto(
  member: number,
  cash: number,
  contest: string,
  quantity: number,
  key: string,
): Fill {
  const cost = quantity * 1000;
  return [
    member,
    cash,
    0,
    0,
    0,
    '',
    contest,
    1,
    'AAPL',
    'BUY',
    'market',
    quantity,
    null,
    key,
    1000,
    0,
    -cost,
    0,
    marketTimes.open.toISOString(),
    quantity,
    0,
    cost,
    cash - cost,
    0,
    0,
    0,
    cash,
  ];
}

/** The contest's stored board next to `rank()` from scratch, line by line. */
async function boardAndRanks(contestId: number) {
  const result = await t.deps.db.execute(sql`
    select b.contest_user_id, b.value_cents as board_value,
      -- Keys counted from the bottom are negative (migration 0044, contests/board-queries.ts).
      case when b.rank > 0 then b.rank else b.rank + contest_board_size(m.contest_id) + 1 end as board_rank,
      case when b.position > 0 then b.position
        else b.position + contest_board_size(m.contest_id) + 1 end as position,
      m.value_cents, rank() over (order by m.value_cents desc) as rank,
      row_number() over (order by m.value_cents desc, m.id) as expected_position
    from contest_users m left join contest_board b on b.contest_user_id = m.id
    where m.contest_id = ${contestId} and m.left_at is null`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    stored: [Number(row.board_value), Number(row.board_rank), Number(row.position)],
    fromScratch: [Number(row.value_cents), Number(row.rank), Number(row.expected_position)],
  }));
}

/** A contest of `size` members (the owner first), each with an empty portfolio. */
async function contestOf(size: number, startingCash = 100_000) {
  const owner = await buildUser(t.deps);
  const contest = await buildContest(t, owner, { starting_cash: startingCash });
  const members = [{ user: owner, contestUser: contest.my_contest_user }];
  for (let index = 1; index < size; index += 1) {
    const user = await buildUser(t.deps);
    members.push({ user, contestUser: await joinContest(t, user, contest.id) });
  }
  return { contest, members };
}

describe.each([
  ['bullpen_fill', fillOne],
  ['bullpen_fill_many', async (fill: Fill) => (await fillMany([fill]))[0]!],
])('%s, one fill', (_name, write) => {
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
    const contest = was.contest ?? (await contestVersionOf(contestUserId));
    return write([
      contestUserId,
      was.cash,
      0,
      0,
      was.reserved,
      was.holdings,
      contest,
      1,
      'AAPL',
      'BUY',
      'market',
      2,
      null,
      was.key ?? null,
      1000,
      0,
      -2000,
      0,
      marketTimes.open.toISOString(),
      2,
      0,
      2000,
      was.cash - 2000,
      0,
      0,
      was.reserved,
      was.cash,
    ]);
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

describe('bullpen_fill_many, fills of one contest together', () => {
  it('writes each fill as read in one statement, and leaves out the stale one', async () => {
    const { contest, members } = await contestOf(5);
    const version = await contestVersionOf(members[0]!.contestUser);
    const fills = members.map(({ contestUser }, index) =>
      buyInto(contestUser, 100_000, version, index + 1, `together-${index}`),
    );
    // The third was worked out from cash the portfolio does not have.
    fills[2]![1] = 99_999;
    const placed = await fillMany(fills);
    expect(placed.map((id) => id !== null)).toEqual([true, true, false, true, true]);
    for (const [index, { contestUser }] of members.entries()) {
      const rows = await portfolioRows(contestUser);
      if (index === 2) {
        expect(rows.orders).toHaveLength(0);
        expect(rows.held).toHaveLength(0);
        expect(rows.member.cashCents).toBe(100_000);
        continue;
      }
      expect(rows.orders.map((order) => order.id)).toEqual([Number(placed[index])]);
      expect(rows.orders[0]).toMatchObject({
        quantity: index + 1,
        idempotencyKey: `together-${index}`,
      });
      expect(holdingsSignature(rows.held)).toBe(`1:${index + 1}:0:${(index + 1) * 1000}`);
      expect(rows.member.cashCents).toBe(100_000 - (index + 1) * 1000);
    }
    // The board moved every written member: it is what rank() says.
    for (const line of await boardAndRanks(contest.id))
      expect(line.stored).toEqual(line.fromScratch);
  });

  it('writes a member listed twice once, and takes at most 16 fills', async () => {
    const { members } = await contestOf(1);
    const id = members[0]!.contestUser;
    const version = await contestVersionOf(id);
    const placed = await fillMany([
      buyInto(id, 100_000, version, 1, 'twice-1'),
      buyInto(id, 100_000, version, 2, 'twice-2'),
    ]);
    expect(placed[0]).not.toBeNull();
    expect(placed[1]).toBeNull();
    expect((await portfolioRows(id)).orders).toHaveLength(1);

    const many = Array.from({ length: 17 }, (_, index) =>
      buyInto(id, 99_000, version, 1, `many-${index}`),
    );
    const refused = (await fillMany(many).catch((error: unknown) => error)) as { cause?: Error };
    expect(refused.cause?.message).toMatch(/at most 16 fills/);
    expect((await portfolioRows(id)).orders).toHaveLength(1);
  });

  it.runIf(inject('databaseTemplate').engine === 'postgres')(
    'passes over a portfolio another transaction holds, without waiting for it',
    async () => {
      const { members } = await contestOf(3);
      const version = await contestVersionOf(members[0]!.contestUser);
      const held = members[1]!.contestUser;
      const other = await openPostgres((t.database as { url?: string }).url!);
      try {
        await other.db.transaction(async (tx) => {
          await tx.execute(sql`select id from contest_users where id = ${held} for update`);
          const placed = await fillMany(
            members.map(({ contestUser }, index) =>
              buyInto(contestUser, 100_000, version, 1, `held-${index}`),
            ),
          );
          expect(placed.map((id) => id !== null)).toEqual([true, false, true]);
        });
      } finally {
        await other.close();
      }
      expect((await portfolioRows(held)).orders).toHaveLength(0);
    },
  );
});

describe('fills of one contest from this process', () => {
  it('are each written once, with the right cash and board, when they arrive together', async () => {
    const { contest, members } = await contestOf(24, 10_000_000);
    const before = fillStatements(t.deps.db);
    const responses = await Promise.all(
      members.map(({ user, contestUser }, index) =>
        postOrder(t, user, {
          contest_user: contestUser,
          security: 1 + (index % 3),
          order_type: 'BUY',
          quantity: 1 + (index % 4),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(members.map(() => 201));
    const after = fillStatements(t.deps.db);
    // Every one went the fast path, through the contest's turns.
    expect(after.fills - before.fills).toBe(members.length);
    for (const [index, { contestUser }] of members.entries()) {
      const rows = await portfolioRows(contestUser);
      expect(rows.orders).toHaveLength(1);
      expect(rows.orders[0]!.id).toBe(responses[index]!.json().id);
      const [position] = rows.held;
      expect(position).toMatchObject({ securityId: 1 + (index % 3), shares: 1 + (index % 4) });
      // Cash went exactly where the shares came from.
      expect(rows.member.cashCents).toBe(10_000_000 + rows.orders[0]!.cashDeltaCents!);
      expect(-rows.orders[0]!.cashDeltaCents!).toBe(position!.costBasisCents);
    }
    for (const line of await boardAndRanks(contest.id))
      expect(line.stored).toEqual(line.fromScratch);
  });

  it('go together while others are being written: two alone at once, then the rest in one', async () => {
    const { contest, members } = await contestOf(7);
    const version = await contestVersionOf(members[0]!.contestUser);
    const before = fillStatements(t.deps.db);
    const placed = await Promise.all(
      members.map(({ contestUser }, index) =>
        writeFill(
          t.deps.db,
          contest.id,
          buyInto(contestUser, 100_000, version, 1, `turn-${index}`),
        ),
      ),
    );
    expect(placed.every((id) => typeof id === 'number')).toBe(true);
    expect(fillStatements(t.deps.db)).toEqual({
      statements: before.statements + 3,
      fills: before.fills + 7,
    });
    for (const [index, { contestUser }] of members.entries()) {
      expect((await portfolioRows(contestUser)).orders.map((order) => order.id)).toEqual([
        placed[index],
      ]);
    }
    for (const line of await boardAndRanks(contest.id))
      expect(line.stored).toEqual(line.fromScratch);
  });

  it('are sent again one by one when their statement fails, each with its own answer', async () => {
    const { contest, members } = await contestOf(6);
    const version = await contestVersionOf(members[0]!.contestUser);
    const fills = members.map(({ contestUser }, index) =>
      buyInto(contestUser, 100_000, version, 1, `alone-${index}`),
    );
    // Not a quantity: the statement that carries it fails as a whole.
    fills[4]![11] = 'many';
    const before = fillStatements(t.deps.db);
    // Two go at once, alone; the four that wait go together, fail, and go again one by one.
    const written = await Promise.allSettled(
      fills.map((fill) => writeFill(t.deps.db, contest.id, fill)),
    );
    expect(written.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(fillStatements(t.deps.db).statements - before.statements).toBe(2 + 1 + 4);
    for (const [index, { contestUser }] of members.entries()) {
      expect((await portfolioRows(contestUser)).orders).toHaveLength(index === 4 ? 0 : 1);
    }
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
