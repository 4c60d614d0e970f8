import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildContest, buildTestApp, buildUser, marketTimes, type TestApp } from '../test/app.ts';

/**
 * The stored leaderboard (`contest_board`, kept by triggers) under random orders, revaluations,
 * members joining, leaving and coming back, values set straight in the table (ties) and bulk
 * changes (the trigger's re-rank path): after every step the API serves exactly the board that
 * `rank()` computes from scratch.
 */
let t: TestApp;
let traders: Awaited<ReturnType<typeof buildUser>>[];
/** Users made in SQL, for bulk joins: more than the trigger moves one by one. */
let crowdUserIds: number[];
beforeAll(async () => {
  t = await buildTestApp();
  traders = [];
  for (let index = 0; index < 4; index += 1) traders.push(await buildUser(t.deps));
  const rows = (await t.deps.db.execute(sql`
    insert into users (username, email, password_hash, first_name, last_name)
    select 'crowd' || g || '-' || ${process.pid}, 'crowd' || g || '-' || ${process.pid} || '@school.test', 'x', 'C', 'P'
    from generate_series(1, 24) as g
    returning id`)) as unknown as { rows: { id: number }[] };
  crowdUserIds = rows.rows.map((row) => Number(row.id));
});
afterAll(async () => t.close());

type Step =
  | { kind: 'order'; trader: number; side: 'BUY' | 'SELL'; security: number; quantity: number }
  | { kind: 'join'; trader: number }
  | { kind: 'leave'; trader: number }
  | { kind: 'tie'; trader: number; with: number }
  | { kind: 'crowd'; joining: boolean; count: number }
  | { kind: 'shuffle'; spread: number }
  | { kind: 'vanish'; crowd: number }
  | { kind: 'jobs'; minutes: number };

const trader = fc.integer({ min: 0, max: 3 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      trader,
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      security: fc.integer({ min: 1, max: 3 }),
      quantity: fc.integer({ min: 1, max: 30 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('join' as const), trader }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('leave' as const), trader }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('tie' as const), trader, with: fc.nat() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('crowd' as const),
      joining: fc.boolean(),
      count: fc.integer({ min: 1, max: 24 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('shuffle' as const),
      spread: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('vanish' as const),
      crowd: fc.integer({ min: 0, max: 23 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('jobs' as const),
      minutes: fc.constantFrom(1, 7, 60),
    }),
  },
);

type Line = { contest_user: number; user: number; value: number; rank: number };

/** The board from scratch: members who have not left, ranked with `rank()`. */
async function rankedFromScratch(contestId: number): Promise<Line[]> {
  const result = (await t.deps.db.execute(sql`
    select id, user_id, value_cents, rank() over (order by value_cents desc) as rank
    from contest_users where contest_id = ${contestId} and left_at is null
    order by value_cents desc, id`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    contest_user: Number(row.id),
    user: Number(row.user_id),
    value: Number(row.value_cents),
    rank: Number(row.rank),
  }));
}

/** Every page of the board as the API serves it, `pageSize` lines a page, and its count. */
async function servedBoard(contestId: number, pageSize: number) {
  const lines: Line[] = [];
  const counts = new Set<number>();
  for (let page = 1; ; page += 1) {
    const response = await t.app.inject({
      url: `/api/contest-users/leaderboard/?contest=${contestId}&page_size=${pageSize}&page=${page}`,
      headers: traders[0]!.auth,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    for (const row of body.results) {
      lines.push({
        contest_user: row.contest_user,
        user: row.user.id,
        value: row.value,
        rank: row.rank,
      });
    }
    counts.add(body.count);
    if (!body.next) return { lines, counts: [...counts] };
  }
}

it('serves the ranks rank() computes from scratch through random value and membership changes', async () => {
  const seen = {
    orders: 0,
    joins: 0,
    leaves: 0,
    ties: 0,
    crowds: 0,
    shuffles: 0,
    vanishes: 0,
    jobs: 0,
  };
  await fc.assert(
    fc.asyncProperty(
      fc.array(step, { minLength: 4, maxLength: 18 }),
      fc.integer({ min: 1, max: 7 }),
      async (steps, pageSize) => {
        let now = marketTimes.open.getTime();
        t.app.market.clock.now = () => new Date(now);
        const contest = await buildContest(t, traders[0]!, {
          starting_cash: 1_000_000,
          starts_at: new Date(now - 86_400_000).toISOString(),
          ends_at: new Date(now + 30 * 86_400_000).toISOString(),
        });
        const memberIds = new Map<number, number>([[0, contest.my_contest_user]]);
        for (const current of steps) {
          if (current.kind === 'order') {
            const member = memberIds.get(current.trader);
            if (member === undefined) continue;
            const response = await t.app.inject({
              method: 'POST',
              url: '/api/contest-user-orders/',
              headers: traders[current.trader]!.auth,
              payload: {
                contest_user: member,
                security: current.security,
                order_type: current.side,
                quantity: current.quantity,
              },
            });
            // Refused (no cash, no shares) or, for a member who left, not found.
            expect([201, 400, 404]).toContain(response.statusCode);
            if (response.statusCode === 201) seen.orders += 1;
          } else if (current.kind === 'join') {
            const response = await t.app.inject({
              method: 'POST',
              url: '/api/contest-users/',
              headers: traders[current.trader]!.auth,
              payload: { code: contest.join_code },
            });
            expect([200, 201]).toContain(response.statusCode);
            memberIds.set(current.trader, response.json().id);
            seen.joins += 1;
          } else if (current.kind === 'leave') {
            const member = memberIds.get(current.trader);
            if (member === undefined || current.trader === 0) continue;
            const response = await t.app.inject({
              method: 'DELETE',
              url: `/api/contest-users/${member}/`,
              headers: traders[current.trader]!.auth,
            });
            expect([204, 404]).toContain(response.statusCode);
            if (response.statusCode === 204) seen.leaves += 1;
          } else if (current.kind === 'tie') {
            const member = memberIds.get(current.trader);
            const others = [...memberIds.values()];
            if (member === undefined) continue;
            const other = others[current.with % others.length]!;
            await t.deps.db.execute(sql`
              update contest_users set value_cents = (select value_cents from contest_users where id = ${other})
              where id = ${member}`);
            seen.ties += 1;
          } else if (current.kind === 'crowd') {
            const userIds = crowdUserIds.slice(0, current.count);
            if (current.joining) {
              await t.deps.db.execute(sql`
                insert into contest_users (contest_id, user_id, cash_cents, value_cents)
                select ${contest.id}, id, 1000000, 990000 + (id % 5) * 5000
                from users where id in ${userIds}
                on conflict (contest_id, user_id) do update set left_at = null`);
            } else {
              await t.deps.db.execute(sql`
                update contest_users set left_at = ${new Date(now)}
                where contest_id = ${contest.id} and user_id in ${userIds}`);
            }
            seen.crowds += 1;
          } else if (current.kind === 'shuffle') {
            await t.deps.db.execute(sql`
              update contest_users set value_cents = value_cents + (id % ${current.spread + 1}) * 2500
              where contest_id = ${contest.id}`);
            seen.shuffles += 1;
          } else if (current.kind === 'vanish') {
            // A membership deleted outright (its user's account deleted, say).
            await t.deps.db.execute(sql`
              delete from contest_users
              where contest_id = ${contest.id} and user_id = ${crowdUserIds[current.crowd]!}`);
            seen.vanishes += 1;
          } else {
            now += current.minutes * 60_000;
            await t.app.trading.run();
            seen.jobs += 1;
          }
          const expected = await rankedFromScratch(contest.id);
          expect(await servedBoard(contest.id, pageSize)).toEqual({
            lines: expected,
            counts: [expected.length],
          });
          // One member's line carries its rank in the whole contest.
          const line = expected[steps.indexOf(current) % Math.max(expected.length, 1)];
          if (line) {
            const one = (
              await t.app.inject({
                url: `/api/contest-users/leaderboard/?contest=${contest.id}&user=${line.user}`,
                headers: traders[0]!.auth,
              })
            ).json();
            expect(one.count).toBe(1);
            expect(one.results).toEqual([
              expect.objectContaining({ rank: line.rank, contest_user: line.contest_user }),
            ]);
          }
        }
      },
    ),
    { numRuns: 15, seed: 20261125 },
  );
  for (const [kind, count] of Object.entries(seen)) expect(count, kind).toBeGreaterThan(0);
}, 240_000);
