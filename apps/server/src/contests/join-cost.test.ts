import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Executor } from '../db/connection.ts';
import {
  buildContest,
  buildTestApp,
  buildUser,
  joinContest,
  marketTimes,
  testConfig,
  type TestApp,
} from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';

/**
 * A join writes only the joiner's board line, whatever the contest's size (issue #50,
 * docs/decisions/048-join-cost.md): the board's keys are counted from both ends of the starting
 * cash (migration 0044), and still give every place and rank `rank()` gives from scratch.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.app.market.clock.now = () => marketTimes.open;
});
afterAll(async () => t.close());

type Row = Record<string, unknown>;
const rowsOf = async (db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** `count` members made in SQL, worth from 20% below to 20% above the starting cash, ties. */
async function crowd(db: Executor, contestId: number, count: number, tag: string) {
  await db.execute(sql`
    insert into users (username, email, password_hash, first_name, last_name)
    select ${tag} || g, ${tag} || g || '@school.test', 'x', 'C', 'P'
    from generate_series(1, ${count}) as g`);
  await db.execute(sql`
    insert into contest_users (contest_id, user_id, cash_cents, value_cents)
    select c.id, u.id, c.starting_cash_cents,
      c.starting_cash_cents * (80 + (u.id * 7 % 41)) / 100
    from users u, contests c
    where c.id = ${contestId} and u.username like ${tag} || '%'`);
}

/** The stored lines as places and ranks next to `row_number()` and `rank()` from scratch. */
async function storedAgainstScratch(db: Executor, contestId: number) {
  const rows = await rowsOf(
    db,
    sql`
    select m.id,
      case when b.position > 0 then b.position
        else b.position + contest_board_size(m.contest_id) + 1 end as place,
      case when b.rank > 0 then b.rank else b.rank + contest_board_size(m.contest_id) + 1 end as rank,
      row_number() over (order by m.value_cents desc, m.id) as expected_place,
      rank() over (order by m.value_cents desc) as expected_rank
    from contest_users m left join contest_board b on b.contest_user_id = m.id
    where m.contest_id = ${contestId} and m.left_at is null
    order by m.value_cents desc, m.id`,
  );
  return {
    stored: rows.map((row) => [Number(row.id), Number(row.place), Number(row.rank)]),
    fromScratch: rows.map((row) => [
      Number(row.id),
      Number(row.expected_place),
      Number(row.expected_rank),
    ]),
  };
}

/** Every page of the board as the API serves it: [member, value, rank] lines and its counts. */
async function served(app: TestApp['app'], viewer: { authorization: string }, contestId: number) {
  const lines: number[][] = [];
  const counts = new Set<number>();
  for (let page = 1; ; page += 1) {
    const response = await app.inject({
      url: `/api/contest-users/leaderboard/?contest=${contestId}&page_size=7&page=${page}`,
      headers: viewer,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    for (const row of body.results) lines.push([row.contest_user, row.value, row.rank]);
    counts.add(body.count);
    if (!body.next) return { lines, counts: [...counts] };
  }
}

async function scratchBoard(db: Executor, contestId: number) {
  const rows = await rowsOf(
    db,
    sql`
    select id, value_cents, rank() over (order by value_cents desc) as rank
    from contest_users where contest_id = ${contestId} and left_at is null
    order by value_cents desc, id`,
  );
  const lines = rows.map((row) => [Number(row.id), Number(row.value_cents), Number(row.rank)]);
  return { lines, counts: [lines.length] };
}

/** Every line's keys and row version: what a statement rewrote shows as a changed xmin. */
async function boardVersions(db: Executor, contestId: number) {
  const rows = await rowsOf(
    db,
    sql`select contest_user_id, position, rank, xmin::text as version
      from contest_board where contest_id = ${contestId} order by contest_user_id`,
  );
  return new Map(rows.map((row) => [Number(row.contest_user_id), row]));
}

it('writes only the joiner’s line when a member joins or leaves at the starting cash', async () => {
  const owner = await buildUser(t.deps);
  const contest = await buildContest(t, owner);
  await crowd(t.deps.db, contest.id, 120, `joincost${contest.id}-`);
  const before = await boardVersions(t.deps.db, contest.id);
  // Lines on both sides of the starting cash, so a shift would show on either.
  const keys = [...before.values()].map((row) => Number(row.position));
  expect(keys.some((key) => key > 1)).toBe(true);
  expect(keys.some((key) => key < 0)).toBe(true);

  const joiner = await buildUser(t.deps);
  const joined = await joinContest(t, joiner, contest.id);
  const after = await boardVersions(t.deps.db, contest.id);
  expect([...after.keys()].filter((id) => !before.has(id))).toEqual([joined]);
  for (const [id, line] of before) expect(after.get(id), `line ${id}`).toEqual(line);
  const checked = await storedAgainstScratch(t.deps.db, contest.id);
  expect(checked.stored).toEqual(checked.fromScratch);
  expect(await served(t.app, owner.auth, contest.id)).toEqual(
    await scratchBoard(t.deps.db, contest.id),
  );

  const left = await t.app.inject({
    method: 'DELETE',
    url: `/api/contest-users/${joined}/`,
    headers: joiner.auth,
  });
  expect(left.statusCode).toBe(204);
  expect(await boardVersions(t.deps.db, contest.id)).toEqual(before);
  expect(await served(t.app, owner.auth, contest.id)).toEqual(
    await scratchBoard(t.deps.db, contest.id),
  );
});

it('ranks a contest again from the new starting cash when it changes', async () => {
  const owner = await buildUser(t.deps);
  const contest = await buildContest(t, owner);
  await crowd(t.deps.db, contest.id, 40, `repivot${contest.id}-`);
  await t.deps.db.execute(
    sql`update contests set starting_cash_cents = starting_cash_cents * 9 / 10 where id = ${contest.id}`,
  );
  let checked = await storedAgainstScratch(t.deps.db, contest.id);
  expect(checked.stored).toEqual(checked.fromScratch);
  // Moves and joins after it count from the new split.
  await t.deps.db.execute(sql`
    update contest_users set value_cents = value_cents * 11 / 10
    where id = (select max(id) from contest_users where contest_id = ${contest.id})`);
  await joinContest(t, await buildUser(t.deps), contest.id);
  checked = await storedAgainstScratch(t.deps.db, contest.id);
  expect(checked.stored).toEqual(checked.fromScratch);
  expect(await served(t.app, owner.auth, contest.id)).toEqual(
    await scratchBoard(t.deps.db, contest.id),
  );
});

it.runIf(inject('databaseTemplate').engine === 'postgres')(
  'keeps a proper ranking when many join at once through two server processes',
  async () => {
    const database = await createTestDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-join-cost-'));
    const config = testConfig(dataDir, { DATABASE_URL: database.url });
    const first = await buildApp({ config, database });
    const second = await buildApp({ config, database });
    try {
      await Promise.all([first.ready(), second.ready()]);
      first.market.clock.now = () => marketTimes.open;
      second.market.clock.now = () => marketTimes.open;
      const shared = { app: first, deps: first.deps } as TestApp;
      const owner = await buildUser(first.deps);
      const contest = await buildContest(shared, owner);
      await crowd(first.deps.db, contest.id, 200, `concurrent${contest.id}-`);
      const joiners = [];
      for (let index = 0; index < 24; index += 1) joiners.push(await buildUser(first.deps));
      // Joins on both processes at once, while members above and below the starting cash move.
      const moves = [0, 1, 2, 3].map((index) =>
        first.deps.db.execute(sql`
          update contest_users set value_cents = value_cents + ${(index - 2) * 150_000}
          where id = (select id from contest_users where contest_id = ${contest.id}
            order by id offset ${index * 37} limit 1)`),
      );
      const answers = await Promise.all([
        ...joiners.map((joiner, index) =>
          (index % 2 ? second : first).inject({
            method: 'POST',
            url: '/api/contest-users/',
            headers: joiner.auth,
            payload: { contest: contest.id },
          }),
        ),
        ...moves,
      ]);
      for (const answer of answers.slice(0, joiners.length)) {
        expect((answer as { statusCode: number }).statusCode).toBe(201);
      }
      const checked = await storedAgainstScratch(first.deps.db, contest.id);
      expect(checked.stored).toHaveLength(1 + 200 + joiners.length);
      expect(checked.stored).toEqual(checked.fromScratch);
      const board = await served(second, owner.auth, contest.id);
      expect(board).toEqual(await scratchBoard(first.deps.db, contest.id));
      expect(board.counts).toEqual([1 + 200 + joiners.length]);
    } finally {
      await first.close();
      await second.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  },
  60_000,
);
