import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsMessages } from '@bullpen/contract/points';
import { rewardMessages, type RedeemResult, type Redemption } from '@bullpen/contract/rewards';
import { api } from '@bullpen/contract/routes';
import { classroomMembers, classrooms } from '../db/schema/classrooms.ts';
import { pointEntries } from '../db/schema/points.ts';
import { redemptions, rewards } from '../db/schema/rewards.ts';
import { availablePoints, ledgerSum } from '../points/service.ts';
import { buildTestApp, buildUser, type TestApp } from '../test/app.ts';

/**
 * The ledger under load and under random sequences: concurrent purchases never take a
 * balance below 0 nor sell more than it pays for, a platform reward is owned and charged
 * once, and after any mix of requests, decisions and cancels the balance is the ledger's sum
 * and every refund was paid exactly once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Who = { auth: { authorization: string } };
const post = (who: Who, url: string) => t.app.inject({ method: 'POST', url, headers: who.auth });

let codes = 0;
/** A teacher, their class with one student, and one reward per cost. */
async function buildClass(costs: number[]) {
  codes += 1;
  const teacher = await buildUser(t.deps, { is_teacher: true, trusted: true });
  const student = await buildUser(t.deps);
  const [classroom] = await t.deps.db
    .insert(classrooms)
    .values({
      name: `Class ${codes}`,
      teacherId: teacher.user.id,
      joinCode: `INV${process.pid}${codes}`,
    })
    .returning();
  await t.deps.db
    .insert(classroomMembers)
    .values({ classroomId: classroom!.id, userId: student.user.id });
  const rewardRows = await t.deps.db
    .insert(rewards)
    .values(
      costs.map((cost, i) => ({
        kind: 'classroom' as const,
        classroomId: classroom!.id,
        name: `Reward ${i}`,
        cost,
      })),
    )
    .returning();
  return { teacher, student, classroom: classroom!, rewards: rewardRows };
}

let sources = 0;
async function givePoints(userId: number, points: number) {
  sources += 1;
  await t.app.points.record([{ userId, points, reason: 'award', source: `test:${sources}` }]);
}

async function expectBooksBalance(userId: number) {
  const balance = await availablePoints(t.deps.db, userId);
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(await ledgerSum(t.deps.db, userId)).toBe(balance);
  return balance;
}

describe('concurrent purchases', () => {
  it('50 at once that together exceed the balance: only the affordable ones succeed', async () => {
    const cost = 30;
    const balance = 500;
    const {
      student,
      rewards: [reward],
    } = await buildClass([cost]);
    await givePoints(student.user.id, balance);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post(student, api.redeemReward.build({ id: reward!.id }))),
    );
    const sold = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(sold).toHaveLength(Math.floor(balance / cost));
    expect(refused).toHaveLength(50 - sold.length);
    for (const response of refused) {
      expect((response.json() as { error: string }).error).toMatch(
        /^You need \d+ more points? for this\.$/,
      );
    }
    expect(await expectBooksBalance(student.user.id)).toBe(balance % cost);
    const rows = await t.deps.db
      .select()
      .from(redemptions)
      .where(eq(redemptions.userId, student.user.id));
    expect(rows).toHaveLength(sold.length);
    // Every balance a buyer was told is one the ledger passed through, never below 0.
    const told = sold.map((response) => (response.json() as RedeemResult).available_points);
    expect(new Set(told).size).toBe(sold.length);
    expect(Math.min(...told)).toBe(balance % cost);
  });

  it('20 at once of one platform reward: owned once, charged once', async () => {
    const student = await buildUser(t.deps);
    await givePoints(student.user.id, 1000);
    const [badge] = await t.deps.db
      .select()
      .from(rewards)
      .where(eq(rewards.slug, 'badge-investor'));
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post(student, api.redeemReward.build({ id: badge!.id }))),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(19);
    for (const response of refused)
      expect(response.json()).toEqual({ error: rewardMessages.owned });
    expect(await expectBooksBalance(student.user.id)).toBe(1000 - badge!.cost);
    const spends = await t.deps.db
      .select()
      .from(pointEntries)
      .where(eq(pointEntries.userId, student.user.id));
    expect(spends.filter((entry) => entry.reason === 'redemption')).toHaveLength(1);
  });

  it('without enough points for even one, nothing is written', async () => {
    const {
      student,
      rewards: [reward],
    } = await buildClass([100]);
    await givePoints(student.user.id, 99);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post(student, api.redeemReward.build({ id: reward!.id }))),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: pointsMessages.notEnough(1) });
    }
    expect(await expectBooksBalance(student.user.id)).toBe(99);
    expect(
      await t.deps.db.select().from(redemptions).where(eq(redemptions.userId, student.user.id)),
    ).toEqual([]);
  });
});

type Step =
  | { kind: 'redeem'; reward: number }
  | { kind: 'platform'; reward: number }
  | { kind: 'approve' | 'decline' | 'cancel'; pick: number; twice: boolean }
  | { kind: 'race'; pick: number }
  | { kind: 'award'; points: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('redeem' as const), reward: fc.nat({ max: 2 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('platform' as const), reward: fc.nat({ max: 6 }) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('approve' as const, 'decline' as const, 'cancel' as const),
      pick: fc.nat(),
      twice: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('race' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('award' as const),
      points: fc.integer({ min: 1, max: 120 }),
    }),
  },
);

describe('random sequences', () => {
  it('keep balance = ledger sum ≥ 0, and refund every declined or cancelled request once', async () => {
    const platform = await t.deps.db.select().from(rewards).where(eq(rewards.kind, 'frame'));
    const badges = await t.deps.db.select().from(rewards).where(eq(rewards.kind, 'badge'));
    const platformRewards = [...platform, ...badges].filter((row) => row.retiredAt === null);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        const { teacher, student, rewards: classRewards } = await buildClass([15, 40, 90]);
        await givePoints(student.user.id, 100);
        let expected = 100;
        const requests: number[] = [];
        for (const current of steps) {
          if (current.kind === 'award') {
            await givePoints(student.user.id, current.points);
            expected += current.points;
          } else if (current.kind === 'redeem' || current.kind === 'platform') {
            const reward =
              current.kind === 'redeem'
                ? classRewards[current.reward]!
                : platformRewards[current.reward % platformRewards.length]!;
            const response = await post(student, api.redeemReward.build({ id: reward.id }));
            if (response.statusCode === 201) {
              const result = response.json() as RedeemResult;
              expected -= reward.cost;
              expect(result.available_points).toBe(expected);
              if (current.kind === 'redeem') requests.push(result.redemption.id);
            } else {
              expect(response.statusCode).toBe(409);
              // Refused only for want of points, or for a platform reward already owned.
              const owned =
                current.kind === 'platform' &&
                (response.json() as { error: string }).error === rewardMessages.owned;
              if (!owned) expect(expected).toBeLessThan(reward.cost);
            }
          } else if (requests.length > 0) {
            const id = requests[current.pick % requests.length]!;
            const calls =
              current.kind === 'race'
                ? [
                    post(teacher, api.approveRedemption.build({ id })),
                    post(teacher, api.declineRedemption.build({ id })),
                    post(student, api.cancelRedemption.build({ id })),
                  ]
                : Array.from({ length: current.twice ? 2 : 1 }, () =>
                    post(
                      current.kind === 'cancel' ? student : teacher,
                      (current.kind === 'approve'
                        ? api.approveRedemption
                        : current.kind === 'decline'
                          ? api.declineRedemption
                          : api.cancelRedemption
                      ).build({ id }),
                    ),
                  );
            const responses = await Promise.all(calls);
            const won = responses.filter((response) => response.statusCode === 200);
            expect(won.length).toBeLessThanOrEqual(1);
            for (const response of responses) expect([200, 409]).toContain(response.statusCode);
            const status = won[0] && (won[0].json() as Redemption).status;
            if (status === 'declined' || status === 'cancelled') {
              expected += (won[0]!.json() as Redemption).cost;
            }
          }
          expect(await expectBooksBalance(student.user.id)).toBe(expected);
        }
        // Each purchase charged once; each declined or cancelled request refunded once.
        const entries = await t.deps.db
          .select()
          .from(pointEntries)
          .where(eq(pointEntries.userId, student.user.id));
        const rows = await t.deps.db
          .select()
          .from(redemptions)
          .where(eq(redemptions.userId, student.user.id));
        for (const row of rows) {
          const charged = entries.filter((entry) => entry.source === `redemption:${row.id}`);
          expect(charged.map((entry) => entry.points)).toEqual([-row.cost]);
          const refunded = entries.filter((entry) => entry.source === `refund:${row.id}`);
          const owed = row.status === 'declined' || row.status === 'cancelled';
          expect(refunded.map((entry) => entry.points)).toEqual(owed ? [row.cost] : []);
        }
        expect(entries.filter((entry) => entry.reason === 'redemption')).toHaveLength(rows.length);
      }),
      { numRuns: 20 },
    );
  });
});
