import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { classroomMessages } from '@bullpen/contract/classrooms';
import { authMessages } from '@bullpen/contract/messages';
import { pointsMessages } from '@bullpen/contract/points';
import {
  CLASSROOM_REWARDS_MAX,
  PLATFORM_REWARDS,
  rewardMessages,
  type Equipped,
  type RedeemResult,
  type Redemption,
  type RedemptionsPage,
  type Reward,
} from '@bullpen/contract/rewards';
import { userChannel } from '@bullpen/contract/realtime';
import { api } from '@bullpen/contract/routes';
import { classrooms } from '../db/schema/classrooms.ts';
import { rewards } from '../db/schema/rewards.ts';
import { availablePoints, ledgerSum } from '../points/service.ts';
import { buildTestApp, buildUser, type TestApp } from '../test/app.ts';
import { buildClassroom } from '../test/classrooms.ts';
import { DEMO_CLASSROOM_REWARDS, seedDemoRewards, syncPlatformRewards } from './service.ts';

/**
 * The redeem page's API: the catalogue each user sees, buying platform and class rewards,
 * the teacher's decisions and the student's cancel (with their refunds), a class's own
 * rewards, the equipped frame and badge — each route with the user it serves and the ones it
 * refuses.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Who = { auth: { authorization: string } } | undefined;

function call(
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    ...(who ? { headers: who.auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

let sources = 0;
async function givePoints(userId: number, points: number) {
  sources += 1;
  await t.app.points.record([{ userId, points, reason: 'award', source: `test:${sources}` }]);
}

/** A teacher, their class with two students and a reward, and a teacher and student elsewhere. */
async function buildClass(options: { cost?: number; frozen?: boolean } = {}) {
  const teacher = await buildUser(t.deps, {
    is_teacher: true,
    trusted: true,
    first_name: 'Ana',
    last_name: 'Rivera',
  });
  const student = await buildUser(t.deps, { first_name: 'Luis', last_name: 'Soto' });
  const classmate = await buildUser(t.deps);
  const otherTeacher = await buildUser(t.deps, { is_teacher: true, trusted: true });
  const outsider = await buildUser(t.deps);
  const classroom = await buildClassroom(t.deps, teacher.user.id, {
    studentIds: [student.user.id, classmate.user.id],
    codePrefix: 'REWARD',
  });
  await buildClassroom(t.deps, otherTeacher.user.id, {
    studentIds: [outsider.user.id],
    codePrefix: 'REWARD',
  });
  const created = await call(teacher, 'POST', api.classroomRewards.build({ id: classroom.id }), {
    name: 'Choose the warm-up question',
    description: 'Pick Monday’s question.',
    cost: options.cost ?? 40,
  });
  expect(created.statusCode).toBe(201);
  const reward = created.json() as Reward;
  if (options.frozen) {
    await t.deps.db
      .update(classrooms)
      .set({ frozenAt: new Date() })
      .where(eq(classrooms.id, classroom.id));
  }
  return { teacher, student, classmate, otherTeacher, outsider, classroom, reward };
}

const redeem = (who: Who, rewardId: number) =>
  call(who, 'POST', api.redeemReward.build({ id: rewardId }));

/** A platform reward's row, by its catalogue slug. */
async function platformReward(slug: string) {
  const [row] = await t.deps.db.select().from(rewards).where(eq(rewards.slug, slug));
  if (!row) throw new Error(`no platform reward ${slug}`);
  return row;
}

describe('platform rewards', () => {
  it('are in the database at start-up, in step with the catalogue', async () => {
    const rows = await t.deps.db.select().from(rewards);
    const platform = rows.filter((row) => row.slug !== null && row.retiredAt === null);
    expect(platform.map(({ slug, kind, cost, name }) => ({ slug, kind, cost, name }))).toEqual(
      expect.arrayContaining([...PLATFORM_REWARDS]),
    );
    expect(platform).toHaveLength(PLATFORM_REWARDS.length);
  });

  it('syncs idempotently, follows cost changes and retires a slug no longer listed', async () => {
    expect(await syncPlatformRewards(t.deps.db, new Date())).toEqual({ written: 0, retired: 0 });
    await t.deps.db
      .insert(rewards)
      .values({ kind: 'badge', slug: 'badge-gone', name: 'Gone', cost: 5 });
    await t.deps.db.update(rewards).set({ cost: 1 }).where(eq(rewards.slug, 'frame-gold'));
    expect(await syncPlatformRewards(t.deps.db, new Date())).toEqual({ written: 1, retired: 1 });
    const [gold] = await t.deps.db.select().from(rewards).where(eq(rewards.slug, 'frame-gold'));
    expect(gold!.cost).toBe(300);
    const [gone] = await t.deps.db.select().from(rewards).where(eq(rewards.slug, 'badge-gone'));
    expect(gone!.retiredAt).not.toBeNull();
    const student = await buildUser(t.deps);
    const listed = (await call(student, 'GET', api.rewards.build())).json() as Reward[];
    expect(listed.map((reward) => reward.slug)).not.toContain('badge-gone');
  });

  it('are bought once: done at once, owned, charged, and a second purchase is refused', async () => {
    const student = await buildUser(t.deps);
    await givePoints(student.user.id, 500);
    const sky = await platformReward('frame-sky');
    const bought = await redeem(student, sky.id);
    expect(bought.statusCode).toBe(201);
    const result = bought.json() as RedeemResult;
    expect(result.available_points).toBe(500 - sky.cost);
    expect(result.redemption).toMatchObject({
      status: 'done',
      cost: sky.cost,
      classroom: null,
      reward: { id: sky.id, kind: 'frame', slug: 'frame-sky', name: 'Sky frame' },
      student: { id: student.user.id, name: 'Test Student' },
      decided_at: null,
    });
    const again = await redeem(student, sky.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: rewardMessages.owned });
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(500 - sky.cost);
    const listed = (await call(student, 'GET', api.rewards.build())).json() as Reward[];
    expect(listed.find((reward) => reward.id === sky.id)?.owned).toBe(true);
    expect(listed.find((reward) => reward.slug === 'frame-gold')?.owned).toBe(false);
  });

  it('need enough points: a 409 that says how many are missing, and nothing written', async () => {
    const student = await buildUser(t.deps);
    await givePoints(student.user.id, 50);
    const gold = await platformReward('frame-gold');
    const refused = await redeem(student, gold.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: pointsMessages.notEnough(gold.cost - 50) });
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(50);
    expect(await ledgerSum(t.deps.db, student.user.id)).toBe(50);
    const mine = (await call(student, 'GET', api.redemptions.build())).json() as RedemptionsPage;
    expect(mine.count).toBe(0);
    // And once the points are there, the same reward sells.
    await givePoints(student.user.id, gold.cost);
    expect((await redeem(student, gold.id)).statusCode).toBe(201);
  });

  it('refuses an unknown or retired reward, a bad id and a signed-out user', async () => {
    const student = await buildUser(t.deps);
    expect((await redeem(student, 999_999)).json()).toEqual({ error: rewardMessages.notFound });
    expect((await redeem(student, 999_999)).statusCode).toBe(404);
    const [gone] = await t.deps.db
      .insert(rewards)
      .values({
        kind: 'badge',
        slug: `retired-${Date.now()}`,
        name: 'Old',
        cost: 1,
        retiredAt: new Date(),
      })
      .returning();
    expect((await redeem(student, gone!.id)).statusCode).toBe(404);
    expect((await call(student, 'POST', '/api/rewards/abc/redeem/')).statusCode).toBe(400);
    const signedOut = await redeem(undefined, gone!.id);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: authMessages.notAuthenticated });
  });
});

describe('the catalogue', () => {
  it('shows a student the platform rewards and their classes’ rewards, with their requests', async () => {
    const { student, teacher, outsider, classroom, reward } = await buildClass();
    await givePoints(student.user.id, 100);
    expect((await redeem(student, reward.id)).statusCode).toBe(201);
    const seen = (await call(student, 'GET', api.rewards.build())).json() as Reward[];
    expect(seen.filter((item) => item.kind !== 'classroom')).toHaveLength(PLATFORM_REWARDS.length);
    expect(seen.find((item) => item.id === reward.id)).toEqual({
      id: reward.id,
      kind: 'classroom',
      slug: null,
      name: 'Choose the warm-up question',
      description: 'Pick Monday’s question.',
      cost: 40,
      classroom: { id: classroom.id, name: classroom.name },
      owned: false,
      pending: 1,
    });
    // Its teacher sees it too; a student of another class does not.
    const taught = (await call(teacher, 'GET', api.rewards.build())).json() as Reward[];
    expect(taught.find((item) => item.id === reward.id)?.pending).toBe(0);
    const elsewhere = (await call(outsider, 'GET', api.rewards.build())).json() as Reward[];
    expect(elsewhere.some((item) => item.id === reward.id)).toBe(false);
    expect((await call(undefined, 'GET', api.rewards.build())).statusCode).toBe(401);
  });
});

describe('class rewards', () => {
  it('are bought by the class’s students only, as a request, while the class is not frozen', async () => {
    const { student, teacher, otherTeacher, outsider, reward } = await buildClass();
    for (const who of [student, teacher, otherTeacher, outsider])
      await givePoints(who.user.id, 100);
    const asked = await redeem(student, reward.id);
    expect(asked.statusCode).toBe(201);
    expect((asked.json() as RedeemResult).redemption.status).toBe('pending');
    expect((asked.json() as RedeemResult).available_points).toBe(60);
    // The same student may ask again (each request is its own purchase).
    expect((await redeem(student, reward.id)).statusCode).toBe(201);
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(20);
    // Not a member: not found; the teacher of the class: refused.
    for (const who of [outsider, otherTeacher]) {
      const refused = await redeem(who, reward.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: rewardMessages.notFound });
    }
    expect((await redeem(teacher, reward.id)).statusCode).toBe(403);
    for (const who of [teacher, otherTeacher, outsider]) {
      expect(await availablePoints(t.deps.db, who.user.id)).toBe(100);
    }
  });

  it('of the demo class are seeded for its students to see', async () => {
    const { teacher, student, classroom } = await buildClass();
    await seedDemoRewards(t.deps.db, { classroomId: classroom.id, teacherId: teacher.user.id });
    const listed = await call(student, 'GET', api.classroomRewards.build({ id: classroom.id }));
    expect((listed.json() as Reward[]).map((reward) => reward.name)).toEqual(
      expect.arrayContaining(DEMO_CLASSROOM_REWARDS.map((reward) => reward.name)),
    );
  });

  it('are not sold in a frozen class', async () => {
    const { student, reward } = await buildClass({ frozen: true });
    await givePoints(student.user.id, 100);
    const refused = await redeem(student, reward.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: rewardMessages.frozen });
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(100);
  });

  it('are listed to members, and defined, changed and retired by the teacher only', async () => {
    const { student, teacher, otherTeacher, outsider, classroom, reward } = await buildClass();
    const url = api.classroomRewards.build({ id: classroom.id });
    const one = api.classroomReward.build({ id: classroom.id, rewardId: reward.id });
    for (const who of [teacher, student]) {
      const listed = await call(who, 'GET', url);
      expect(listed.statusCode).toBe(200);
      expect((listed.json() as Reward[]).map((item) => item.id)).toEqual([reward.id]);
    }
    for (const who of [otherTeacher, outsider]) {
      const hidden = await call(who, 'GET', url);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ error: classroomMessages.notFound });
    }
    expect((await call(undefined, 'GET', url)).statusCode).toBe(401);

    const body = { name: 'Extra recess', cost: 10 };
    expect((await call(student, 'POST', url, body)).statusCode).toBe(403);
    expect((await call(student, 'POST', url, body)).json()).toEqual({
      error: classroomMessages.teacherOnly,
    });
    expect((await call(otherTeacher, 'POST', url, body)).statusCode).toBe(404);
    expect((await call(student, 'PATCH', one, { cost: 1 })).statusCode).toBe(403);
    expect((await call(otherTeacher, 'PATCH', one, { cost: 1 })).statusCode).toBe(404);
    expect((await call(student, 'DELETE', one)).statusCode).toBe(403);
    expect((await call(otherTeacher, 'DELETE', one)).statusCode).toBe(404);

    const changed = await call(teacher, 'PATCH', one, { cost: 25, name: '  Warm-up pick ' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: reward.id, cost: 25, name: 'Warm-up pick' });
    expect((await call(teacher, 'PATCH', one, {})).json()).toMatchObject({ cost: 25 });

    // A pending request survives the reward's retirement and can still be decided.
    await givePoints(student.user.id, 25);
    const asked = ((await redeem(student, reward.id)).json() as RedeemResult).redemption;
    expect(asked.cost).toBe(25);
    expect((await call(teacher, 'DELETE', one)).statusCode).toBe(204);
    expect((await call(teacher, 'DELETE', one)).statusCode).toBe(404);
    expect((await call(teacher, 'PATCH', one, { cost: 3 })).statusCode).toBe(404);
    expect((await call(student, 'GET', url)).json()).toEqual([]);
    expect((await redeem(student, reward.id)).statusCode).toBe(404);
    const declined = await call(teacher, 'POST', api.declineRedemption.build({ id: asked.id }));
    expect(declined.statusCode).toBe(200);
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(25);
  });

  it('refuses bad input with the contract’s messages', async () => {
    const { teacher, classroom } = await buildClass();
    const url = api.classroomRewards.build({ id: classroom.id });
    const cases: [unknown, Record<string, string[]>][] = [
      [{ name: '', cost: 5 }, { name: [rewardMessages.name] }],
      [{ name: 'x'.repeat(81), cost: 5 }, { name: [rewardMessages.nameTooLong] }],
      [{ name: 'Pick', cost: 0 }, { cost: [rewardMessages.cost] }],
      [{ name: 'Pick', cost: 1.5 }, { cost: [rewardMessages.cost] }],
      [{ name: 'Pick', cost: 10_001 }, { cost: [rewardMessages.cost] }],
      [{ name: 'Pick', cost: '5' }, { cost: [rewardMessages.cost] }],
      [
        { name: 'Pick', cost: 5, description: 'y'.repeat(301) },
        { description: [rewardMessages.descriptionTooLong] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await call(teacher, 'POST', url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject(errors);
    }
    expect((await call(teacher, 'POST', url, { name: 'Pick', cost: 5, extra: 1 })).statusCode).toBe(
      400,
    );
    expect((await call(teacher, 'GET', '/api/classrooms/classrooms/x/rewards/')).statusCode).toBe(
      400,
    );
  });

  it(`holds at most ${CLASSROOM_REWARDS_MAX} live rewards in a class, even when added at once`, async () => {
    const { teacher, classroom } = await buildClass();
    const url = api.classroomRewards.build({ id: classroom.id });
    const responses = await Promise.all(
      Array.from({ length: CLASSROOM_REWARDS_MAX + 5 }, (_, i) =>
        call(teacher, 'POST', url, { name: `Reward ${i}`, cost: 5 }),
      ),
    );
    // One reward was there already.
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(CLASSROOM_REWARDS_MAX - 1);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(6);
    expect(refused[0]!.json()).toEqual({ error: rewardMessages.tooMany });
  });
});

describe('requests', () => {
  async function askedOnce() {
    const built = await buildClass();
    await givePoints(built.student.user.id, 100);
    const result = (await redeem(built.student, built.reward.id)).json() as RedeemResult;
    return { ...built, request: result.redemption };
  }

  it('are approved by the class’s teacher only, never the student or another teacher', async () => {
    const { student, classmate, teacher, otherTeacher, outsider, request } = await askedOnce();
    const url = api.approveRedemption.build({ id: request.id });
    const own = await call(student, 'POST', url);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: classroomMessages.teacherOnly });
    for (const who of [otherTeacher, outsider, classmate]) {
      const hidden = await call(who, 'POST', url);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ error: rewardMessages.redemptionNotFound });
    }
    expect((await call(undefined, 'POST', url)).statusCode).toBe(401);
    const approved = await call(teacher, 'POST', url);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: request.id, status: 'approved' });
    expect((approved.json() as Redemption).decided_at).not.toBeNull();
    // Decided once: a second decision, a decline or a cancel is a conflict; no refund.
    for (const [who, path] of [
      [teacher, api.approveRedemption],
      [teacher, api.declineRedemption],
      [student, api.cancelRedemption],
    ] as const) {
      const late = await call(who, 'POST', path.build({ id: request.id }));
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: rewardMessages.notPending });
    }
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(60);
  });

  it('declined: the points come back once', async () => {
    const { student, teacher, otherTeacher, request } = await askedOnce();
    const url = api.declineRedemption.build({ id: request.id });
    expect((await call(student, 'POST', url)).statusCode).toBe(403);
    expect((await call(otherTeacher, 'POST', url)).statusCode).toBe(404);
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(60);
    const declined = await call(teacher, 'POST', url);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect((await call(teacher, 'POST', url)).statusCode).toBe(409);
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(100);
    expect(await ledgerSum(t.deps.db, student.user.id)).toBe(100);
  });

  it('are told live: the teacher when one is made or cancelled, the student when decided', async () => {
    const { student, teacher, reward } = await buildClass();
    await givePoints(student.user.id, 100);
    const heard = new Map<number, unknown[]>([
      [student.user.id, []],
      [teacher.user.id, []],
    ]);
    for (const [userId, messages] of heard) {
      await t.app.realtime.subscribe(userChannel(userId), {
        id: `rewards-${userId}`,
        send: (data) => messages.push(JSON.parse(data)),
      });
    }
    const rewardsOf = (userId: number) =>
      heard.get(userId)!.filter((message) => (message as { type: string }).type === 'rewards');
    const first = (await redeem(student, reward.id)).json() as RedeemResult;
    expect(rewardsOf(teacher.user.id)).toHaveLength(1);
    expect(rewardsOf(student.user.id)).toHaveLength(0);
    await call(student, 'POST', api.cancelRedemption.build({ id: first.redemption.id }));
    expect(rewardsOf(teacher.user.id)).toHaveLength(2);
    const second = (await redeem(student, reward.id)).json() as RedeemResult;
    await call(teacher, 'POST', api.approveRedemption.build({ id: second.redemption.id }));
    expect(rewardsOf(student.user.id)).toEqual([
      { channel: userChannel(student.user.id), type: 'rewards' },
    ]);
    expect(rewardsOf(teacher.user.id)).toHaveLength(3);
  });

  it('still pending when the teacher deletes the class: the points come back', async () => {
    const { student, teacher, classroom } = await askedOnce();
    const approved = await askedOnce();
    expect(
      (
        await call(
          approved.teacher,
          'POST',
          api.approveRedemption.build({ id: approved.request.id }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(60);
    const deleted = await call(teacher, 'DELETE', api.classroom.build({ id: classroom.id }));
    expect(deleted.statusCode).toBe(204);
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(100);
    expect(await ledgerSum(t.deps.db, student.user.id)).toBe(100);
    expect((await call(student, 'GET', api.redemptions.build())).json()).toMatchObject({
      count: 0,
    });
    // An approved request is not paid back when its class goes.
    await call(approved.teacher, 'DELETE', api.classroom.build({ id: approved.classroom.id }));
    expect(await availablePoints(t.deps.db, approved.student.user.id)).toBe(60);
  });

  it('cancelled by their student only: the points come back once', async () => {
    const { student, classmate, teacher, otherTeacher, request } = await askedOnce();
    const url = api.cancelRedemption.build({ id: request.id });
    expect((await call(teacher, 'POST', url)).statusCode).toBe(403);
    for (const who of [classmate, otherTeacher]) {
      expect((await call(who, 'POST', url)).statusCode).toBe(404);
    }
    expect((await call(undefined, 'POST', url)).statusCode).toBe(401);
    const cancelled = await call(student, 'POST', url);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await call(student, 'POST', url)).statusCode).toBe(409);
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(100);
  });

  it('refuses an unknown request and a platform purchase', async () => {
    const student = await buildUser(t.deps);
    await givePoints(student.user.id, 500);
    const unknown = await call(student, 'POST', api.cancelRedemption.build({ id: 999_999 }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: rewardMessages.redemptionNotFound });
    const badge = await platformReward('badge-saver');
    const bought = ((await redeem(student, badge.id)).json() as RedeemResult).redemption;
    expect(
      (await call(student, 'POST', api.cancelRedemption.build({ id: bought.id }))).statusCode,
    ).toBe(409);
    expect(
      (await call(student, 'POST', api.approveRedemption.build({ id: bought.id }))).statusCode,
    ).toBe(403);
  });

  it('exactly one of an approve, a decline and a cancel racing on one request wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { student, teacher, request } = await askedOnce();
      const responses = await Promise.all([
        call(teacher, 'POST', api.approveRedemption.build({ id: request.id })),
        call(teacher, 'POST', api.declineRedemption.build({ id: request.id })),
        call(student, 'POST', api.cancelRedemption.build({ id: request.id })),
        call(teacher, 'POST', api.declineRedemption.build({ id: request.id })),
        call(student, 'POST', api.cancelRedemption.build({ id: request.id })),
      ]);
      const won = responses.filter((response) => response.statusCode === 200);
      expect(won).toHaveLength(1);
      expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(4);
      const status = (won[0]!.json() as Redemption).status;
      const balance = await availablePoints(t.deps.db, student.user.id);
      expect(balance).toBe(status === 'approved' ? 60 : 100);
      expect(await ledgerSum(t.deps.db, student.user.id)).toBe(balance);
    }
  });
});

describe('lists of requests', () => {
  it('a student reads only their own, filtered by status, newest first, a page at a time', async () => {
    const { student, classmate, reward } = await buildClass({ cost: 1 });
    await givePoints(student.user.id, 100);
    await givePoints(classmate.user.id, 100);
    const ids: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      ids.push(((await redeem(student, reward.id)).json() as RedeemResult).redemption.id);
    }
    await redeem(classmate, reward.id);
    await call(student, 'POST', api.cancelRedemption.build({ id: ids[0]! }));
    const first = (await call(student, 'GET', api.redemptions.build())).json() as RedemptionsPage;
    expect(first.count).toBe(22);
    expect(first.results).toHaveLength(20);
    expect(first.results[0]!.id).toBe(ids[21]);
    expect(first.results.every((item) => item.student.id === student.user.id)).toBe(true);
    expect(first.next).toContain('page=2');
    const second = (
      await call(student, 'GET', `${api.redemptions.build()}?page=2`)
    ).json() as RedemptionsPage;
    expect(second.results.map((item) => item.id)).toEqual([ids[1], ids[0]]);
    const cancelled = (
      await call(student, 'GET', `${api.redemptions.build()}?status=cancelled`)
    ).json() as RedemptionsPage;
    expect(cancelled.results.map((item) => item.id)).toEqual([ids[0]]);
    expect((await call(student, 'GET', `${api.redemptions.build()}?status=lost`)).statusCode).toBe(
      400,
    );
    expect((await call(student, 'GET', `${api.redemptions.build()}?page=9`)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', api.redemptions.build())).statusCode).toBe(401);
    // The classmate's list holds only theirs.
    const theirs = (
      await call(classmate, 'GET', api.redemptions.build())
    ).json() as RedemptionsPage;
    expect(theirs.count).toBe(1);
  });

  it('the teacher of the class reads its queue; nobody else does', async () => {
    const { student, classmate, teacher, otherTeacher, outsider, classroom, reward } =
      await buildClass();
    await givePoints(student.user.id, 100);
    await givePoints(classmate.user.id, 100);
    const a = ((await redeem(student, reward.id)).json() as RedeemResult).redemption;
    const b = ((await redeem(classmate, reward.id)).json() as RedeemResult).redemption;
    await call(teacher, 'POST', api.approveRedemption.build({ id: a.id }));
    const url = api.classroomRewardRequests.build({ id: classroom.id });
    const all = (await call(teacher, 'GET', url)).json() as RedemptionsPage;
    expect(all.results.map((item) => [item.id, item.status])).toEqual([
      [b.id, 'pending'],
      [a.id, 'approved'],
    ]);
    expect(all.results[1]!.student).toEqual({ id: student.user.id, name: 'Luis Soto' });
    expect(all.results[1]!.classroom).toEqual({ id: classroom.id, name: classroom.name });
    const pending = (await call(teacher, 'GET', `${url}?status=pending`)).json() as RedemptionsPage;
    expect(pending.results.map((item) => item.id)).toEqual([b.id]);
    expect((await call(student, 'GET', url)).statusCode).toBe(403);
    for (const who of [otherTeacher, outsider])
      expect((await call(who, 'GET', url)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', url)).statusCode).toBe(401);
    expect((await call(teacher, 'GET', `${url}?status=nope`)).statusCode).toBe(400);
  });
});

describe('equipped frame and badge', () => {
  it('shows only platform rewards the user owns, each in its own slot', async () => {
    const { student, reward: classReward } = await buildClass();
    const other = await buildUser(t.deps);
    await givePoints(student.user.id, 1000);
    const sky = await platformReward('frame-sky');
    const saver = await platformReward('badge-saver');
    const gold = await platformReward('frame-gold');
    await redeem(student, sky.id);
    await redeem(student, saver.id);
    const url = api.equippedRewards.build();
    expect((await call(student, 'GET', url)).json()).toEqual({ frame: null, badge: null });

    const put = (body: unknown) => call(student, 'PUT', url, body);
    const notOwned = await put({ frame: gold.id });
    expect(notOwned.statusCode).toBe(409);
    expect(notOwned.json()).toEqual({ error: rewardMessages.notOwned });
    expect((await put({ frame: saver.id })).json()).toEqual({ frame: [rewardMessages.wrongKind] });
    expect((await put({ badge: sky.id })).statusCode).toBe(400);
    expect((await put({ badge: classReward.id })).json()).toEqual({
      badge: [rewardMessages.wrongKind],
    });
    expect((await put({ frame: 999_999 })).json()).toEqual({ frame: [rewardMessages.notFound] });
    expect((await put({ frame: 'gold' })).statusCode).toBe(400);
    expect((await put({ hat: 1 })).statusCode).toBe(400);

    expect((await put({ frame: sky.id, badge: saver.id })).json()).toEqual({
      frame: 'frame-sky',
      badge: 'badge-saver',
    });
    // A slot left out stays; null takes it off.
    expect((await put({ badge: null })).json()).toEqual({ frame: 'frame-sky', badge: null });
    expect((await put({})).json()).toEqual({ frame: 'frame-sky', badge: null });

    const of = await call(
      other,
      'GET',
      `${api.equippedOf.build()}?users=${student.user.id},${other.user.id}`,
    );
    expect(of.statusCode).toBe(200);
    expect(of.json() as (Equipped & { user: number })[]).toEqual([
      { user: student.user.id, frame: 'frame-sky', badge: null },
      { user: other.user.id, frame: null, badge: null },
    ]);
    expect((await call(undefined, 'GET', `${api.equippedOf.build()}?users=1`)).statusCode).toBe(
      401,
    );
    expect((await call(other, 'GET', `${api.equippedOf.build()}?users=a,b`)).statusCode).toBe(400);
    expect((await call(other, 'GET', api.equippedOf.build())).statusCode).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect(
      (await call(other, 'GET', `${api.equippedOf.build()}?users=${tooMany}`)).statusCode,
    ).toBe(400);
    expect((await call(undefined, 'GET', url)).statusCode).toBe(401);
    expect((await call(undefined, 'PUT', url, {})).statusCode).toBe(401);
  });
});
