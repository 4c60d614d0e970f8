import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestMessages } from '@bullpen/contract/contests';
import {
  INVITATIONS_PER_SENDER_PER_HOUR,
  INVITATIONS_PER_TARGET_PER_HOUR,
} from '@bullpen/contract/constants';
import { authMessages } from '@bullpen/contract/messages';
import { invitationSends, mailOutbox } from '../db/schema/index.ts';
import {
  buildContest,
  buildTestApp,
  buildUser,
  latestMailTo,
  linkToken,
  marketTimes,
  type TestApp,
} from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.app.market.clock.now = () => marketTimes.open;
});
afterAll(async () => t.close());

type Who = { auth: { authorization: string } };

const invite = (contestId: number, who: Who, emails: string[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/contests/${contestId}/invite/`,
    headers: who.auth,
    payload: { emails },
  });

const join = (who: Who, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/contest-users/', headers: who.auth, payload });

async function signUp(email: string, username: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/users/',
    payload: {
      username,
      email,
      password: 'green turtle sky',
      first_name: 'Sam',
      last_name: 'Poe',
      date_of_birth: '2000-01-01',
    },
  });
  return response;
}

async function invitationToken(email: string): Promise<string> {
  const mails = await t.deps.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .orderBy(desc(mailOutbox.id));
  const mail = mails.find((row) => row.textBody.includes('/join?invitation='));
  const match = mail?.textBody.match(/\/join\?invitation=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no invitation link to ${email}`);
  return match[1];
}

let sequence = 0;
const address = (name: string) => `${name}${(sequence += 1)}@school.test`;

describe('redeeming invitations needs a proven address', () => {
  it('an unverified sign-up with an invited address neither joins nor blocks the real invitee', async () => {
    const owner = await buildUser(t.deps, { verified: true });
    const contest = await buildContest(t, owner, { visibility: 'private' });
    const invitedAddress = address('invitee');
    expect((await invite(contest.id, owner, [invitedAddress])).statusCode).toBe(200);

    // Someone who saw the address signs up with it first (no mailbox, so never verified).
    const squatter = await signUp(invitedAddress, `squat${sequence}`);
    expect(squatter.statusCode).toBe(201);
    const squatterAuth = { auth: { authorization: `JWT ${squatter.json().token}` } };
    const refused = await join(squatterAuth, { contest: contest.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: authMessages.verifyEmailFirst });
    const hidden = await t.app.inject({
      url: `/api/contests/${contest.id}/`,
      headers: squatterAuth.auth,
    });
    expect(hidden.statusCode).toBe(404);

    // The real invitee can still sign up with their address, and the emailed link joins them.
    const real = await signUp(invitedAddress.toUpperCase(), `real${sequence}`);
    expect(real.statusCode).toBe(201);
    const realAuth = { auth: { authorization: `JWT ${real.json().token}` } };
    const joined = await join(realAuth, { invitation: await invitationToken(invitedAddress) });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().contest).toMatchObject({ id: contest.id, join_code: contest.join_code });
    // Opening the link proved the address: the invitee's account is verified now, the other not.
    const me = await t.app.inject({
      url: `/api/users/${real.json().user.id}/`,
      ...{ headers: realAuth.auth },
    });
    expect(me.json().email_verified).toBe(true);
    expect((await join(squatterAuth, { contest: contest.id })).statusCode).toBe(403);
  });

  it('joins by a verified invited address; refuses the same address unverified', async () => {
    const owner = await buildUser(t.deps, { verified: true });
    const contest = await buildContest(t, owner, { visibility: 'private' });
    const verified = await buildUser(t.deps, { verified: true });
    const unverified = await buildUser(t.deps);
    await invite(contest.id, owner, [verified.user.email, unverified.user.email]);
    expect((await join(verified, { contest: contest.id })).statusCode).toBe(201);
    const refused = await join(unverified, { contest: contest.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: authMessages.verifyEmailFirst });
  });

  it('does not carry invitations over to a new address before it is verified', async () => {
    const owner = await buildUser(t.deps, { verified: true });
    const contest = await buildContest(t, owner, { visibility: 'private' });
    const invitedAddress = address('target');
    await invite(contest.id, owner, [invitedAddress]);
    const mover = await buildUser(t.deps, { verified: true });
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${mover.user.id}/`,
      headers: mover.auth,
      payload: { email: invitedAddress, current_password: mover.password },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().email).toBe(mover.user.email);
    const early = await join(mover, { contest: contest.id });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ error: contestMessages.privateNeedsCode });

    // The link mailed to the new address proves it; then the invitation counts.
    const mail = await latestMailTo(t.deps, invitedAddress);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/',
      payload: { token: linkToken(mail!.textBody, '/public/email-verification') },
    });
    expect(verified.json()).toEqual({ detail: authMessages.emailChanged });
    expect((await join(mover, { contest: contest.id })).statusCode).toBe(201);
  });

  it('spends an invitation link once; an unverified account with another address cannot use it', async () => {
    const owner = await buildUser(t.deps, { verified: true });
    const contest = await buildContest(t, owner, { visibility: 'private' });
    const invitedAddress = address('once');
    await invite(contest.id, owner, [invitedAddress]);
    const token = await invitationToken(invitedAddress);
    const stranger = await buildUser(t.deps);
    const strangerTry = await join(stranger, { invitation: token });
    expect(strangerTry.statusCode).toBe(403);
    expect(strangerTry.json()).toEqual({ error: authMessages.verifyEmailFirst });

    const friend = await buildUser(t.deps, { verified: true });
    expect((await join(friend, { invitation: token })).statusCode).toBe(201);
    const second = await buildUser(t.deps, { verified: true });
    const reused = await join(second, { invitation: token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ invitation: [contestMessages.invitationInvalid] });
    expect((await join(second, { invitation: 'made-up' })).statusCode).toBe(400);
  });
});

describe('sending invitations', () => {
  it('refuses an unverified sender with 403 and lets a verified one send', async () => {
    const unverified = await buildUser(t.deps);
    const verified = await buildUser(t.deps, { verified: true });
    const theirs = await buildContest(t, unverified, { visibility: 'private' });
    const mine = await buildContest(t, verified, { visibility: 'private' });
    const refused = await invite(theirs.id, unverified, [address('x')]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: authMessages.verifyEmailFirst });
    expect((await invite(mine.id, verified, [address('y')])).statusCode).toBe(200);
  });

  it('keeps user text out of the subject and escapes it in the HTML body', async () => {
    const owner = await buildUser(t.deps, {
      verified: true,
      first_name: `<b>Win</b>`,
      last_name: `O'Hara`,
    });
    const contest = await buildContest(t, owner, {
      visibility: 'private',
      name: `FREE PRIZE <a href="https://evil.example">claim</a> 'now'`,
    });
    const to = address('escape');
    await invite(contest.id, owner, [to]);
    const mail = (await latestMailTo(t.deps, to))!;
    expect(mail.subject).toBe('You are invited to a stock-market contest on Bullpen');
    expect(mail.htmlBody).not.toContain('<a href="https://evil.example">');
    expect(mail.htmlBody).not.toContain('<b>');
    expect(mail.htmlBody).toContain(
      'FREE PRIZE &lt;a href=&quot;https://evil.example&quot;&gt;claim&lt;/a&gt; &#39;now&#39;',
    );
    expect(mail.htmlBody).toContain('&lt;b&gt;Win&lt;/b&gt; O&#39;Hara');
  });

  it('limits invitations per contest and per sender per hour, counted per recipient', async () => {
    const owner = await buildUser(t.deps, { verified: true });
    const first = await buildContest(t, owner, { visibility: 'private' });
    const second = await buildContest(t, owner, { visibility: 'private' });
    const batch = (size: number) => Array.from({ length: size }, () => address('bulk'));
    for (let sent = 0; sent < INVITATIONS_PER_TARGET_PER_HOUR; sent += 50) {
      expect((await invite(first.id, owner, batch(50))).statusCode).toBe(200);
    }
    const overContest = await invite(first.id, owner, batch(1));
    expect(overContest.statusCode).toBe(429);
    expect(overContest.json().error).toMatch(
      new RegExp(
        `^At most ${INVITATIONS_PER_TARGET_PER_HOUR} invitations an hour can be sent for this\\. Please try again in \\d+ minutes\\.$`,
      ),
    );

    const room = INVITATIONS_PER_SENDER_PER_HOUR - INVITATIONS_PER_TARGET_PER_HOUR;
    expect((await invite(second.id, owner, batch(room))).statusCode).toBe(200);
    const overSender = await invite(second.id, owner, batch(1));
    expect(overSender.statusCode).toBe(429);
    expect(overSender.json().error).toMatch(
      new RegExp(
        `^You can send at most ${INVITATIONS_PER_SENDER_PER_HOUR} invitations an hour\\. Please try again in \\d+ minutes\\.$`,
      ),
    );
    // Another teacher is not held back by this one's limit.
    const colleague = await buildUser(t.deps, { verified: true });
    const theirs = await buildContest(t, colleague, { visibility: 'private' });
    expect((await invite(theirs.id, colleague, batch(3))).statusCode).toBe(200);
  });

  it('holds the limit under concurrent requests: no more mail than the limit allows', async () => {
    const owner = await buildUser(t.deps, { verified: true });
    const contest = await buildContest(t, owner, { visibility: 'private' });
    const batch = () => Array.from({ length: 40 }, () => address('race'));
    // 40 + 40 fit in the contest's hour, a third 40 does not: of three at once, two pass.
    const responses = await Promise.all([1, 2, 3].map(() => invite(contest.id, owner, batch())));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const rows = await t.deps.db
      .select()
      .from(invitationSends)
      .where(eq(invitationSends.target, `contest:${contest.id}`));
    expect(rows).toHaveLength(80);
  });
});

describe('invitation mail language', () => {
  it('is the account’s language for an address with an account, else the sender’s', async () => {
    const owner = await buildUser(t.deps, { verified: true, language: 'es' });
    const english = await buildUser(t.deps, { verified: true, language: 'en' });
    const contest = await buildContest(t, owner, { visibility: 'private' });
    const stranger = address('stranger');
    const response = await invite(contest.id, owner, [stranger, english.user.email]);
    expect(response.statusCode).toBe(200);

    const toStranger = await latestMailTo(t.deps, stranger);
    expect(toStranger?.subject).toBe('Te invitaron a un concurso de bolsa en Bullpen');
    expect(toStranger?.textBody).toContain('te invitó a unirte al concurso');
    const toAccount = await latestMailTo(t.deps, english.user.email);
    expect(toAccount?.subject).toBe('You are invited to a stock-market contest on Bullpen');
  });
});
