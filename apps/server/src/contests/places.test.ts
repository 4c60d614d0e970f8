import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { CONTEST_PLACE_POINTS, CONTEST_POINTS_MIN_PLAYERS } from '@bullpen/contract/points';
import { userChannel } from '@bullpen/contract/realtime';
import { availablePoints, entriesOf } from '../points/service.ts';
import { buildApp } from '../app.ts';
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
import { placeNote } from './places.ts';
import { REPRICED_AFTER_END_MS } from './queries.ts';

/**
 * The top places of an ended contest are paid once its values are final (a day after its end,
 * when the trading job stops re-pricing it): once, to the board's first three, and only when
 * the contest had enough players.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof buildUser>>;
const day = 86_400_000;
const start = marketTimes.open.getTime();

beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  t.app.market.clock.now = () => marketTimes.open;
});
afterAll(async () => t.close());

function at(time: number) {
  t.app.market.clock.now = () => new Date(time);
}

/** A contest ending a day from now, its owner and `players` more members, each with a value. */
async function contestWith(values: number[], name = `Places ${Math.random()}`) {
  at(start);
  const owner = await buildUser(t.deps, { verified: true });
  const contest = await buildContest(t, owner, {
    name,
    ends_at: new Date(start + day).toISOString(),
  });
  const members: { user: User; contestUserId: number }[] = [];
  for (const value of values) {
    const user = await buildUser(t.deps);
    const contestUserId = await joinContest(t, user, contest.id);
    await t.deps.db.execute(
      sql`update contest_users set value_cents = ${value} where id = ${contestUserId}`,
    );
    members.push({ user, contestUserId });
  }
  // The owner is a player too: below everyone here.
  await t.deps.db.execute(
    sql`update contest_users set value_cents = 1 where id = ${contest.my_contest_user}`,
  );
  return { contest, owner, members, endsAt: start + day };
}

async function contestEntries(user: User) {
  const rows = await entriesOf(t.deps.db, user.user.id, { offset: 0, limit: 50 });
  return rows.filter((row) => row.reason === 'contest');
}

describe('paying the places of an ended contest', () => {
  it('pays the top three once its values are final, not before, and once only', async () => {
    const name = 'Spring Stock Cup';
    const { contest, members, owner, endsAt } = await contestWith(
      [900_000, 1_300_000, 1_100_000, 1_200_000],
      name,
    );
    const [fourth, first, third, second] = members.map((member) => member.user);
    const heard: unknown[] = [];
    await t.app.realtime.subscribe(userChannel(first!.user.id), {
      id: 'places-test',
      send: (data) => heard.push(JSON.parse(data)),
    });

    // Running, just ended, still re-priced: nothing yet.
    for (const time of [start, endsAt + 60_000, endsAt + REPRICED_AFTER_END_MS - 60_000]) {
      at(time);
      const run = await t.app.contests.jobs.run();
      expect(run.settled).not.toContain(contest.id);
      expect(await contestEntries(first!)).toEqual([]);
    }

    at(endsAt + REPRICED_AFTER_END_MS + 60_000);
    expect((await t.app.contests.jobs.run()).settled).toContain(contest.id);
    const paid = [first!, second!, third!];
    for (const [index, user] of paid.entries()) {
      expect(await availablePoints(t.deps.db, user.user.id)).toBe(CONTEST_PLACE_POINTS[index]);
      const entries = await contestEntries(user);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        points: CONTEST_PLACE_POINTS[index],
        source: `contest:${contest.id}`,
        note: placeNote(index + 1, name),
        createdBy: null,
      });
    }
    expect(placeNote(2, name)).toBe('2nd place in Spring Stock Cup');
    expect(await availablePoints(t.deps.db, fourth!.user.id)).toBe(0);
    expect(await availablePoints(t.deps.db, owner.user.id)).toBe(0);
    expect(heard).toEqual([
      {
        channel: userChannel(first!.user.id),
        type: 'points',
        available_points: CONTEST_PLACE_POINTS[0],
      },
    ]);

    // Later runs find nothing to do, and pay nothing again.
    for (let run = 0; run < 3; run += 1) {
      at(endsAt + REPRICED_AFTER_END_MS + (run + 2) * day);
      expect((await t.app.contests.jobs.run()).settled).not.toContain(contest.id);
    }
    for (const [index, user] of paid.entries()) {
      expect(await availablePoints(t.deps.db, user.user.id)).toBe(CONTEST_PLACE_POINTS[index]);
      expect(await contestEntries(user)).toHaveLength(1);
    }
  });

  it("breaks a tie in the board's order: the earlier member places first", async () => {
    const { members, endsAt } = await contestWith([1_000_000, 1_500_000, 1_500_000, 1_500_000]);
    const [, early, middle, late] = members.map((member) => member.user);
    at(endsAt + REPRICED_AFTER_END_MS + 1);
    await t.app.contests.jobs.run();
    expect(await availablePoints(t.deps.db, early!.user.id)).toBe(CONTEST_PLACE_POINTS[0]);
    expect(await availablePoints(t.deps.db, middle!.user.id)).toBe(CONTEST_PLACE_POINTS[1]);
    expect(await availablePoints(t.deps.db, late!.user.id)).toBe(CONTEST_PLACE_POINTS[2]);
    expect(await availablePoints(t.deps.db, members[0]!.user.user.id)).toBe(0);
  });

  it('pays nothing below the least number of players, and marks the contest settled', async () => {
    // The owner and one member: fewer players than the least.
    expect(CONTEST_POINTS_MIN_PLAYERS).toBeGreaterThan(2);
    const { contest, members, owner, endsAt } = await contestWith([2_000_000]);
    at(endsAt + REPRICED_AFTER_END_MS + 1);
    expect((await t.app.contests.jobs.run()).settled).toContain(contest.id);
    expect(await availablePoints(t.deps.db, members[0]!.user.user.id)).toBe(0);
    expect(await availablePoints(t.deps.db, owner.user.id)).toBe(0);
    expect((await t.app.contests.jobs.run()).settled).not.toContain(contest.id);

    // Exactly the least number of players pays all three places.
    const least = await contestWith(
      Array.from({ length: CONTEST_POINTS_MIN_PLAYERS - 1 }, (_, index) => 2_000_000 - index),
    );
    at(least.endsAt + REPRICED_AFTER_END_MS + 1);
    await t.app.contests.jobs.run();
    const points = await Promise.all(
      [...least.members.map((member) => member.user), least.owner].map((user) =>
        availablePoints(t.deps.db, user.user.id),
      ),
    );
    expect(points).toEqual(CONTEST_PLACE_POINTS.slice(0, CONTEST_POINTS_MIN_PLAYERS));
  });

  it('pays once when several runs (several server processes) race', async () => {
    const { members, endsAt } = await contestWith([1_300_000, 1_200_000, 1_100_000]);
    at(endsAt + REPRICED_AFTER_END_MS + 1);
    const runs = await Promise.all(Array.from({ length: 5 }, () => t.app.contests.jobs.run()));
    expect(runs.flatMap((run) => run.settled)).toHaveLength(
      new Set(runs.flatMap((run) => run.settled)).size,
    );
    for (const [index, member] of members.entries()) {
      expect(await availablePoints(t.deps.db, member.user.user.id)).toBe(
        CONTEST_PLACE_POINTS[index],
      );
      expect(await contestEntries(member.user)).toHaveLength(1);
    }
  });

  it('leaves out members who left, and never pays the standing challenge', async () => {
    const { members, endsAt } = await contestWith([1_900_000, 1_800_000, 1_700_000, 1_600_000]);
    const leaving = members[0]!;
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/contest-users/${leaving.contestUserId}/`,
      headers: leaving.user.auth,
    });
    expect(left.statusCode).toBe(204);
    at(endsAt + REPRICED_AFTER_END_MS + 1);
    await t.app.contests.jobs.run();
    expect(await availablePoints(t.deps.db, leaving.user.user.id)).toBe(0);
    expect(
      await Promise.all(
        members.slice(1).map((member) => availablePoints(t.deps.db, member.user.user.id)),
      ),
    ).toEqual([...CONTEST_PLACE_POINTS]);

    const updated = (await t.deps.db.execute(
      sql`update contests set ends_at = ${new Date(start - 10 * day).toISOString()},
          starts_at = ${new Date(start - 400 * day).toISOString()}
          where is_challenge returning id`,
    )) as unknown as { rows: { id: number }[] };
    const [challenge] = updated.rows;
    expect(challenge).toBeDefined();
    expect((await t.app.contests.jobs.run()).settled).not.toContain(challenge!.id);
  });
});

it.runIf(inject('databaseTemplate').engine === 'postgres')(
  'pays once when two server processes on one database run the job at the same time',
  async () => {
    const database = await createTestDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-places-'));
    const config = testConfig(dataDir, { DATABASE_URL: database.url });
    const first = await buildApp({ config, database });
    const second = await buildApp({ config, database });
    try {
      await Promise.all([first.ready(), second.ready()]);
      const atStart = () => marketTimes.open;
      first.market.clock.now = atStart;
      second.market.clock.now = atStart;
      const shared = { app: first, deps: first.deps } as TestApp;
      const owner = await buildUser(first.deps, { verified: true });
      const contest = await buildContest(shared, owner, {
        ends_at: new Date(start + day).toISOString(),
      });
      const players: User[] = [];
      for (const value of [3_000_000, 2_000_000, 1_500_000]) {
        const player = await buildUser(first.deps);
        const joined = await first.inject({
          method: 'POST',
          url: '/api/contest-users/',
          headers: player.auth,
          payload: { contest: contest.id },
        });
        await first.deps.db.execute(
          sql`update contest_users set value_cents = ${value} where id = ${joined.json().id}`,
        );
        players.push(player);
      }
      const settled = () => new Date(start + day + REPRICED_AFTER_END_MS + 1);
      first.market.clock.now = settled;
      second.market.clock.now = settled;
      const runs = await Promise.all(
        [first, second, first, second].map((app) => app.contests.jobs.run()),
      );
      expect(runs.flatMap((run) => run.settled)).toEqual([contest.id]);
      for (const [index, player] of players.entries()) {
        expect(await availablePoints(first.deps.db, player.user.id)).toBe(
          CONTEST_PLACE_POINTS[index],
        );
      }
    } finally {
      await first.close();
      await second.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  },
);
