import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { api } from '@bullpen/contract/routes';
import { staffMessages, type StaffAuditEntry, type StaffUser } from '@bullpen/contract/users';
import { buildUser, testAppForFile } from '../test/app.ts';
import { callAs, signedOut, type Who } from '../test/classrooms.ts';
import { toCsv } from '../platform/csv.ts';
import { purgeUser } from '../users/deletion.ts';
import { deleteUserRow, grantStaff, staffAuditOf } from '../users/queries.ts';

/** The staff pages of accounts and of the audit log (docs/decisions/035-staff-accounts.md). */
const t = testAppForFile();
const call = callAs(t);

async function buildStaff(overrides: { username?: string } = {}) {
  const staff = await buildUser(t.deps, { verified: true, ...overrides });
  await grantStaff(t.deps.db, staff.user.id);
  return staff;
}

const logIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: api.login.build(), payload: { username, password } });

type UsersPage = { count: number; results: StaffUser[] };
const listUsers = async (who: Who, query: string) => {
  const response = await call(who, 'GET', `${api.staffUsers.build()}?page_size=500&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as UsersPage;
};
const auditPage = async (who: Who, query = '') => {
  const response = await call(who, 'GET', `${api.staffAuditLog.build()}?page_size=500&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { count: number; results: StaffAuditEntry[] };
};
const deactivate = (who: Who, id: number) =>
  call(who, 'POST', api.staffUserDeactivate.build({ id }));
const reactivate = (who: Who, id: number) =>
  call(who, 'POST', api.staffUserReactivate.build({ id }));

describe('the staff routes of accounts and of the audit log', () => {
  it('are for staff only: a teacher, a student and a stranger are refused', async () => {
    const staff = await buildStaff();
    const teacher = await buildUser(t.deps, { is_teacher: true, verified: true, trusted: true });
    const student = await buildUser(t.deps);
    const target = await buildUser(t.deps);
    for (const [who, status] of [
      [teacher, 403],
      [student, 403],
      [signedOut, 401],
    ] as const) {
      expect((await call(who, 'GET', api.staffUsers.build())).statusCode).toBe(status);
      expect((await deactivate(who, target.user.id)).statusCode).toBe(status);
      expect((await reactivate(who, target.user.id)).statusCode).toBe(status);
      expect((await call(who, 'GET', api.staffAuditLog.build())).statusCode).toBe(status);
      expect((await call(who, 'GET', api.staffAuditLogExport.build())).statusCode).toBe(status);
    }
    expect(await staffAuditOf(t.deps.db, target.user.id)).toEqual([]);
    expect((await logIn(target.user.username, target.password)).statusCode).toBe(200);
    expect((await call(staff, 'GET', api.staffUsers.build())).statusCode).toBe(200);
    expect((await call(staff, 'GET', api.staffAuditLog.build())).statusCode).toBe(200);
    expect((await call(staff, 'GET', api.staffAuditLogExport.build())).statusCode).toBe(200);
  });
});

describe('the list of accounts', () => {
  it('searches by the start of a name, username or address, whatever the case', async () => {
    const staff = await buildStaff();
    const tag = `q${Date.now().toString(36)}`;
    const zoe = await buildUser(t.deps, {
      username: `${tag}zoe`,
      first_name: 'Zoë',
      last_name: `Ortega${tag}`,
      email: `zoe.${tag}@school.test`,
    });
    const teacher = await buildUser(t.deps, {
      is_teacher: true,
      first_name: `Xa${tag}`,
      last_name: 'Lima',
    });
    const ids = (page: UsersPage) => page.results.map((row) => row.id).sort();
    expect(ids(await listUsers(staff, `search=${tag.toUpperCase()}`))).toEqual([zoe.user.id]);
    expect(ids(await listUsers(staff, `search=ortega${tag}`))).toEqual([zoe.user.id]);
    expect(ids(await listUsers(staff, `search=zoe.${tag}@`))).toEqual([zoe.user.id]);
    expect(ids(await listUsers(staff, `search=xa${tag}%20lima`))).toEqual([teacher.user.id]);
    // Only the start matches, and LIKE's wildcards are taken literally.
    expect(ids(await listUsers(staff, `search=${tag.slice(1)}zoe`))).toEqual([]);
    expect(ids(await listUsers(staff, `search=%25${tag}`))).toEqual([]);
    expect(ids(await listUsers(staff, `search=_${tag.slice(1)}zoe`))).toEqual([]);

    const row = (await listUsers(staff, `search=${tag}zoe`)).results[0];
    expect(row).toEqual({
      id: zoe.user.id,
      username: `${tag}zoe`,
      first_name: 'Zoë',
      last_name: `Ortega${tag}`,
      email: `zoe.${tag}@school.test`,
      role: 'student',
      status: 'active',
      joined_at: zoe.user.createdAt.toISOString(),
      last_seen_at: expect.any(String),
      deactivated_at: null,
      deactivated_by: null,
    });
    const teacherRow = (await listUsers(staff, `search=xa${tag}`)).results[0];
    expect(teacherRow?.role).toBe('teacher');
  });

  it('filters by role and state, leaves erased accounts out, and refuses bad input', async () => {
    const staff = await buildStaff();
    const tag = `f${Date.now().toString(36)}`;
    const make = (extra: Parameters<typeof buildUser>[1] = {}) =>
      buildUser(t.deps, { first_name: tag, ...extra });
    const active = await make();
    const teacher = await make({ is_teacher: true });
    const waiting = await make({ date_of_birth: '2020-01-01', consentPending: true });
    const leaving = await make();
    const off = await make();
    const erased = await make();
    const scheduled = await t.app.inject({
      method: 'POST',
      url: api.userDeletion.build({ id: leaving.user.id }),
      headers: leaving.auth,
      payload: { password: leaving.password },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await deactivate(staff, off.user.id)).statusCode).toBe(200);
    await purgeUser(t.deps, erased.user.id);

    const ids = async (query: string) =>
      (await listUsers(staff, `search=${tag}&${query}`)).results.map((row) => row.id).sort();
    const sorted = (...users: { user: { id: number } }[]) =>
      users.map((user) => user.user.id).sort();
    expect(await ids('')).toEqual(sorted(active, teacher, waiting, leaving, off));
    expect(await ids('status=active')).toEqual(sorted(active, teacher));
    expect(await ids('status=deactivated')).toEqual(sorted(off));
    expect(await ids('status=deletion_pending')).toEqual(sorted(leaving));
    expect(await ids('status=consent_pending')).toEqual(sorted(waiting));
    expect(await ids('role=teacher')).toEqual(sorted(teacher));
    expect(await ids('role=student&status=active')).toEqual(sorted(active));
    expect(await ids('role=staff')).toEqual([]);
    expect(await ids('role=&status=')).toEqual(sorted(active, teacher, waiting, leaving, off));
    const staffRows = await listUsers(staff, `role=staff`);
    expect(staffRows.results.map((row) => row.id)).toContain(staff.user.id);
    expect(staffRows.results.every((row) => row.role === 'staff')).toBe(true);

    const bad = async (query: string) => {
      const response = await call(staff, 'GET', `${api.staffUsers.build()}?${query}`);
      expect(response.statusCode).toBe(400);
      return response.json();
    };
    expect(await bad('role=admin')).toEqual({ role: [staffMessages.roleChoice] });
    expect(await bad('status=gone')).toEqual({ status: [staffMessages.statusChoice] });
    expect(await bad(`search=${'a'.repeat(101)}`)).toEqual({
      search: [staffMessages.searchTooLong],
    });
    // Bad input as staff (the bad-input walk runs as a teacher, refused before the input).
    for (const query of ['search=%00', 'search=a&search=b', 'page=abc', 'page_size=-1']) {
      expect((await call(staff, 'GET', `${api.staffUsers.build()}?${query}`)).statusCode).toBe(400);
    }
    for (const query of ['action=%00', 'action=user.deactivate&action=x', 'page=0']) {
      expect((await call(staff, 'GET', `${api.staffAuditLog.build()}?${query}`)).statusCode).toBe(
        400,
      );
      const csv = await call(staff, 'GET', `${api.staffAuditLogExport.build()}?${query}`);
      expect(csv.statusCode).toBe(query === 'page=0' ? 200 : 400);
    }
  });
});

describe('deactivating an account', () => {
  it('ends its sessions and sign-in until staff reactivate it; each change is audited', async () => {
    const staff = await buildStaff();
    const student = await buildUser(t.deps, { first_name: 'Sam' });
    const me = () => call(student, 'GET', api.user.build({ id: student.user.id }));
    expect((await me()).statusCode).toBe(200);

    const off = await deactivate(staff, student.user.id);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      id: student.user.id,
      status: 'deactivated',
      deactivated_at: expect.any(String),
      deactivated_by: staff.user.username,
      // The day of last use stays on record after the session rows went.
      last_seen_at: expect.any(String),
    });
    // The token it held stops working at once.
    expect((await me()).statusCode).toBe(401);
    // The right password is told why; a wrong one learns nothing new.
    const refused = await logIn(student.user.username, student.password);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: [staffMessages.accountDeactivated] });
    const wrong = await logIn(student.user.username, 'not-the-password');
    expect(wrong.json()).not.toEqual(refused.json());
    // A second request changes nothing and records nothing.
    expect((await deactivate(staff, student.user.id)).statusCode).toBe(200);

    const on = await reactivate(staff, student.user.id);
    expect(on.json()).toMatchObject({
      status: 'active',
      deactivated_at: null,
      deactivated_by: null,
    });
    expect((await reactivate(staff, student.user.id)).statusCode).toBe(200);
    // Reactivating does not bring the old token back; signing in works again.
    expect((await me()).statusCode).toBe(401);
    expect((await logIn(student.user.username, student.password)).statusCode).toBe(200);

    const audit = await staffAuditOf(t.deps.db, student.user.id);
    expect(audit.map(({ actorId, action }) => ({ actorId, action }))).toEqual([
      { actorId: staff.user.id, action: 'user.deactivate' },
      { actorId: staff.user.id, action: 'user.reactivate' },
    ]);
  });

  it('is refused for oneself and for the last active staff account; another staff may be', async () => {
    const first = await buildStaff();
    const self = await deactivate(first, first.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ non_field_errors: [staffMessages.deactivateSelf] });

    const second = await buildStaff();
    expect((await deactivate(first, second.user.id)).statusCode).toBe(200);
    // The second cannot act any more; the first is the one left.
    expect((await deactivate(second, first.user.id)).statusCode).toBe(401);
    expect((await reactivate(first, second.user.id)).statusCode).toBe(200);
  });

  it('leaves one active staff member when two turn each other off at once', async () => {
    // Only these two stay staff in this check: the others made in this file are turned off.
    const [a, b] = [await buildStaff(), await buildStaff()];
    for (const row of (await listUsers(a, 'role=staff&status=active')).results) {
      if (row.id !== a.user.id && row.id !== b.user.id) {
        expect((await deactivate(a, row.id)).statusCode).toBe(200);
      }
    }
    const [ab, ba] = await Promise.all([deactivate(a, b.user.id), deactivate(b, a.user.id)]);
    // One goes through; the other is refused: its session already ended (401), or, when both
    // were signed in as the statements met, the lock made it see it would leave no staff (400).
    const [done, refused] = ab.statusCode === 200 ? [ab, ba] : [ba, ab];
    expect(done.statusCode).toBe(200);
    expect([400, 401]).toContain(refused.statusCode);
    if (refused.statusCode === 400) {
      expect(refused.json()).toEqual({ non_field_errors: [staffMessages.lastStaff] });
    }
    const left = await listUsers(ab.statusCode === 200 ? a : b, 'role=staff&status=active');
    expect(left.count).toBe(1);
  });

  it('answers an unknown or erased account with 404, a bad id with 400', async () => {
    const staff = await buildStaff();
    const gone = await buildUser(t.deps);
    await purgeUser(t.deps, gone.user.id);
    for (const id of [gone.user.id, 999_999_999]) {
      const response = await deactivate(staff, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: staffMessages.userNotFound });
    }
    expect((await call(staff, 'POST', '/api/staff/users/abc/deactivate/')).statusCode).toBe(400);
  });
});

describe('the audit log', () => {
  it('lists newest first with usernames, a former user for an erased account, by action', async () => {
    const staff = await buildStaff();
    const student = await buildUser(t.deps);
    const erased = await buildUser(t.deps);
    const deleted = await buildUser(t.deps);
    expect((await deactivate(staff, student.user.id)).statusCode).toBe(200);
    expect((await deactivate(staff, erased.user.id)).statusCode).toBe(200);
    expect((await deactivate(staff, deleted.user.id)).statusCode).toBe(200);
    expect((await reactivate(staff, student.user.id)).statusCode).toBe(200);
    await purgeUser(t.deps, erased.user.id);
    await deleteUserRow(t.deps.db, deleted.user.id);

    const page = await auditPage(staff);
    const mine = page.results.filter((row) => row.actor_id === staff.user.id);
    expect(
      mine.map(({ action, target_id, target_username, actor_username }) => ({
        action,
        target_id,
        target_username,
        actor_username,
      })),
    ).toEqual([
      {
        action: 'user.reactivate',
        target_id: student.user.id,
        target_username: student.user.username,
        actor_username: staff.user.username,
      },
      {
        action: 'user.deactivate',
        target_id: null,
        target_username: null,
        actor_username: staff.user.username,
      },
      {
        action: 'user.deactivate',
        target_id: null,
        target_username: null,
        actor_username: staff.user.username,
      },
      {
        action: 'user.deactivate',
        target_id: student.user.id,
        target_username: student.user.username,
        actor_username: staff.user.username,
      },
    ]);
    const times = page.results.map((row) => row.at);
    expect(times).toEqual([...times].sort().reverse());

    const onlyReactivations = await auditPage(staff, 'action=user.reactivate');
    expect(onlyReactivations.results.every((row) => row.action === 'user.reactivate')).toBe(true);
    expect(onlyReactivations.results.map((row) => row.target_id)).toContain(student.user.id);
    const bad = await call(staff, 'GET', `${api.staffAuditLog.build()}?action=user.delete`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ action: [staffMessages.actionChoice] });
  });

  it('downloads as CSV: quoted, formula-safe, named, and the download is recorded', async () => {
    const staff = await buildStaff({ username: `-staff${Date.now().toString(36)}` });
    const student = await buildUser(t.deps, { username: `-kid${Date.now().toString(36)}` });
    expect((await deactivate(staff, student.user.id)).statusCode).toBe(200);

    const response = await call(
      staff,
      'GET',
      `${api.staffAuditLogExport.build()}?action=user.deactivate`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="bullpen-audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.split('\r\n')[0]).toBe(
      '"time_utc","action","staff_id","staff_username","account_id","account_username"',
    );
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(rows.every((row) => row.action === 'user.deactivate')).toBe(true);
    const ours = rows.find((row) => row.account_id === String(student.user.id));
    expect(ours).toEqual({
      time_utc: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      action: 'user.deactivate',
      staff_id: String(staff.user.id),
      staff_username: `'${staff.user.username}`,
      account_id: String(student.user.id),
      account_username: `'${student.user.username}`,
    });

    const exports = (await auditPage(staff, 'action=audit_log.export')).results;
    expect(exports[0]).toMatchObject({
      action: 'audit_log.export',
      actor_id: staff.user.id,
      target_id: null,
      target_username: null,
    });
  });
});

describe('toCsv', () => {
  it('quotes every field, doubles quotes, and defuses formulas', () => {
    const text = toCsv([
      ['a', 'say "hi"', 'one,two', 'line\nbreak'],
      ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', 'plain=ok', 7, null],
    ]);
    expect(text).toBe(
      '"a","say ""hi""","one,two","line\nbreak"\r\n' +
        `"'=1+1","'+SUM(A1)","'-2","'@cmd","'\tx","plain=ok","7",""\r\n`,
    );
    expect(parse(text, { relax_column_count: true })).toEqual([
      ['a', 'say "hi"', 'one,two', 'line\nbreak'],
      ["'=1+1", "'+SUM(A1)", "'-2", "'@cmd", "'\tx", 'plain=ok', '7', ''],
    ]);
  });
});
