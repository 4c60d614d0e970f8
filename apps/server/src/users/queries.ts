import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TeacherTrustStatus } from '@bullpen/contract/users';
import { isUniqueViolation, type Executor } from '../db/connection.ts';
import { type StaffAction, staffAuditLog, users } from '../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;
export type UserChanges = Partial<typeof users.$inferInsert>;

/** A new account's row (sign-up, or a teacher adding a student by name). */
export async function insertUser(
  db: Executor,
  values: typeof users.$inferInsert,
): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

/** Changes the account's own columns; answers the row as it now is. */
export async function changeUser(db: Executor, id: number, changes: UserChanges): Promise<UserRow> {
  const [user] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return user!;
}

/** A sign-up refused after its row was written (its picture was refused): nothing stays. */
export async function deleteUnmadeUser(db: Executor, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/**
 * For other domains' joins, where a join is worth it for speed (a leaderboard page, a
 * contest's owner): the users table with only its public columns. Anything else about a user
 * is read through the functions below.
 */
export const publicUsers = {
  table: users,
  columns: {
    userId: users.id,
    username: users.username,
    firstName: users.firstName,
    avatarPath: users.avatarPath,
  },
  /**
   * The accounts a public board may list, as a condition on the joined table: isUnder13
   * (service.ts) in SQL, so a line made before the age rule (or by any path around it) stays
   * off public boards.
   */
  mayPlayInPublic: (now: Date): SQL =>
    sql`(${users.email} is not null and ${users.createdByTeacherId} is null and (${users.under13Until} is null or ${users.under13Until} <= ${now.toISOString().slice(0, 10)}::date))`,
};

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * The accounts using an address: the one that verified it first, then unverified ones (an
 * unverified address is not taken, so several sign-ups may name it until one proves it).
 */
export async function findUsersByEmail(db: Executor, email: string, limit = 5): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .orderBy(sql`${users.emailVerifiedAt} is null`, asc(users.id))
    .limit(limit);
}

/** The account that verified this address, if any. */
export async function findVerifiedUserByEmail(
  db: Executor,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNotNull(users.emailVerifiedAt)));
  return row;
}

/**
 * Login accepts either the username or the email address. A username matches one account;
 * an address may match a verified account and unverified sign-ups, verified first.
 */
export async function findUsersByLogin(db: Executor, login: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${login})`,
        sql`lower(${users.email}) = lower(${login})`,
      ),
    )
    .orderBy(
      sql`lower(${users.username}) = lower(${login}) desc`,
      sql`${users.emailVerifiedAt} is null`,
      asc(users.id),
    )
    .limit(3);
}

/** Makes a user one of Bullpen's staff (the demo seed; operators use SQL or this). */
export async function grantStaff(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ isStaff: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

/** Which of these usernames have an account (the demo accounts' check at boot). */
export async function existingUsernames(db: Executor, usernames: string[]): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(users.username, usernames))
    .orderBy(asc(users.username));
  return rows.map((row) => row.username);
}

export async function findUsersByIds(db: Executor, ids: number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The account's address is proven (a link mailed to it was opened). False when another
 * account proved the same address first: then it stays unverified here.
 */
export async function markEmailProven(db: Executor, userId: number, now: Date): Promise<boolean> {
  try {
    await db
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
    return true;
  } catch (error) {
    if (isUniqueViolation(error, 'users_verified_email_lower_key')) return false;
    throw error;
  }
}

/**
 * A user and one fact another domain computes in the same statement (auth: "is this session
 * ended?"), so reading the signed-in user on every request stays one query.
 */
export async function findUserAlong<T>(
  db: Executor,
  id: number,
  along: SQL<T>,
): Promise<{ user: UserRow; along: T } | undefined> {
  const [row] = await db.select({ user: users, along }).from(users).where(eq(users.id, id));
  return row;
}

/** Every token issued before now stops working (the token carries the version). */
export async function endAllSessions(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId));
}

/** A new password, which ends every session. */
export async function setPasswordHash(
  db: Executor,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId));
}

/**
 * Moves the account to an address its owner just proved (an email change, or its undo, which
 * also ends every session). Throws the database's unique violation when another account
 * verified the address first.
 */
export async function moveToProvenEmail(
  db: Executor,
  userId: number,
  email: string,
  now: Date,
  options: { endSessions: boolean },
): Promise<void> {
  await db
    .update(users)
    .set({
      email,
      emailVerifiedAt: now,
      updatedAt: now,
      ...(options.endSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
    })
    .where(eq(users.id, userId));
}

/**
 * Trusts a teacher still pending; `trustedBy` is the approving staff member, null when the
 * address's domain trusts them. The row when it changed, undefined when it was not a pending
 * teacher (already trusted, not a teacher, no such account): two approvals at once change it
 * once.
 */
export async function markTeacherTrusted(
  db: Executor,
  userId: number,
  trustedBy: number | null,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ teacherTrustedAt: now, teacherTrustedBy: trustedBy, updatedAt: now })
    .where(and(eq(users.id, userId), users.isTeacher, isNull(users.teacherTrustedAt)))
    .returning();
  return row;
}

/** A trusted teacher back to pending; the row when it changed, as `markTeacherTrusted`. */
export async function markTeacherPending(
  db: Executor,
  userId: number,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ teacherTrustedAt: null, teacherTrustedBy: null, updatedAt: now })
    .where(and(eq(users.id, userId), users.isTeacher, isNotNull(users.teacherTrustedAt)))
    .returning();
  return row;
}

export async function insertStaffAudit(
  db: Executor,
  entry: { actorId: number; action: StaffAction; targetUserId: number | null; at: Date },
): Promise<void> {
  await db.insert(staffAuditLog).values(entry);
}

export type StaffAuditRow = typeof staffAuditLog.$inferSelect;

/** What staff did to one account, oldest first. */
export async function staffAuditOf(db: Executor, targetUserId: number): Promise<StaffAuditRow[]> {
  return db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.targetUserId, targetUserId))
    .orderBy(asc(staffAuditLog.at), asc(staffAuditLog.id));
}

export type TeacherWithTruster = { teacher: UserRow; trustedByUsername: string | null };

/** The staff page: teachers pending (newest sign-ups first) or trusted (latest trusted first). */
export async function teacherPage(
  db: Executor,
  status: TeacherTrustStatus,
  window: { offset: number; limit: number },
): Promise<{ count: number; results: TeacherWithTruster[] }> {
  const where = and(
    users.isTeacher,
    status === 'pending' ? isNull(users.teacherTrustedAt) : isNotNull(users.teacherTrustedAt),
  );
  const truster = alias(users, 'truster');
  const [total] = await db.select({ count: count() }).from(users).where(where);
  const rows = await db
    .select({ teacher: users, trustedByUsername: truster.username })
    .from(users)
    .leftJoin(truster, eq(truster.id, users.teacherTrustedBy))
    .where(where)
    .orderBy(
      ...(status === 'trusted' ? [desc(users.teacherTrustedAt)] : []),
      desc(users.createdAt),
      desc(users.id),
    )
    .limit(window.limit)
    .offset(window.offset);
  return { count: total?.count ?? 0, results: rows };
}

/** One teacher for the staff page, with the username of the staff member who trusted them. */
export async function findTeacherWithTruster(
  db: Executor,
  userId: number,
): Promise<TeacherWithTruster | undefined> {
  const truster = alias(users, 'truster');
  const [row] = await db
    .select({ teacher: users, trustedByUsername: truster.username })
    .from(users)
    .leftJoin(truster, eq(truster.id, users.teacherTrustedBy))
    .where(and(eq(users.id, userId), users.isTeacher));
  return row;
}

/** Schedules the account's erasure and ends every session (the token version rises). */
export async function markDeletionRequested(
  db: Executor,
  userId: number,
  now: Date,
  dueAt: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      deletionRequestedAt: now,
      deletionDueAt: dueAt,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), isNull(users.purgedAt)))
    .returning();
  return row;
}

/** Clears a scheduled erasure that is not yet due; answers whether there was one. */
export async function clearDeletionRequest(
  db: Executor,
  userId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletionRequestedAt: null, deletionDueAt: null, updatedAt: now })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.deletionDueAt),
        isNull(users.purgedAt),
        sql`${users.deletionDueAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The accounts whose grace period ended by `now`, oldest first. */
export async function usersDueForPurge(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNotNull(users.deletionDueAt),
        isNull(users.purgedAt),
        sql`${users.deletionDueAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(users.deletionDueAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Locks a not-yet-erased account for its erasure; undefined when another run erased it first
 * (the purge runs in every process: the row lock makes one of them do it).
 */
export async function lockUserForPurge(db: Executor, userId: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.purgedAt)))
    .for('update');
  return row;
}

/**
 * The account's row becomes a nameless tombstone: ledgers that point at it keep adding up,
 * and nothing on it names the person. The password cannot match (not a hash).
 */
export async function tombstoneUser(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      username: `deleted-${userId}`,
      email: null,
      emailVerifiedAt: null,
      passwordHash: '!',
      firstName: '',
      lastName: '',
      avatarPath: null,
      // Off the staff's teacher list and out of every role.
      isTeacher: false,
      isStaff: false,
      under13Until: null,
      createdByTeacherId: null,
      teacherTrustedAt: null,
      teacherTrustedBy: null,
      // A parent's address and their answer describe the family.
      consentStatus: null,
      parentEmail: null,
      parentMailedAt: null,
      deletionRequestedAt: null,
      deletionDueAt: null,
      deactivatedAt: null,
      deactivatedBy: null,
      purgedAt: now,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/**
 * The account's own profile for "download my data" (privacy/service.ts). Not the password
 * hash, token version or trust bookkeeping: those describe the account's security, not the user.
 */
export async function exportUserProfile(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      language: users.language,
      is_teacher: users.isTeacher,
      email_verified_at: users.emailVerifiedAt,
      under_13_until: users.under13Until,
      created_at: users.createdAt,
      // What the retention job counts from (privacy/retention.ts).
      last_active_at: users.lastActiveAt,
      retention_warned_at: users.retentionWarnedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** First names only: how other people may appear in someone's export. */
export async function firstNamesOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.firstName]));
}

/**
 * Claims the hour's parent mail of an account waiting for consent (a corrected address with
 * it): the updated row, or none when the account is not waiting or mailed less than
 * `notSince` ago. One statement, so simultaneous requests claim it once.
 */
export async function claimParentMail(
  db: Executor,
  userId: number,
  now: Date,
  notSince: Date,
  parentEmail: string | undefined,
): Promise<UserRow | undefined> {
  const [claimed] = await db
    .update(users)
    .set({ parentMailedAt: now, ...(parentEmail ? { parentEmail } : {}), updatedAt: now })
    .where(
      and(
        eq(users.id, userId),
        eq(users.consentStatus, 'pending'),
        or(isNull(users.parentMailedAt), lt(users.parentMailedAt, notSince)),
      ),
    )
    .returning();
  return claimed;
}

/** A parent consented: the account works, and the parent's address is forgotten. */
export async function markConsentGranted(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ consentStatus: 'granted', parentEmail: null, parentMailedAt: null, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.consentStatus, 'pending')));
}

/** Deletes an account: every row that belongs to it cascades (or loses its link to it). */
export async function deleteUserRow(db: Executor, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** Deletes the accounts still waiting for a parent's consent made before `createdBefore`. */
export async function deletePendingConsentsBefore(
  db: Executor,
  createdBefore: Date,
): Promise<{ id: number; avatarPath: string | null; parentEmail: string | null }[]> {
  return db
    .delete(users)
    .where(and(eq(users.consentStatus, 'pending'), lt(users.createdAt, createdBefore)))
    .returning({ id: users.id, avatarPath: users.avatarPath, parentEmail: users.parentEmail });
}

/**
 * The account was used (a sign-in, or a signed-in request on a new day): its inactivity count
 * starts again and a warning of erasure no longer holds.
 */
export async function markUserActive(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastActiveAt: now, retentionWarnedAt: null })
    .where(and(eq(users.id, userId), isNull(users.purgedAt)));
}

export type InactiveAccount = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'createdByTeacherId'
  | 'language'
  | 'isTeacher'
  | 'lastActiveAt'
  | 'retentionWarnedAt'
  | 'isStaff'
  | 'consentStatus'
  | 'deletionDueAt'
>;

/**
 * Accounts unused since `lastActiveBefore`, by id after `afterId`: not staff, not erased, and
 * left to the other sweeps when they wait for a parent's consent (auth/consent.ts) or for a
 * requested erasure (users/deletion.ts).
 */
export async function inactiveAccounts(
  db: Executor,
  lastActiveBefore: Date,
  afterId: number,
  limit: number,
): Promise<InactiveAccount[]> {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdByTeacherId: users.createdByTeacherId,
      language: users.language,
      isTeacher: users.isTeacher,
      lastActiveAt: users.lastActiveAt,
      retentionWarnedAt: users.retentionWarnedAt,
      isStaff: users.isStaff,
      consentStatus: users.consentStatus,
      deletionDueAt: users.deletionDueAt,
    })
    .from(users)
    .where(
      and(
        isNull(users.purgedAt),
        sql`${users.lastActiveAt} <= ${lastActiveBefore.toISOString()}::timestamptz`,
        sql`${users.id} > ${afterId}`,
        sql`not ${users.isStaff}`,
        sql`${users.consentStatus} is distinct from 'pending'`,
        isNull(users.deletionDueAt),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}

/**
 * Claims the warning of an account still unused since `lastActiveBefore` and not yet warned:
 * true for the one run whose write made it, so concurrent runs mail it once.
 */
export async function claimRetentionWarning(
  db: Executor,
  userId: number,
  lastActiveBefore: Date,
  now: Date,
): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ retentionWarnedAt: now })
    .where(
      and(
        eq(users.id, userId),
        isNull(users.retentionWarnedAt),
        isNull(users.purgedAt),
        sql`${users.lastActiveAt} <= ${lastActiveBefore.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Gives a claimed warning back (its mail could not be written): the next run tries again. */
export async function releaseRetentionWarning(
  db: Executor,
  userId: number,
  warnedAt: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ retentionWarnedAt: null })
    .where(and(eq(users.id, userId), eq(users.retentionWarnedAt, warnedAt)));
}

/** Staff audit lines older than `before` go (STAFF_AUDIT_RETENTION_DAYS); returns how many. */
export async function deleteStaffAuditBefore(db: Executor, before: Date): Promise<number> {
  const deleted = await db
    .delete(staffAuditLog)
    .where(lt(staffAuditLog.at, before))
    .returning({ id: staffAuditLog.id });
  return deleted.length;
}
