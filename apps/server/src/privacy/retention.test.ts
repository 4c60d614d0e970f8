import { eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MAIL_RETENTION_DAYS,
  RETENTION_INACTIVE_DAYS,
  RETENTION_WARNING_DAYS,
  STAFF_AUDIT_RETENTION_DAYS,
  SUPPORT_TICKET_RETENTION_DAYS,
} from '@bullpen/contract/privacy';
import { NOTIFICATION_RETENTION_DAYS } from '@bullpen/contract/notifications';
import { api } from '@bullpen/contract/routes';
import { FAILURE_MEMORY_MS } from '../auth/policies.ts';
import { attemptWindows } from '../db/schema/attempts.ts';
import {
  addressFailures,
  loginThrottles,
  revokedTokens,
  userSessions,
  userTokens,
} from '../db/schema/auth.ts';
import { invitationSends, mailOutbox } from '../db/schema/mail.ts';
import { notifications } from '../db/schema/notifications.ts';
import { dataExports } from '../db/schema/privacy.ts';
import { supportTickets, usedHumanChecks } from '../db/schema/support.ts';
import { staffAuditLog, users } from '../db/schema/users.ts';
import { zogoCheckWindows } from '../db/schema/zogo.ts';
import { readSetting } from '../platform/settings.ts';
import { buildUser, testAppForFile } from '../test/app.ts';
import { callAs, createClassWithStudents } from '../test/classrooms.ts';
import { placesHolding } from '../test/personal-data.ts';
import { warnAndEraseInactiveAccounts } from '../users/inactivity.ts';
import { grantStaff } from '../users/queries.ts';
import { applyRetention, RETENTION_DAY_SETTING, runRetention } from './retention.ts';

const t = testAppForFile();
const call = callAs(t);
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const daysAgo = (days: number, from = Date.now()) => new Date(from - days * DAY_MS);
const inDays = (days: number, from = Date.now()) => new Date(from + days * DAY_MS);

async function storedUser(id: number) {
  const [row] = await t.deps.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** The account was last used `days` ago: the clock moved on since, as far as it can tell. */
async function unusedFor(id: number, days: number) {
  await t.deps.db
    .update(users)
    .set({ lastActiveAt: daysAgo(days) })
    .where(eq(users.id, id));
}

async function mailsTo(address: string) {
  return t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, address));
}

function logIn(username: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: api.login.build(),
    payload: { username, password },
  });
}

describe('an account nobody uses', () => {
  it('is warned once, a lead time before its deadline, and erased once the warning is as old', async () => {
    const marker = `rtn${process.pid}${Date.now()}`;
    const owner = await buildUser(t.deps, {
      email: `${marker}@mail.test`,
      first_name: `${marker}First`,
      username: `${marker}name`,
      language: 'es',
    });
    const id = owner.user.id;

    // A day before the warning is due: nothing happens.
    await unusedFor(id, RETENTION_INACTIVE_DAYS - RETENTION_WARNING_DAYS - 1);
    expect(await warnAndEraseInactiveAccounts(t.deps, new Date())).toMatchObject({ warned: 0 });
    expect(await mailsTo(owner.user.email)).toHaveLength(0);

    // A day after it is due: one mail, in the account's language, naming the day of erasure.
    await unusedFor(id, RETENTION_INACTIVE_DAYS - RETENTION_WARNING_DAYS + 1);
    const warnedAt = new Date();
    expect(await warnAndEraseInactiveAccounts(t.deps, warnedAt)).toMatchObject({ warned: 1 });
    const [mail, ...more] = await mailsTo(owner.user.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Tu cuenta de Bullpen se borrará si no inicias sesión');
    const deletesOn = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeZone: 'UTC' }).format(
      inDays(RETENTION_WARNING_DAYS, warnedAt.getTime()),
    );
    expect(mail!.textBody).toContain(`se borrarán el ${deletesOn}`);
    expect(mail!.textBody).toContain(`(${owner.user.username})`);
    expect(mail!.textBody).toContain('http://bullpen.test/public/login');
    expect((await storedUser(id)).retentionWarnedAt).toEqual(warnedAt);

    // Later runs neither mail again nor erase before the warning is RETENTION_WARNING_DAYS old,
    // even past the inactivity deadline.
    const later = inDays(RETENTION_WARNING_DAYS - 1, warnedAt.getTime());
    expect(await warnAndEraseInactiveAccounts(t.deps, later)).toEqual({ warned: 0, erased: 0 });
    expect(await mailsTo(owner.user.email)).toHaveLength(1);
    expect((await storedUser(id)).purgedAt).toBeNull();

    // Once it is, the account is erased as a requested deletion is: nothing names the person.
    expect(await placesHolding(t.deps, marker)).not.toEqual([]);
    const due = inDays(RETENTION_WARNING_DAYS, warnedAt.getTime());
    expect(await warnAndEraseInactiveAccounts(t.deps, due)).toMatchObject({ erased: 1 });
    const row = await storedUser(id);
    expect(row.purgedAt).toEqual(due);
    expect(row.username).toBe(`deleted-${id}`);
    expect(await placesHolding(t.deps, marker)).toEqual([]);
    expect((await logIn(owner.user.username, owner.password)).statusCode).toBe(400);
    expect(await warnAndEraseInactiveAccounts(t.deps, inDays(1, due.getTime()))).toEqual({
      warned: 0,
      erased: 0,
    });
  });

  it('is kept when its owner signs in after the warning, and warned afresh only much later', async () => {
    const owner = await buildUser(t.deps);
    const id = owner.user.id;
    await unusedFor(id, RETENTION_INACTIVE_DAYS - 1);
    expect(await warnAndEraseInactiveAccounts(t.deps, new Date())).toMatchObject({ warned: 1 });
    expect((await storedUser(id)).retentionWarnedAt).not.toBeNull();

    const signedIn = await logIn(owner.user.username, owner.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const saved = await storedUser(id);
    expect(saved.retentionWarnedAt).toBeNull();
    expect(Date.now() - saved.lastActiveAt.getTime()).toBeLessThan(60_000);

    // Past the old deadline, and past the warning's lead time: still there, not warned again.
    const runs = await warnAndEraseInactiveAccounts(t.deps, inDays(RETENTION_WARNING_DAYS + 1));
    expect(runs).toEqual({ warned: 0, erased: 0 });
    expect((await storedUser(id)).purgedAt).toBeNull();
    expect(await mailsTo(owner.user.email)).toHaveLength(1);
  });

  it('is kept by any signed-in request, which writes the day of use at most once a day', async () => {
    const owner = await buildUser(t.deps);
    const id = owner.user.id;
    await unusedFor(id, RETENTION_INACTIVE_DAYS - 1);
    await warnAndEraseInactiveAccounts(t.deps, new Date());
    expect((await storedUser(id)).retentionWarnedAt).not.toBeNull();

    const used = await call(owner, 'GET', api.user.build({ id }));
    expect(used.statusCode, used.body).toBe(200);
    const afterUse = await storedUser(id);
    expect(afterUse.retentionWarnedAt).toBeNull();
    expect(Date.now() - afterUse.lastActiveAt.getTime()).toBeLessThan(60_000);

    // Less than a day later a request writes nothing: the day is already recorded.
    const earlier = new Date(Date.now() - 60 * 60 * 1000);
    await t.deps.db.update(users).set({ lastActiveAt: earlier }).where(eq(users.id, id));
    t.deps.sessions.clear();
    expect((await call(owner, 'GET', api.user.build({ id }))).statusCode).toBe(200);
    expect((await storedUser(id)).lastActiveAt).toEqual(earlier);
  });

  it('made by a teacher without an address: its teachers are mailed a lead time before, then it goes; the teacher stays', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true, verified: true, trusted: true });
    const { classroom } = await createClassWithStudents(t.app, teacher, {
      name: 'Unused class',
      students: [],
    });
    const made = await call(
      teacher,
      'POST',
      api.classroomStudentAccounts.build({ id: classroom.id }),
      { students: [{ first_name: 'Nina', last_name: 'Ortiz' }] },
    );
    expect(made.statusCode, made.body).toBe(201);
    const { username } = made.json().students[0] as { username: string };
    const [pupil] = await t.deps.db.select().from(users).where(eq(users.username, username));
    const pupilId = pupil!.id;

    // Before the warning is due: nothing.
    await unusedFor(pupilId, RETENTION_INACTIVE_DAYS - RETENTION_WARNING_DAYS - 1);
    // A teacher unused far longer, who still has a class: the class's records keep them.
    await unusedFor(teacher.user.id, RETENTION_INACTIVE_DAYS + 100);
    expect(await warnAndEraseInactiveAccounts(t.deps, new Date())).toEqual({
      warned: 0,
      erased: 0,
    });
    expect(await mailsTo(teacher.user.email)).toHaveLength(0);

    // Found past its deadline: not erased yet; the teacher, who can be mailed, is told when.
    await unusedFor(pupilId, RETENTION_INACTIVE_DAYS + 1);
    const warnedAt = new Date();
    expect(await warnAndEraseInactiveAccounts(t.deps, warnedAt)).toEqual({ warned: 1, erased: 0 });
    expect((await storedUser(pupilId)).purgedAt).toBeNull();
    expect((await storedUser(pupilId)).retentionWarnedAt).toEqual(warnedAt);
    const [mail, ...more] = await mailsTo(teacher.user.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('A student account you made will be deleted unless it is used');
    const deletesOn = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(inDays(RETENTION_WARNING_DAYS, warnedAt.getTime()));
    expect(mail!.textBody).toContain(`Nina Ortiz's Bullpen account (${username})`);
    expect(mail!.textBody).toContain(`will be deleted on ${deletesOn}`);
    expect(mail!.textBody).toContain('http://bullpen.test/my-classrooms');

    // The warning's full lead time, then the erasure; the teacher is not mailed again, and the
    // outbox's copy of the warning, which names the student, goes with the student's account.
    const later = inDays(RETENTION_WARNING_DAYS - 1, warnedAt.getTime());
    expect(await warnAndEraseInactiveAccounts(t.deps, later)).toEqual({ warned: 0, erased: 0 });
    const due = inDays(RETENTION_WARNING_DAYS, warnedAt.getTime());
    expect(await warnAndEraseInactiveAccounts(t.deps, due)).toEqual({ warned: 0, erased: 1 });
    const erased = await storedUser(pupilId);
    expect(erased.purgedAt).toEqual(due);
    expect(erased.firstName).toBe('');
    const teacherRow = await storedUser(teacher.user.id);
    expect(teacherRow.purgedAt).toBeNull();
    expect(teacherRow.retentionWarnedAt).toBeNull();
    expect(await mailsTo(teacher.user.email)).toHaveLength(0);
  });

  it('is left alone when it is staff, waits for a parent, or waits for a requested erasure', async () => {
    const staff = await buildUser(t.deps);
    await grantStaff(t.deps.db, staff.user.id);
    const waiting = await buildUser(t.deps, {
      date_of_birth: `${new Date().getUTCFullYear() - 10}-01-01`,
      consentPending: true,
    });
    const leaving = await buildUser(t.deps);
    await t.deps.db
      .update(users)
      .set({ deletionRequestedAt: new Date(), deletionDueAt: inDays(14) })
      .where(eq(users.id, leaving.user.id));
    const ids = [staff.user.id, waiting.user.id, leaving.user.id];
    for (const id of ids) await unusedFor(id, RETENTION_INACTIVE_DAYS * 3);

    await warnAndEraseInactiveAccounts(t.deps, new Date());
    await warnAndEraseInactiveAccounts(t.deps, inDays(RETENTION_WARNING_DAYS + 1));
    const rows = await t.deps.db.select().from(users).where(inArray(users.id, ids));
    expect(rows.map((row) => [row.purgedAt, row.retentionWarnedAt])).toEqual(
      ids.map(() => [null, null]),
    );
  });

  it('is warned once when two runs meet it at the same moment', async () => {
    const owner = await buildUser(t.deps);
    await unusedFor(owner.user.id, RETENTION_INACTIVE_DAYS - RETENTION_WARNING_DAYS + 2);
    const now = new Date();
    const runs = await Promise.all([
      warnAndEraseInactiveAccounts(t.deps, now),
      warnAndEraseInactiveAccounts(t.deps, now),
      warnAndEraseInactiveAccounts(t.deps, now),
    ]);
    expect(runs.reduce((sum, run) => sum + run.warned, 0)).toBe(1);
    expect(await mailsTo(owner.user.email)).toHaveLength(1);
  });
});

describe('the daily run', () => {
  it('is done by one process a day', async () => {
    const day = inDays(2000);
    const runs = await Promise.all([runRetention(t.deps, day), runRetention(t.deps, day)]);
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    expect(await readSetting(t.deps.db, RETENTION_DAY_SETTING)).toBe(
      day.toISOString().slice(0, 10),
    );
    // The same day again, or an earlier one, is not run twice.
    expect(await runRetention(t.deps, new Date(day.getTime() + HOUR_MS))).toBeNull();
    expect(await runRetention(t.deps, daysAgo(1, day.getTime()))).toBeNull();
    expect(await runRetention(t.deps, inDays(1, day.getTime()))).not.toBeNull();
  });

  it('deletes each kind of short-lived row after its period, and not before', async () => {
    const marker = `sweep${process.pid}${Date.now()}`;
    const owner = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    const userId = owner.user.id;
    const now = new Date();
    const minute = 60_000;
    const soon = new Date(now.getTime() + minute);
    const gone = new Date(now.getTime() - minute);
    const { db } = t.deps;

    await db.insert(userTokens).values([
      { userId, purpose: 'reset_password', tokenHash: `${marker}-t-old`, expiresAt: gone },
      { userId, purpose: 'reset_password', tokenHash: `${marker}-t-new`, expiresAt: soon },
    ]);
    await db.insert(userSessions).values([
      { userId, tokenId: `${marker}-s-old`, tokenVersion: 0, device: 'x', expiresAt: gone },
      { userId, tokenId: `${marker}-s-new`, tokenVersion: 0, device: 'x', expiresAt: soon },
    ]);
    await db.insert(revokedTokens).values([
      { userId, tokenId: `${marker}-r-old`, expiresAt: gone },
      { userId, tokenId: `${marker}-r-new`, expiresAt: soon },
    ]);
    const quiet = new Date(now.getTime() - FAILURE_MEMORY_MS - minute);
    await db.insert(loginThrottles).values([
      { key: `${marker}-l-old`, failures: 3, lastFailureAt: quiet },
      { key: `${marker}-l-new`, failures: 3, lastFailureAt: now },
      // Quiet, but still waiting out its delay: kept until the delay ends.
      { key: `${marker}-l-locked`, failures: 9, lastFailureAt: quiet, lockedUntil: soon },
    ]);
    const windowMs = t.deps.config.loginLimits.windowSeconds * 1000;
    await db.insert(addressFailures).values([
      {
        scope: 'login',
        address: `${marker}-a-old`,
        key: 'k',
        lastFailureAt: new Date(now.getTime() - windowMs - minute),
      },
      { scope: 'login', address: `${marker}-a-new`, key: 'k', lastFailureAt: now },
    ]);
    await db.insert(attemptWindows).values([
      { key: `${marker}-w-old`, attempts: 1, windowEndsAt: gone },
      { key: `${marker}-w-new`, attempts: 1, windowEndsAt: soon },
    ]);
    await db.insert(zogoCheckWindows).values([
      { userId, windowStart: new Date(now.getTime() - 2 * minute), checks: 3 },
      { userId: other.user.id, windowStart: now, checks: 3 },
    ]);
    await db.insert(dataExports).values([
      { userId, requestedBy: userId, status: 'ready', expiresAt: gone },
      { userId: other.user.id, requestedBy: other.user.id, status: 'ready', expiresAt: soon },
    ]);
    const mail = (suffix: string, createdAt: Date) => ({
      recipient: `${marker}-${suffix}@mail.test`,
      subject: 's',
      textBody: 't',
      htmlBody: 'h',
      status: 'sent' as const,
      createdAt,
    });
    await db
      .insert(mailOutbox)
      .values([
        mail('m-old', daysAgo(MAIL_RETENTION_DAYS, now.getTime() - minute)),
        mail('m-new', daysAgo(MAIL_RETENTION_DAYS, now.getTime() + minute)),
      ]);
    await db.insert(invitationSends).values([
      { senderId: userId, target: `${marker}-i-old`, recipient: 'r', createdAt: daysAgo(1.01) },
      { senderId: userId, target: `${marker}-i-new`, recipient: 'r', createdAt: daysAgo(0.99) },
    ]);
    const ticket = (suffix: string, createdAt: Date, answeredAt: Date | null) => ({
      kind: 'support' as const,
      status: answeredAt ? ('answered' as const) : ('open' as const),
      firstName: 'A',
      lastName: 'B',
      email: `${marker}-${suffix}@mail.test`,
      description: 'd',
      language: 'en' as const,
      senderAddress: '10.0.0.1',
      createdAt,
      answeredAt,
    });
    const limit = SUPPORT_TICKET_RETENTION_DAYS;
    await db
      .insert(supportTickets)
      .values([
        ticket('k-answered-old', daysAgo(limit + 30), daysAgo(limit + 1)),
        ticket('k-answered-new', daysAgo(limit + 30), daysAgo(limit - 1)),
        ticket('k-open-old', daysAgo(limit + 1), null),
        ticket('k-open-new', daysAgo(limit - 1), null),
      ]);
    await db.insert(usedHumanChecks).values([
      { challengeId: `${marker}-h-old`, expiresAt: gone },
      { challengeId: `${marker}-h-new`, expiresAt: soon },
    ]);
    const payload = { marker };
    await db.insert(notifications).values([
      {
        userId,
        kind: 'lesson_reminder',
        payload: { ...payload, age: 'old' },
        createdAt: daysAgo(NOTIFICATION_RETENTION_DAYS + 1),
      },
      {
        userId,
        kind: 'lesson_reminder',
        payload: { ...payload, age: 'new' },
        createdAt: daysAgo(NOTIFICATION_RETENTION_DAYS - 1),
      },
    ]);
    await db.insert(staffAuditLog).values([
      {
        actorId: other.user.id,
        action: 'teacher.trust',
        targetUserId: userId,
        at: daysAgo(STAFF_AUDIT_RETENTION_DAYS + 1),
      },
      {
        actorId: other.user.id,
        action: 'teacher.revoke',
        targetUserId: userId,
        at: daysAgo(STAFF_AUDIT_RETENTION_DAYS - 1),
      },
    ]);

    const run = await applyRetention(t.deps, now);
    expect(run.deleted).toMatchObject({ authRows: 5, tickets: 2, staffAudit: 1 });

    const left = {
      tokens: await db
        .select({ v: userTokens.tokenHash })
        .from(userTokens)
        .where(like(userTokens.tokenHash, `${marker}%`)),
      sessions: await db
        .select({ v: userSessions.tokenId })
        .from(userSessions)
        .where(like(userSessions.tokenId, `${marker}%`)),
      revoked: await db
        .select({ v: revokedTokens.tokenId })
        .from(revokedTokens)
        .where(like(revokedTokens.tokenId, `${marker}%`)),
      throttles: await db
        .select({ v: loginThrottles.key })
        .from(loginThrottles)
        .where(like(loginThrottles.key, `${marker}%`)),
      addresses: await db
        .select({ v: addressFailures.address })
        .from(addressFailures)
        .where(like(addressFailures.address, `${marker}%`)),
      windows: await db
        .select({ v: attemptWindows.key })
        .from(attemptWindows)
        .where(like(attemptWindows.key, `${marker}%`)),
      mail: await db
        .select({ v: mailOutbox.recipient })
        .from(mailOutbox)
        .where(like(mailOutbox.recipient, `${marker}%`)),
      invitations: await db
        .select({ v: invitationSends.target })
        .from(invitationSends)
        .where(like(invitationSends.target, `${marker}%`)),
      tickets: await db
        .select({ v: supportTickets.email })
        .from(supportTickets)
        .where(like(supportTickets.email, `${marker}%`)),
      checks: await db
        .select({ v: usedHumanChecks.challengeId })
        .from(usedHumanChecks)
        .where(like(usedHumanChecks.challengeId, `${marker}%`)),
    };
    const names = Object.fromEntries(
      Object.entries(left).map(([kind, rows]) => [kind, rows.map((row) => row.v).sort()]),
    );
    expect(names).toEqual({
      tokens: [`${marker}-t-new`],
      sessions: [`${marker}-s-new`],
      revoked: [`${marker}-r-new`],
      throttles: [`${marker}-l-locked`, `${marker}-l-new`],
      addresses: [`${marker}-a-new`],
      windows: [`${marker}-w-new`],
      mail: [`${marker}-m-new@mail.test`],
      invitations: [`${marker}-i-new`],
      tickets: [`${marker}-k-answered-new@mail.test`, `${marker}-k-open-new@mail.test`],
      checks: [`${marker}-h-new`],
    });
    const checkWindows = await db
      .select({ userId: zogoCheckWindows.userId })
      .from(zogoCheckWindows)
      .where(inArray(zogoCheckWindows.userId, [userId, other.user.id]));
    expect(checkWindows).toEqual([{ userId: other.user.id }]);
    const exports = await db
      .select({ userId: dataExports.userId })
      .from(dataExports)
      .where(inArray(dataExports.userId, [userId, other.user.id]));
    expect(exports).toEqual([{ userId: other.user.id }]);
    const notes = await db
      .select({ payload: notifications.payload })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    expect(notes).toEqual([{ payload: { marker, age: 'new' } }]);
    const audit = await db
      .select({ action: staffAuditLog.action })
      .from(staffAuditLog)
      .where(eq(staffAuditLog.targetUserId, userId));
    expect(audit).toEqual([{ action: 'teacher.revoke' }]);
  });
});
