import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classroomContestMessages } from '@bullpen/contract/classroom-contests';
import { classroomMessages } from '@bullpen/contract/classrooms';
import { contestMessages } from '@bullpen/contract/contests';
import { classroomMembers } from '../../db/schema/classrooms.ts';
import {
  buildContest,
  buildTestApp,
  buildUser,
  marketTimes,
  postOrder,
  type TestApp,
} from '../../test/app.ts';
import { buildClassroom } from '../../test/classrooms.ts';

/** Class contests (students are members without a code) and the class's trading switch. */
let t: TestApp;
type User = Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  t.app.market.clock.now = () => marketTimes.open;
});
afterAll(async () => t.close());

/** A class made straight in the table (the classroom routes have their own tests). */
async function buildClassroomOf(teacher: User, students: User[] = []) {
  const classroom = await buildClassroom(t.deps, teacher.user.id, { name: 'Economics 9B' });
  for (const student of students) await addStudent(classroom.id, student);
  return classroom;
}

/** A student joins the class as the classrooms domain does it: the row, then its hooks. */
async function addStudent(classroomId: number, student: User) {
  await t.deps.db.transaction(async (tx) => {
    const [member] = await tx
      .insert(classroomMembers)
      .values({ classroomId, userId: student.user.id })
      .returning();
    for (const joined of t.app.classrooms.membership.joined) {
      await joined(tx, member!, t.app.market.clock.now());
    }
  });
}

/**
 * At the weekend, `student` buys one Apple share in the contest: the order waits (pending)
 * with its cash set aside. Their portfolio and the order.
 */
async function pendingBuy(student: User, contestId: number) {
  const portfolio = await contestUserOf(student, contestId);
  t.app.market.clock.now = () => marketTimes.weekend;
  const pending = await postOrder(t, student, {
    contest_user: portfolio,
    security: await appleId(),
    order_type: 'BUY',
    quantity: 1,
  });
  expect(pending.json()).toMatchObject({ status: 'pending' });
  return { portfolio, order: pending.json<{ id: number }>() };
}

/** A teacher's class with one student, the class's contest and its code, and an outsider. */
async function classContest() {
  const teacher = await buildUser(t.deps, { is_teacher: true });
  const student = await buildUser(t.deps);
  const outsider = await buildUser(t.deps);
  const classroom = await buildClassroomOf(teacher, [student]);
  const { id } = await startContest(classroom.id, teacher);
  const code = await contestCode(id, teacher);
  return { teacher, student, outsider, classroom, id, code };
}

/** The contest's join code, as its owner reads it. */
const contestCode = async (id: number, owner: User) =>
  (await t.app.inject({ url: `/api/contests/${id}/`, headers: owner.auth })).json()
    .join_code as string;

/** Asks to join a contest, by its id (`{ contest }`) or by its code (`{ code }`). */
const joinContest = (who: User, payload: { contest: number } | { code: string }) =>
  t.app.inject({ method: 'POST', url: '/api/contest-users/', headers: who.auth, payload });

const contestsPath = (id: number) => `/api/classrooms/classrooms/${id}/contests/`;
const tradingPath = (id: number) => `/api/classrooms/classrooms/${id}/trading`;

function contestBody(overrides: Record<string, unknown> = {}) {
  const now = t.app.market.clock.now().getTime();
  return {
    name: 'Class market game',
    starts_at: new Date(now - 86_400_000).toISOString(),
    ends_at: new Date(now + 30 * 86_400_000).toISOString(),
    starting_cash: 1_000_000,
    ...overrides,
  };
}

async function startContest(classroomId: number, teacher: User) {
  const response = await t.app.inject({
    method: 'POST',
    url: contestsPath(classroomId),
    headers: teacher.auth,
    payload: contestBody(),
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; my_contest_user: number; classroom_id: number };
}

async function contestUserOf(who: User, contestId: number): Promise<number> {
  const contest = await t.app.inject({ url: `/api/contests/${contestId}/`, headers: who.auth });
  expect(contest.statusCode).toBe(200);
  return contest.json().my_contest_user as number;
}

async function cashOf(who: User, contestUser: number): Promise<number> {
  const response = await t.app.inject({
    url: `/api/contest-user-securities/?contest_user=${contestUser}`,
    headers: who.auth,
  });
  return response.json().cash as number;
}

async function appleId(): Promise<number> {
  const page = (await t.app.inject({ url: '/api/securities/?search=AAPL' })).json();
  return page.results.find((row: { symbol: string }) => row.symbol === 'AAPL').id;
}

function switchTrading(who: User | null, classroomId: number, enabled: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: tradingPath(classroomId),
    headers: who ? who.auth : {},
    payload: { enabled },
  });
}

describe('class contests', () => {
  it('the teacher starts one; every current student and a later joiner are members', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const [ana, ben, late] = [
      await buildUser(t.deps),
      await buildUser(t.deps),
      await buildUser(t.deps),
    ];
    const classroom = await buildClassroomOf(teacher, [ana, ben]);
    const contest = await startContest(classroom.id, teacher);
    expect(contest).toMatchObject({
      classroom_id: classroom.id,
      visibility: 'private',
      is_owner: true,
      members_count: 3,
      trading_paused_reason: null,
    });

    // Students see it in their class and in their own contests, with a portfolio, no code.
    const listed = await t.app.inject({ url: contestsPath(classroom.id), headers: ana.auth });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ count: 1, results: [{ id: contest.id }] });
    expect(listed.json().results[0].my_contest_user).toEqual(expect.any(Number));
    expect(await contestUserOf(ben, contest.id)).toEqual(expect.any(Number));

    // A student who joins the class later is enrolled at once.
    await addStudent(classroom.id, late);
    expect(await contestUserOf(late, contest.id)).toEqual(expect.any(Number));
    const mine = await t.app.inject({ url: '/api/contests/?type=private', headers: late.auth });
    expect(mine.json().results.map((item: { id: number }) => item.id)).toContain(contest.id);
  });

  it('only the class teacher starts one; outsiders do not see the class', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const otherTeacher = await buildUser(t.deps, { is_teacher: true });
    const student = await buildUser(t.deps);
    const outsider = await buildUser(t.deps);
    const classroom = await buildClassroomOf(teacher, [student]);
    await buildClassroomOf(otherTeacher, [outsider]);

    const asStudent = await t.app.inject({
      method: 'POST',
      url: contestsPath(classroom.id),
      headers: student.auth,
      payload: contestBody(),
    });
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json()).toEqual({ error: classroomMessages.teacherOnly });
    for (const who of [otherTeacher, outsider]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: contestsPath(classroom.id),
        headers: who.auth,
        payload: contestBody(),
      });
      expect(refused.statusCode).toBe(404);
      const list = await t.app.inject({ url: contestsPath(classroom.id), headers: who.auth });
      expect(list.statusCode).toBe(404);
    }
    const signedOut = await t.app.inject({ url: contestsPath(classroom.id) });
    expect(signedOut.statusCode).toBe(401);
    const list = await t.app.inject({ url: contestsPath(classroom.id), headers: teacher.auth });
    expect(list.json().count).toBe(0);
  });

  it('refuses a contest with bad dates or cash, listing each problem', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const classroom = await buildClassroomOf(teacher);
    const now = t.app.market.clock.now().getTime();
    const response = await t.app.inject({
      method: 'POST',
      url: contestsPath(classroom.id),
      headers: teacher.auth,
      payload: contestBody({
        starts_at: new Date(now - 2 * 86_400_000).toISOString(),
        ends_at: new Date(now - 86_400_000).toISOString(),
        starting_cash: 5,
        visibility: 'public',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(
      expect.arrayContaining(['ends_at', 'starting_cash']),
    );
  });
});

describe('who manages a class contest', () => {
  it('is told to its owner and to the class’s teacher, not to a student or an outsider', async () => {
    const { teacher, student, classroom, id } = await classContest();
    const canManage = async (who: User) => {
      const contest = await t.app.inject({ url: `/api/contests/${id}/`, headers: who.auth });
      const listed = await t.app.inject({ url: contestsPath(classroom.id), headers: who.auth });
      return [contest.json().can_manage, listed.json().results?.[0]?.can_manage];
    };
    expect(await canManage(teacher)).toEqual([true, true]);
    expect(await canManage(student)).toEqual([false, false]);
    // The class's teacher who is not the owner (the contest's owner account was erased).
    await t.deps.db.execute(sql`update contests set owner_id = null where id = ${id}`);
    expect(await canManage(teacher)).toEqual([true, true]);
    const teacherView = await t.app.inject({ url: `/api/contests/${id}/`, headers: teacher.auth });
    expect(teacherView.json().is_owner).toBe(false);
    // Another teacher's own contest lists it as theirs to manage, this one not.
    const other = await buildUser(t.deps, { is_teacher: true });
    const own = await buildContest(t, other);
    const mine = await t.app.inject({ url: `/api/contests/${own.id}/`, headers: other.auth });
    expect(mine.json().can_manage).toBe(true);
    const theirs = await t.app.inject({ url: `/api/contests/${own.id}/`, headers: teacher.auth });
    expect([theirs.statusCode, theirs.json().can_manage]).toEqual([200, false]);
  });
});

describe('a class contest is a closed room', () => {
  /** What the API answers for a contest that does not exist, by id and by code. */
  async function missingAnswers(who: User) {
    const byId = await joinContest(who, { contest: 2_000_000_000 });
    const byCode = await joinContest(who, { code: 'ZZZZZZZZ' });
    const detail = await t.app.inject({ url: '/api/contests/2000000000/', headers: who.auth });
    const board = await t.app.inject({
      url: '/api/contest-users/leaderboard/?contest=2000000000',
      headers: who.auth,
    });
    return { byId, byCode, detail, board };
  }

  it('an outsider with the code or the id is told what a missing contest tells', async () => {
    const { teacher, student, outsider, id, code } = await classContest();
    const missing = await missingAnswers(outsider);

    const byCode = await joinContest(outsider, { code });
    expect(byCode.statusCode).toBe(missing.byCode.statusCode);
    expect(byCode.json()).toEqual(missing.byCode.json());
    const byId = await joinContest(outsider, { contest: id });
    expect(byId.statusCode).toBe(404);
    expect(byId.json()).toEqual(missing.byId.json());
    const seen = await t.app.inject({ url: `/api/contests/${id}/`, headers: outsider.auth });
    expect(seen.statusCode).toBe(404);
    expect(seen.json()).toEqual(missing.detail.json());
    const board = await t.app.inject({
      url: `/api/contest-users/leaderboard/?contest=${id}`,
      headers: outsider.auth,
    });
    expect(board.statusCode).toBe(404);
    expect(board.json()).toEqual(missing.board.json());

    // The class's own: the student sees it and its board lists exactly the class.
    const asStudent = await t.app.inject({ url: `/api/contests/${id}/`, headers: student.auth });
    expect(asStudent.statusCode).toBe(200);
    const studentBoard = await t.app.inject({
      url: `/api/contest-users/leaderboard/?contest=${id}`,
      headers: student.auth,
    });
    expect(studentBoard.statusCode).toBe(200);
    expect(
      studentBoard
        .json()
        .results.map((line: { user: { id: number } }) => line.user.id)
        .sort(),
    ).toEqual([teacher.user.id, student.user.id].sort());
  });

  it('a student who left the contest joins again by code; an invitation lets no outsider in', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true, verified: true });
    const student = await buildUser(t.deps);
    const outsider = await buildUser(t.deps, { verified: true });
    const classroom = await buildClassroomOf(teacher, [student]);
    const { id } = await startContest(classroom.id, teacher);
    const code = await contestCode(id, teacher);
    const portfolio = await contestUserOf(student, id);
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/contest-users/${portfolio}/`,
      headers: student.auth,
    });
    expect(left.statusCode).toBe(204);
    const back = await joinContest(student, { code });
    expect(back.statusCode).toBe(201);
    expect(back.json().id).toBe(portfolio);

    // The teacher invites an outsider's address: the address invitation opens nothing.
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/contests/${id}/invite/`,
      headers: teacher.auth,
      payload: { emails: [outsider.user.email] },
    });
    expect(invited.statusCode).toBe(200);
    const byId = await joinContest(outsider, { contest: id });
    expect(byId.statusCode).toBe(404);
  });

  it('a student removed from the class leaves its contests: no detail, not on the board', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const [stays, removed] = [await buildUser(t.deps), await buildUser(t.deps)];
    const classroom = await buildClassroomOf(teacher, [stays, removed]);
    const { id } = await startContest(classroom.id, teacher);
    expect(await contestUserOf(removed, id)).toEqual(expect.any(Number));

    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/classrooms/classrooms/${classroom.id}/users/${removed.user.id}/`,
      headers: teacher.auth,
    });
    expect(removal.statusCode).toBe(204);
    const seen = await t.app.inject({ url: `/api/contests/${id}/`, headers: removed.auth });
    expect(seen.statusCode).toBe(404);
    const board = await t.app.inject({
      url: `/api/contest-users/leaderboard/?contest=${id}`,
      headers: teacher.auth,
    });
    expect(
      board.json().results.map((line: { user: { id: number } }) => line.user.id),
    ).not.toContain(removed.user.id);
    expect(board.json().count).toBe(2);
    // Nor a classmate's portfolio, through any of the routes that show one.
    const classmate = await contestUserOf(stays, id);
    for (const url of [
      `/api/contest-users/${classmate}/`,
      `/api/contest-user-securities/?contest_user=${classmate}`,
      `/api/contest-user-values/?contest_user=${classmate}`,
      `/api/contest-user-orders/?contest_user=${classmate}`,
      `/api/contest-invests/?contest_user=${classmate}`,
      `/api/portfolio-stats/?contest_user=${classmate}`,
    ]) {
      const asRemoved = await t.app.inject({ url, headers: removed.auth });
      const missing = await t.app.inject({
        url: url.replace(String(classmate), '2000000000'),
        headers: removed.auth,
      });
      expect(asRemoved.statusCode, url).toBe(404);
      expect(asRemoved.json(), url).toEqual(missing.json());
    }

    // Joining the class again brings the same portfolio back.
    await addStudent(classroom.id, removed);
    expect(await contestUserOf(removed, id)).toEqual(expect.any(Number));
  });
});

describe('a deleted class', () => {
  it('leaves its contests to their members and lets nobody new in, by code or id', async () => {
    const { teacher, student, outsider, classroom, id, code } = await classContest();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/classrooms/classrooms/${classroom.id}/`,
      headers: teacher.auth,
    });
    expect(deleted.statusCode).toBe(204);

    const byCode = await joinContest(outsider, { code });
    expect(byCode.statusCode).toBe(400);
    expect(byCode.json()).toEqual({ code: [contestMessages.badCode] });
    const byId = await joinContest(outsider, { contest: id });
    expect(byId.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/contests/${id}/`, headers: outsider.auth })).statusCode,
    ).toBe(404);
    expect(await contestUserOf(student, id)).toEqual(expect.any(Number));
  });
});

describe('the migration that closes class contests', () => {
  /** The hand-written statements of the migration that makes former students leave. */
  function backfill(): string[] {
    const folder = path.resolve(import.meta.dirname, '../../../drizzle');
    const marker = '-- hand-written: students no longer in a class leave its contests';
    const file = readdirSync(folder)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => readFileSync(path.join(folder, name), 'utf8'))
      .find((text) => text.includes(marker));
    return file!
      .slice(file!.indexOf(marker))
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter(Boolean);
  }

  it('takes a student removed before the leaving hook out of the contest and gives back what their orders set aside', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const [stays, removed] = [await buildUser(t.deps), await buildUser(t.deps)];
    const classroom = await buildClassroomOf(teacher, [stays, removed]);
    const contest = await startContest(classroom.id, teacher);
    const { portfolio: removedPortfolio } = await pendingBuy(removed, contest.id);
    // Removed the way it happened before the hook: only the class's row goes.
    await t.deps.db
      .delete(classroomMembers)
      .where(
        and(
          eq(classroomMembers.classroomId, classroom.id),
          eq(classroomMembers.userId, removed.user.id),
        ),
      );
    expect(await contestUserOf(removed, contest.id)).toBe(removedPortfolio);

    for (const statement of backfill()) await t.deps.db.execute(sql.raw(statement));

    const seen = await t.app.inject({ url: `/api/contests/${contest.id}/`, headers: removed.auth });
    expect(seen.statusCode).toBe(404);
    const rows = await t.deps.db.execute(
      sql`select cu.reserved_cash_cents::int as reserved_cash_cents, o.status from contest_users cu join orders o on o.contest_user_id = cu.id where cu.id = ${removedPortfolio}`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { reserved_cash_cents: 0, status: 'cancelled' },
    ]);
    // The teacher and the student still in the class keep their places.
    expect(await contestUserOf(stays, contest.id)).toEqual(expect.any(Number));
    expect(await contestUserOf(teacher, contest.id)).toEqual(contest.my_contest_user);
  });
});

describe('the trading switch', () => {
  it('off: orders are refused with the reason and no money moves; on again: accepted', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const student = await buildUser(t.deps);
    const classroom = await buildClassroomOf(teacher, [student]);
    const contest = await startContest(classroom.id, teacher);
    const contestUser = await contestUserOf(student, contest.id);
    const security = await appleId();
    const buy = { contest_user: contestUser, security, order_type: 'BUY', quantity: 2 };

    const off = await switchTrading(teacher, classroom.id, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ id: classroom.id, trading_enabled: false });

    const seen = await t.app.inject({ url: `/api/contests/${contest.id}/`, headers: student.auth });
    expect(seen.json().trading_paused_reason).toBe(classroomContestMessages.tradingOff);

    const refused = await postOrder(t, student, buy);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: classroomContestMessages.tradingOff });
    expect(await cashOf(student, contestUser)).toBe(1_000_000);
    const history = await t.app.inject({
      url: `/api/contest-user-orders/?contest_user=${contestUser}`,
      headers: student.auth,
    });
    expect(history.json().count).toBe(0);

    expect((await switchTrading(teacher, classroom.id, true)).json().trading_enabled).toBe(true);
    const again = await t.app.inject({
      url: `/api/contests/${contest.id}/`,
      headers: student.auth,
    });
    expect(again.json().trading_paused_reason).toBeNull();
    const accepted = await postOrder(t, student, buy);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ status: 'filled' });
    expect(await cashOf(student, contestUser)).toBeLessThan(1_000_000);
  });

  it('rejects a pending order met while trading is off, and gives its cash back', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const student = await buildUser(t.deps);
    const classroom = await buildClassroomOf(teacher, [student]);
    const contest = await startContest(classroom.id, teacher);
    const { portfolio: contestUser, order } = await pendingBuy(student, contest.id);
    expect((await switchTrading(teacher, classroom.id, false)).statusCode).toBe(200);

    t.app.market.clock.now = () => marketTimes.nextOpen;
    expect((await t.app.trading.run()).filled).toBe(0);
    const history = await t.app.inject({
      url: `/api/contest-user-orders/?contest_user=${contestUser}`,
      headers: student.auth,
    });
    expect(history.json().results[0]).toMatchObject({
      id: order.id,
      status: 'rejected',
      rejection_reason: classroomContestMessages.tradingOff,
    });
    const holdings = await t.app.inject({
      url: `/api/contest-user-securities/?contest_user=${contestUser}`,
      headers: student.auth,
    });
    expect(holdings.json()).toMatchObject({ cash: 1_000_000, reserved_cash: 0 });
  });

  it('keeps waiting orders whose price is not reached while trading is off, set aside and cancellable', async () => {
    const { teacher, student, classroom, id } = await classContest();
    const portfolio = await contestUserOf(student, id);
    const apple = await appleId();
    const price = (await t.app.market.provider.quote('AAPL', marketTimes.open.getTime()))!
      .lastCents;
    // A limit far below the price, and a stop far above it: neither would fill today.
    const far = await postOrder(t, student, {
      contest_user: portfolio,
      security: apple,
      order_type: 'BUY',
      kind: 'limit',
      limit_price: Math.floor(price / 2),
      quantity: 1,
    });
    const stop = await postOrder(t, student, {
      contest_user: portfolio,
      security: apple,
      order_type: 'BUY',
      kind: 'stop',
      stop_price: price * 2,
      quantity: 1,
    });
    expect([far.json().status, stop.json().status]).toEqual(['pending', 'pending']);
    // The student cannot flip the switch; the teacher can.
    expect((await switchTrading(student, classroom.id, false)).statusCode).toBe(403);
    expect((await switchTrading(teacher, classroom.id, false)).statusCode).toBe(200);
    t.app.market.clock.now = () => new Date(marketTimes.open.getTime() + 60_000);
    await t.app.trading.run();
    const history = await t.app.inject({
      url: `/api/contest-user-orders/?contest_user=${portfolio}`,
      headers: student.auth,
    });
    expect(history.json().results.map((row: { status: string }) => row.status)).toEqual([
      'pending',
      'pending',
    ]);
    // Still set aside, and still cancellable by the student.
    const holdings = await t.app.inject({
      url: `/api/contest-user-securities/?contest_user=${portfolio}`,
      headers: student.auth,
    });
    expect(holdings.json().reserved_cash).toBe(far.json().limit_price + price * 2);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/contest-invests/${far.json().id}/`,
      headers: student.auth,
    });
    expect(cancel.statusCode).toBe(200);
  });

  it('leaves contests outside the class alone', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const classroom = await buildClassroomOf(teacher);
    await startContest(classroom.id, teacher);
    expect((await switchTrading(teacher, classroom.id, false)).statusCode).toBe(200);
    const own = await buildContest(t, teacher);
    const bought = await postOrder(t, teacher, {
      contest_user: own.my_contest_user,
      security: await appleId(),
      order_type: 'BUY',
      quantity: 1,
    });
    expect(bought.statusCode).toBe(201);
  });

  it('only the class teacher flips it', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const otherTeacher = await buildUser(t.deps, { is_teacher: true });
    const student = await buildUser(t.deps);
    const classroom = await buildClassroomOf(teacher, [student]);

    const asStudent = await switchTrading(student, classroom.id, false);
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json()).toEqual({ error: classroomMessages.teacherOnly });
    expect((await switchTrading(otherTeacher, classroom.id, false)).statusCode).toBe(404);
    expect((await switchTrading(null, classroom.id, false)).statusCode).toBe(401);
    expect((await switchTrading(teacher, classroom.id, 'no')).json()).toEqual({
      enabled: [classroomContestMessages.switchRequired],
    });
    const list = await t.app.inject({ url: contestsPath(classroom.id), headers: teacher.auth });
    expect(list.statusCode).toBe(200);
    // Nothing changed: the switch is still on.
    const start = await startContest(classroom.id, teacher);
    expect(start).toMatchObject({ trading_paused_reason: null });
  });
});
