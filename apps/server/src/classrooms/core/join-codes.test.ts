import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classroomMessages } from '@bullpen/contract/classrooms';
import { contestMessages } from '@bullpen/contract/contests';
import { authMessages } from '@bullpen/contract/messages';
import { classrooms } from '../../db/schema/classrooms.ts';
import { buildContest, buildTestApp, buildUser, type TestApp } from '../../test/app.ts';

/**
 * Join codes cannot be guessed: wrong class and contest codes are counted in the database per
 * account and per client address (docs/decisions/027-join-codes-and-attempt-limits.md).
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof buildUser>>;

const PER_ACCOUNT = 20;
const PER_ADDRESS = 45;

beforeAll(async () => {
  t = await buildTestApp({
    JOIN_CODE_MISSES_PER_ACCOUNT: String(PER_ACCOUNT),
    JOIN_CODE_MISSES_PER_ADDRESS: String(PER_ADDRESS),
  });
});
afterAll(async () => t.close());

let addresses = 0;
/** A client address of its own for each test, so their counts never meet. */
const newAddress = () => `10.27.0.${(addresses += 1)}`;

/** Sends a join code to `url` as `who`, from the client address `address`. */
function sendCode(url: string, who: User, code: string, address: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: who.auth,
    remoteAddress: address,
    payload: { code },
  });
}
const joinClass = (who: User, code: string, address: string) =>
  sendCode('/api/classrooms/classrooms/join/', who, code, address);
const joinContestByCode = (who: User, code: string, address: string) =>
  sendCode('/api/contest-users/', who, code, address);

async function newClass(): Promise<string> {
  const teacher = await buildUser(t.deps, { is_teacher: true });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/classrooms/classrooms/',
    headers: teacher.auth,
    payload: { name: 'Economics 9B' },
  });
  expect(created.statusCode).toBe(201);
  return created.json().join_code as string;
}

/** A wrong code of the right shape: no class or contest has it. */
const wrongCode = (index: number) => `WRONG${String(index).padStart(3, '0')}`;

describe('join codes', () => {
  it('new classes get ten characters; a class with an older eight-character code is still joined by it', async () => {
    const code = await newClass();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const [older] = await t.deps.db
      .insert(classrooms)
      .values({ name: 'From last year', teacherId: teacher.user.id, joinCode: 'KM4T7WQ2' })
      .returning();
    const student = await buildUser(t.deps);
    const joined = await joinClass(student, 'km4t7wq2', newAddress());
    expect(joined.statusCode).toBe(201);
    expect(joined.json().id).toBe(older!.id);
  });
});

describe('wrong join codes', () => {
  it('after 20 wrong class codes the 21st try waits, even with the right code', async () => {
    const address = newAddress();
    const code = await newClass();
    const guesser = await buildUser(t.deps);
    for (let index = 0; index < PER_ACCOUNT; index += 1) {
      const wrong = await joinClass(guesser, wrongCode(index), address);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ code: [classroomMessages.badCode] });
    }
    const right = await joinClass(guesser, code, address);
    expect(right.statusCode).toBe(429);
    const wait = Number(right.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    expect(right.json()).toEqual({ error: authMessages.tooManyJoinCodes(wait) });
    // Contest codes count against the same allowance.
    const contest = await joinContestByCode(guesser, wrongCode(99), address);
    expect(contest.statusCode).toBe(429);
    // Another account at the same address is not held back by this one's guesses.
    const classmate = await buildUser(t.deps);
    expect((await joinClass(classmate, code, address)).statusCode).toBe(201);
  });

  it('a right code before the limit works, and right codes use none of the allowance', async () => {
    const address = newAddress();
    const codes = [await newClass(), await newClass()];
    const student = await buildUser(t.deps);
    for (let index = 0; index < PER_ACCOUNT - 1; index += 1) {
      expect((await joinClass(student, wrongCode(index), address)).statusCode).toBe(400);
    }
    expect((await joinClass(student, codes[0]!, address)).statusCode).toBe(201);
    expect((await joinClass(student, codes[0]!, address)).statusCode).toBe(200);
    expect((await joinClass(student, codes[1]!, address)).statusCode).toBe(201);
    // One wrong code is still left; the one after it waits.
    expect((await joinClass(student, wrongCode(50), address)).statusCode).toBe(400);
    expect((await joinClass(student, wrongCode(51), address)).statusCode).toBe(429);
  });

  it('counts 30 wrong codes sent at once exactly: 20 answered, 10 told to wait', async () => {
    const address = newAddress();
    const guesser = await buildUser(t.deps);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => joinClass(guesser, wrongCode(index), address)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(PER_ACCOUNT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - PER_ACCOUNT);
  });

  it('limits an address across accounts', async () => {
    const address = newAddress();
    const code = await newClass();
    const accounts = [await buildUser(t.deps), await buildUser(t.deps), await buildUser(t.deps)];
    // 15 wrong codes from each of three accounts: the address's 45, no account's 20.
    for (let index = 0; index < PER_ADDRESS; index += 1) {
      const who = accounts[index % accounts.length]!;
      expect((await joinClass(who, wrongCode(index), address)).statusCode).toBe(400);
    }
    const fresh = await buildUser(t.deps);
    const refused = await joinClass(fresh, code, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // The same account from another address is let through.
    expect((await joinClass(fresh, code, newAddress())).statusCode).toBe(201);
  });

  it('limits contest join codes the same way', async () => {
    const address = newAddress();
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { visibility: 'private' });
    const guesser = await buildUser(t.deps);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        joinContestByCode(guesser, wrongCode(index), address),
      ),
    );
    const wrong = answers.filter((answer) => answer.statusCode === 400);
    expect(wrong).toHaveLength(PER_ACCOUNT);
    expect(wrong[0]!.json()).toEqual({ code: [contestMessages.badCode] });
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(10);
    const right = await joinContestByCode(guesser, contest.join_code, address);
    expect(right.statusCode).toBe(429);
    const member = await buildUser(t.deps);
    expect((await joinContestByCode(member, contest.join_code, newAddress())).statusCode).toBe(201);
  });

  it('forgets a window once it is over: the guesser may try again, and the address is not kept', async () => {
    const address = newAddress();
    const code = await newClass();
    const guesser = await buildUser(t.deps);
    for (let index = 0; index < PER_ACCOUNT; index += 1) {
      await joinClass(guesser, wrongCode(index), address);
    }
    expect((await joinClass(guesser, code, address)).statusCode).toBe(429);
    const keys = [`join-code:account:${guesser.user.id}`, `join-code:address:${address}`];
    // Ten minutes later, as the database sees it.
    await t.deps.db.execute(
      sql`update attempt_windows set window_ends_at = now() - interval '1 second' where key in (${sql.join(keys, sql`, `)})`,
    );
    const other = await buildUser(t.deps);
    expect((await joinClass(other, code, newAddress())).statusCode).toBe(201);
    const left = await t.deps.db.execute(
      sql`select key from attempt_windows where key in (${sql.join(keys, sql`, `)})`,
    );
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect((await joinClass(guesser, code, address)).statusCode).toBe(201);
  });
});
