import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contestMessages } from '@bullpen/contract/contests';
import { messages } from '@bullpen/contract/messages';
import {
  buildContest,
  buildTestApp,
  buildUser,
  latestMailTo,
  marketTimes,
  type TestApp,
} from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  t.app.market.clock.now = () => marketTimes.open;
});
afterAll(async () => t.close());

const day = 86_400_000;
const iso = (offsetDays: number) =>
  new Date(marketTimes.open.getTime() + offsetDays * day).toISOString();

describe('POST /api/contests/', () => {
  it('creates a contest whose owner joins at once', async () => {
    const owner = await buildUser(t.deps);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contests/',
      headers: owner.auth,
      payload: {
        name: 'Room 12 market game',
        description: 'Until the winter break',
        visibility: 'private',
        starts_at: iso(-1),
        ends_at: iso(20),
        starting_cash: 10_000_00,
        commission: 495,
        max_position_weight: 25,
        after_hours: 'refuse',
      },
    });
    expect(response.statusCode).toBe(201);
    const contest = response.json();
    expect(contest).toMatchObject({
      name: 'Room 12 market game',
      visibility: 'private',
      status: 'active',
      starting_cash: 1_000_000,
      commission: 495,
      max_position_weight: 25,
      after_hours: 'refuse',
      members_count: 1,
      is_owner: true,
      owner: { id: owner.user.id, username: owner.user.username },
    });
    expect(contest.join_code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(contest.my_contest_user).toBeTypeOf('number');
    const portfolio = await t.app.inject({
      url: `/api/contest-users/${contest.my_contest_user}/`,
      headers: owner.auth,
    });
    expect(portfolio.json()).toMatchObject({
      cash: 1_000_000,
      value: 1_000_000,
      return_ratio: 0,
      is_mine: true,
    });
  });

  it('lists every problem of a bad contest per field', async () => {
    const owner = await buildUser(t.deps);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/contests/',
      headers: owner.auth,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual([
      'ends_at',
      'name',
      'starting_cash',
      'starts_at',
      'visibility',
    ]);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/contests/',
      headers: owner.auth,
      payload: {
        name: 'x',
        visibility: 'secret',
        starts_at: iso(2),
        ends_at: iso(1),
        starting_cash: 50,
        commission: -1,
      },
    });
    expect(bad.json()).toMatchObject({
      name: ['Use at least 3 characters.'],
      visibility: ['Choose public or private.'],
      starting_cash: ['Start with at least $100.'],
      commission: ['The commission cannot be negative.'],
    });
    const backwards = await t.app.inject({
      method: 'POST',
      url: '/api/contests/',
      headers: owner.auth,
      payload: {
        name: 'Backwards',
        visibility: 'public',
        starts_at: iso(2),
        ends_at: iso(1),
        starting_cash: 10_000,
      },
    });
    expect(backwards.json()).toEqual({ ends_at: [contestMessages.endBeforeStart] });
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/contests/',
      headers: owner.auth,
      payload: {
        name: 'Over already',
        visibility: 'public',
        starts_at: iso(-5),
        ends_at: iso(-1),
        starting_cash: 10_000,
      },
    });
    expect(past.json()).toEqual({ ends_at: [contestMessages.endInPast] });
  });

  it('reports every problem of a contest in one answer, the date rules too', async () => {
    const owner = await buildUser(t.deps);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contests/',
      headers: owner.auth,
      payload: {
        name: 'x',
        visibility: 'secret',
        // Backwards and over already.
        starts_at: iso(-1),
        ends_at: iso(-2),
        starting_cash: 50,
        commission: 20_000,
        max_position_weight: 0,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name: ['Use at least 3 characters.'],
      visibility: ['Choose public or private.'],
      starting_cash: ['Start with at least $100.'],
      commission: ['The commission can be at most $100.'],
      max_position_weight: ['Enter a percentage from 1 to 100.'],
      ends_at: [contestMessages.endBeforeStart, contestMessages.endInPast],
    });
    // An end in the past is reported with the other problems, not on its own afterwards.
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/contests/',
      headers: owner.auth,
      payload: {
        name: 'x',
        visibility: 'public',
        starts_at: iso(-5),
        ends_at: iso(-1),
        starting_cash: 10_000,
      },
    });
    expect(past.json()).toEqual({
      name: ['Use at least 3 characters.'],
      ends_at: [contestMessages.endInPast],
    });
    // Nothing was created.
    const mine = await t.app.inject({ url: '/api/contests/', headers: owner.auth });
    expect(mine.json().count).toBe(0);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/contests/', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('seeing and joining contests', () => {
  it('shows a public contest to anyone signed in, and a private one only to its members', async () => {
    const owner = await buildUser(t.deps);
    const stranger = await buildUser(t.deps);
    const open = await buildContest(t, owner);
    const closed = await buildContest(t, owner, { visibility: 'private' });
    const seen = await t.app.inject({ url: `/api/contests/${open.id}/`, headers: stranger.auth });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ is_owner: false, my_contest_user: null, join_code: null });
    const hidden = await t.app.inject({
      url: `/api/contests/${closed.id}/`,
      headers: stranger.auth,
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: contestMessages.notFound });
    expect(
      (await t.app.inject({ url: `/api/contests/${closed.id}/`, headers: owner.auth })).statusCode,
    ).toBe(200);

    const publicList = (
      await t.app.inject({ url: '/api/contests/?type=public', headers: stranger.auth })
    ).json();
    const ids = publicList.results.map((contest: { id: number }) => contest.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
    expect(publicList.results[0].is_challenge).toBe(true);
    const mine = (
      await t.app.inject({ url: '/api/contests/?type=private', headers: owner.auth })
    ).json();
    expect(mine.results.map((contest: { id: number }) => contest.id)).toEqual([closed.id]);
  });

  it('joins a public contest by id, a private one by code or invitation, and only once', async () => {
    const owner = await buildUser(t.deps, { verified: true });
    const student = await buildUser(t.deps);
    const open = await buildContest(t, owner);
    const join = (payload: object, who = student) =>
      t.app.inject({ method: 'POST', url: '/api/contest-users/', headers: who.auth, payload });

    const first = await join({ contest: open.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      cash: 1_000_000,
      contest: { id: open.id, members_count: 2 },
    });
    const again = await join({ contest: open.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    const closed = await buildContest(t, owner, { visibility: 'private' });
    const noCode = await join({ contest: closed.id });
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json()).toEqual({ error: contestMessages.privateNeedsCode });
    const wrongCode = await join({ code: 'NOTACODE' });
    expect(wrongCode.json()).toEqual({ code: [contestMessages.badCode] });
    const byCode = await join({ code: closed.join_code.toLowerCase() });
    expect(byCode.statusCode).toBe(201);

    const invited = await buildUser(t.deps, { verified: true });
    const other = await buildContest(t, owner, { visibility: 'private' });
    await t.app.inject({
      method: 'POST',
      url: `/api/contests/${other.id}/invite/`,
      headers: owner.auth,
      payload: { emails: [invited.user.email.toUpperCase()] },
    });
    expect((await join({ contest: other.id }, invited)).statusCode).toBe(201);
  });

  it('refuses to join a contest that has ended', async () => {
    const owner = await buildUser(t.deps);
    const student = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { ends_at: iso(1) });
    t.app.market.clock.now = () => new Date(marketTimes.open.getTime() + 2 * day);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contest-users/',
      headers: student.auth,
      payload: { contest: contest.id },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: contestMessages.ended });
  });

  it('offers the standing challenge to everyone', async () => {
    const student = await buildUser(t.deps);
    const challenge = (
      await t.app.inject({ url: '/api/contests/challenge/', headers: student.auth })
    ).json();
    expect(challenge).toMatchObject({
      is_challenge: true,
      visibility: 'public',
      status: 'active',
      owner: null,
    });
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/contest-users/',
      headers: student.auth,
      payload: { contest: challenge.id },
    });
    expect(joined.statusCode).toBe(201);
    const mine = (
      await t.app.inject({ url: '/api/contest-users/?type=public', headers: student.auth })
    ).json();
    expect(mine.results.map((row: { contest: { id: number } }) => row.contest.id)).toEqual([
      challenge.id,
    ]);
  });
});

describe('public contests are for 13 and older', () => {
  /** A date of birth `years` years ago, `YYYY-MM-DD`. */
  const bornYearsAgo = (years: number) => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()))
      .toISOString()
      .slice(0, 10);
  };
  const join = (who: { auth: { authorization: string } }, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/contest-users/', headers: who.auth, payload });

  /** An account a teacher made by name in a class of theirs (no email), signed in. */
  async function teacherMadeAccount() {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const classroom = await t.app.inject({
      method: 'POST',
      url: '/api/classrooms/classrooms/',
      headers: teacher.auth,
      payload: { name: 'Grade 5' },
    });
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/classrooms/classrooms/${classroom.json().id}/students/accounts/`,
      headers: teacher.auth,
      payload: { students: [{ first_name: 'Mia', last_name: 'Lopez' }] },
    });
    const [{ username, password }] = made.json().students;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api-token-auth/',
      payload: { username, password },
    });
    return { auth: { authorization: `JWT ${login.json().token as string}` } };
  }

  it('refuses an under-13 and a teacher-made account the challenge and public contests, not a 13-year-old', async () => {
    const owner = await buildUser(t.deps);
    const open = await buildContest(t, owner);
    const club = await buildContest(t, owner, { visibility: 'private' });
    const challenge = (
      await t.app.inject({ url: '/api/contests/challenge/', headers: owner.auth })
    ).json();
    const child = await buildUser(t.deps, { date_of_birth: bornYearsAgo(12) });
    const madeByTeacher = await teacherMadeAccount();
    for (const who of [child, madeByTeacher]) {
      for (const payload of [
        { contest: challenge.id },
        { contest: open.id },
        { code: open.join_code },
      ]) {
        const refused = await join(who, payload);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ error: contestMessages.under13Public });
      }
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/contests/',
        headers: who.auth,
        payload: {
          name: 'Mine',
          visibility: 'public',
          starts_at: iso(-1),
          ends_at: iso(5),
          starting_cash: 1_000_000,
        },
      });
      expect(created.statusCode).toBe(403);
      expect(created.json()).toEqual({ error: contestMessages.under13Public });
      // A private contest by its code is still theirs to join.
      expect((await join(who, { code: club.join_code })).statusCode).toBe(201);
    }
    const thirteen = await buildUser(t.deps, { date_of_birth: bornYearsAgo(13) });
    expect((await join(thirteen, { contest: challenge.id })).statusCode).toBe(201);
    expect((await join(thirteen, { contest: open.id })).statusCode).toBe(201);
  });

  it('keeps an under-13 who is on a public board anyway off it; a private board still lists them', async () => {
    const owner = await buildUser(t.deps);
    const open = await buildContest(t, owner);
    const club = await buildContest(t, owner, { visibility: 'private' });
    const kid = await buildUser(t.deps);
    expect((await join(kid, { contest: open.id })).statusCode).toBe(201);
    expect((await join(kid, { code: club.join_code })).statusCode).toBe(201);
    // Under 13 after all (a line from before the rule): the public board drops them.
    await t.deps.db.execute(
      sql`update users set under_13_until = ${bornYearsAgo(-1)}::date where id = ${kid.user.id}`,
    );
    const board = (id: number, query = '') =>
      t.app.inject({
        url: `/api/contest-users/leaderboard/?contest=${id}${query}`,
        headers: owner.auth,
      });
    const ids = (response: { json: () => { results: { user: { id: number } }[] } }) =>
      response.json().results.map((line) => line.user.id);
    expect(ids(await board(open.id))).toEqual([owner.user.id]);
    expect(ids(await board(open.id, `&user=${kid.user.id}`))).toEqual([]);
    expect(ids(await board(club.id)).sort()).toEqual([owner.user.id, kid.user.id].sort());
  });
});

describe('invitations', () => {
  it('lets the owner invite by email, with the chip rules, and sends the join link', async () => {
    const owner = await buildUser(t.deps, { first_name: 'Ana', last_name: 'Ruiz', verified: true });
    const member = await buildUser(t.deps, { verified: true });
    const contest = await buildContest(t, owner, { visibility: 'private', name: 'Winter Cup' });
    const invite = (emails: unknown, who = owner) =>
      t.app.inject({
        method: 'POST',
        url: `/api/contests/${contest.id}/invite/`,
        headers: who.auth,
        payload: { emails },
      });

    expect((await invite([])).json()).toEqual({ emails: [messages.chipNone] });
    expect((await invite(['a@school.test', 'A@school.test'])).json()).toEqual({
      emails: [messages.chipDuplicate],
    });
    expect((await invite(['a@school.test', 'nope'])).json()).toEqual({
      'emails.1': [messages.invalidEmail],
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/contest-users/',
      headers: member.auth,
      payload: { code: contest.join_code },
    });
    expect((await invite(['b@school.test'], member)).json()).toEqual({
      error: contestMessages.notOwner,
    });

    const sent = await invite(['friend@school.test', 'pal@school.test']);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ invited: ['friend@school.test', 'pal@school.test'] });
    const mail = await latestMailTo(t.deps, 'friend@school.test');
    // A fixed subject; the inviter's and the contest's names only in the body.
    expect(mail?.subject).toBe('You are invited to a stock-market contest on Bullpen');
    expect(mail?.textBody).toContain('Ana Ruiz invited you to join the contest “Winter Cup”');
    expect(mail?.textBody).toMatch(/http:\/\/bullpen\.test\/join\?invitation=[\w-]{43}/);
    expect(mail?.textBody).not.toContain(contest.join_code);
  });
});

describe('leaving, describing and deleting', () => {
  it('lets a member leave and describe their own portfolio only; the owner cannot leave', async () => {
    const owner = await buildUser(t.deps);
    const student = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const joined = (
      await t.app.inject({
        method: 'POST',
        url: '/api/contest-users/',
        headers: student.auth,
        payload: { contest: contest.id },
      })
    ).json();
    const describe = (id: number, who: typeof owner, description: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/contest-users/${id}/description/`,
        headers: who.auth,
        payload: { description },
      });
    expect((await describe(joined.id, student, 'Tech only!')).json().description).toBe(
      'Tech only!',
    );
    expect((await describe(joined.id, owner, 'hacked')).statusCode).toBe(403);
    expect((await describe(joined.id, student, 'x'.repeat(501))).statusCode).toBe(400);

    const ownerLeaves = await t.app.inject({
      method: 'DELETE',
      url: `/api/contest-users/${contest.my_contest_user}/`,
      headers: owner.auth,
    });
    expect(ownerLeaves.statusCode).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/contest-users/${joined.id}/`,
          headers: owner.auth,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/contest-users/${joined.id}/`,
          headers: student.auth,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ url: `/api/contest-users/${joined.id}/`, headers: student.auth }))
        .statusCode,
    ).toBe(404);
  });

  it('lets only the owner delete, and not once trading started with others in it', async () => {
    const owner = await buildUser(t.deps);
    const student = await buildUser(t.deps);
    const upcoming = await buildContest(t, owner, { starts_at: iso(2), ends_at: iso(9) });
    await t.app.inject({
      method: 'POST',
      url: '/api/contest-users/',
      headers: student.auth,
      payload: { contest: upcoming.id },
    });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/contests/${upcoming.id}/`,
          headers: student.auth,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/contests/${upcoming.id}/`,
          headers: owner.auth,
        })
      ).statusCode,
    ).toBe(204);

    const started = await buildContest(t, owner);
    const alone = await buildContest(t, owner);
    await t.app.inject({
      method: 'POST',
      url: '/api/contest-users/',
      headers: student.auth,
      payload: { contest: started.id },
    });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/contests/${started.id}/`,
      headers: owner.auth,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: contestMessages.deleteStarted });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/contests/${alone.id}/`,
          headers: owner.auth,
        })
      ).statusCode,
    ).toBe(204);
  });
});

describe('PATCH /api/contests/{id}/freeze', () => {
  it('lets the owner pause and resume trading, and nobody else', async () => {
    const owner = await buildUser(t.deps);
    const member = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    await t.app.inject({
      method: 'POST',
      url: '/api/contest-users/',
      headers: member.auth,
      payload: { contest: contest.id },
    });
    const freeze = (who: typeof owner, frozen: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/contests/${contest.id}/freeze`,
        headers: who.auth,
        payload: { frozen },
      });
    const heard: { type: string; contest: number }[] = [];
    const listener = { id: 'freeze-test', send: (data: string) => heard.push(JSON.parse(data)) };
    await t.app.realtime.subscribe('leaderboards', listener);
    expect((await freeze(member, true)).statusCode).toBe(403);
    expect((await freeze(owner, 'yes')).statusCode).toBe(400);
    const frozen = await freeze(owner, true);
    expect(frozen.json()).toMatchObject({ status: 'frozen' });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/contest-user-orders/',
      headers: owner.auth,
      payload: {
        contest_user: contest.my_contest_user,
        security: 1,
        order_type: 'BUY',
        quantity: 1,
      },
    });
    expect(order.json()).toEqual({ error: contestMessages.frozen });
    expect((await freeze(owner, false)).json()).toMatchObject({ status: 'active' });
    t.app.realtime.unsubscribe('leaderboards', listener);
    expect(heard.filter((message) => message.type === 'contest')).toEqual([
      expect.objectContaining({ contest: contest.id }),
      expect.objectContaining({ contest: contest.id }),
    ]);
  });
});

describe('GET /api/contest-users/leaderboard/', () => {
  it('gives the same ranks on shallow and deep pages of a big board', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const { sql } = await import('drizzle-orm');
    await t.deps.db.execute(sql`
      insert into users (username, email, password_hash, first_name, last_name)
      select 'board' || g || ${contest.id}, 'board' || g || '-' || ${contest.id} || '@school.test', 'x', 'B', 'P'
      from generate_series(1, 300) as g`);
    await t.deps.db.execute(sql`
      insert into contest_users (contest_id, user_id, cash_cents, value_cents)
      select ${contest.id}, id, 1000000, 900000 + (id * 37 % 50) * 1000
      from users where username like 'board%' || ${contest.id}`);
    const values: number[] = [];
    const ranks: number[] = [];
    for (let page = 1; page <= 7; page += 1) {
      const body = (
        await t.app.inject({
          url: `/api/contest-users/leaderboard/?contest=${contest.id}&page_size=50&page=${page}`,
          headers: owner.auth,
        })
      ).json();
      for (const row of body.results) {
        values.push(row.value);
        ranks.push(row.rank);
      }
    }
    expect(values).toHaveLength(301);
    const expected = values.map((value) => values.filter((other) => other > value).length + 1);
    expect(ranks).toEqual(expected);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });

  it('ranks by value with ties sharing a rank, paginated, for members of private contests only', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { visibility: 'private' });
    const members = [owner];
    for (let index = 0; index < 4; index += 1) {
      const member = await buildUser(t.deps);
      await t.app.inject({
        method: 'POST',
        url: '/api/contest-users/',
        headers: member.auth,
        payload: { code: contest.join_code },
      });
      members.push(member);
    }
    const { contestUsers } = await import('../db/schema/index.ts');
    const { eq, and } = await import('drizzle-orm');
    const values = [1_200_000, 900_000, 1_200_000, 1_000_000, 800_000];
    for (const [index, member] of members.entries()) {
      await t.deps.db
        .update(contestUsers)
        .set({ valueCents: values[index]! })
        .where(
          and(eq(contestUsers.contestId, contest.id), eq(contestUsers.userId, member.user.id)),
        );
    }
    const first = await t.app.inject({
      url: `/api/contest-users/leaderboard/?contest=${contest.id}&page_size=3`,
      headers: owner.auth,
    });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.count).toBe(5);
    expect(
      page.results.map((row: { rank: number; value: number }) => [row.rank, row.value]),
    ).toEqual([
      [1, 1_200_000],
      [1, 1_200_000],
      [3, 1_000_000],
    ]);
    expect(page.results[0].return_ratio).toBeCloseTo(0.2, 10);
    expect(page.next).toContain('page=2');
    const second = (
      await t.app.inject({
        url: new URL(page.next).pathname + new URL(page.next).search,
        headers: owner.auth,
      })
    ).json();
    expect(second.results.map((row: { rank: number }) => row.rank)).toEqual([4, 5]);

    const one = (
      await t.app.inject({
        url: `/api/contest-users/leaderboard/?contest=${contest.id}&user=${members[3]!.user.id}`,
        headers: owner.auth,
      })
    ).json();
    expect(one.count).toBe(1);
    expect(one.results).toEqual([
      expect.objectContaining({
        rank: 3,
        value: 1_000_000,
        user: expect.objectContaining({ id: members[3]!.user.id }),
      }),
    ]);

    const stranger = await buildUser(t.deps);
    const hidden = await t.app.inject({
      url: `/api/contest-users/leaderboard/?contest=${contest.id}`,
      headers: stranger.auth,
    });
    expect(hidden.statusCode).toBe(404);
    const missing = await t.app.inject({
      url: '/api/contest-users/leaderboard/',
      headers: owner.auth,
    });
    expect(missing.statusCode).toBe(400);
  });
});
