import { randomInt } from 'node:crypto';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '@bullpen/contract/constants';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { contestMessages } from '@bullpen/contract/contests';
import type { z } from 'zod';
import type { createContestSchema } from '@bullpen/contract/contests';
import type { Database, Executor } from '../db/connection.ts';
import { isUniqueViolation } from '../db/connection.ts';
import { authMessages } from '@bullpen/contract/messages';
import { percentToBasisPoints } from '@bullpen/contract/money';
import { hashToken } from '../auth/one-time-tokens.ts';
import { contestBoard, contestUsers, contests } from '../db/schema/contests.ts';
import { type AttemptLimit, isFieldError, limitMisses } from '../platform/attempt-limits.ts';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import { publicUsers } from '../users/queries.ts';
import { isUnder13 } from '../users/age.ts';
import { proveEmail } from '../users/trust.ts';
import { canViewContest, isContestOwner } from './policies.ts';
import type { ContestView } from './presenter.ts';
import {
  acceptInvitation,
  findAddressInvitation,
  findUnusedInvitation,
  type ContestUserRow,
  type InvitationRow,
} from './queries.ts';
import { contestStatus, type ContestRow } from './status.ts';

/**
 * What other domains do when a membership starts or ends, in the same transaction: trading
 * records a new portfolio's first value and cancels a leaving member's pending orders. The
 * contests plugin collects them (`app.contests.membership`), so contests never import trading.
 */
export type MembershipHooks = {
  joined: ((tx: Executor, member: ContestUserRow, now: Date) => Promise<unknown>)[];
  leaving: ((tx: Executor, member: ContestUserRow, now: Date) => Promise<unknown>)[];
  /**
   * Who else decides whether a user may be a member: every rule must say yes. Classrooms
   * admits only a class's students and teacher to the class's contests; a refused user is
   * told the contest does not exist.
   */
  admits: ((db: Executor, contest: ContestRow, userId: number) => Promise<boolean>)[];
};

async function admitted(
  db: Executor,
  hooks: MembershipHooks,
  contest: ContestRow,
  userId: number,
): Promise<boolean> {
  for (const admits of hooks.admits) if (!(await admits(db, contest, userId))) return false;
  return true;
}

/**
 * Something besides the contest's own status that holds its trading back (a class's teacher
 * turning trading off): the reason, as the message orders are refused with, or null. Domains
 * after contests push theirs onto `app.contests.tradingGates`; trading asks them before an
 * order is placed or a pending one fills, and the contest's response carries the reason.
 */
export type TradingGate = (db: Executor, contest: ContestRow) => Promise<string | null>;

/** The first gate's reason to hold the contest's trading back, or null. */
export async function tradingPausedReason(
  db: Executor,
  gates: readonly TradingGate[],
  contest: ContestRow,
): Promise<string | null> {
  for (const gate of gates) {
    const reason = await gate(db, contest);
    if (reason !== null) return reason;
  }
  return null;
}

/** The gates' reasons for several contests, by contest id. */
export async function tradingPausedReasons(
  db: Executor,
  gates: readonly TradingGate[],
  contestRows: readonly ContestRow[],
): Promise<Map<number, string | null>> {
  const reasons = new Map<number, string | null>();
  for (const contest of contestRows) {
    reasons.set(contest.id, await tradingPausedReason(db, gates, contest));
  }
  return reasons;
}

type CreateContest = z.output<typeof createContestSchema>;

function newJoinCode(): string {
  return Array.from(
    { length: JOIN_CODE_LENGTH },
    () => JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)],
  ).join('');
}

/** Contests with their owner's name, member count and the viewer's portfolio id. */
export async function contestViews(
  db: Executor,
  contestIds: number[],
  viewerId: number,
): Promise<Map<number, ContestView>> {
  if (contestIds.length === 0) return new Map();
  const rows = await db
    .select({
      contest: contests,
      ownerUsername: publicUsers.columns.username,
      // The board's last position: the members who have not left, without counting them.
      membersCount: sql<number>`coalesce((select ${contestBoard.position} from ${contestBoard} where ${contestBoard.contestId} = ${contests.id} order by ${contestBoard.position} desc limit 1), 0)`,
      // `left_at` is tested outside the condition, so the lookup stays on the membership key:
      // with `left_at is null` in the condition, a planner without statistics (PGlite never
      // analyses) also reads the leaderboard index, every version of every member's line.
      viewerContestUserId: sql<
        number | null
      >`(select case when ${contestUsers.leftAt} is null then ${contestUsers.id} end from ${contestUsers} where ${contestUsers.contestId} = ${contests.id} and ${contestUsers.userId} = ${viewerId})`,
    })
    .from(contests)
    .leftJoin(publicUsers.table, eq(publicUsers.columns.userId, contests.ownerId))
    .where(inArray(contests.id, contestIds));
  return new Map(rows.map((row) => [row.contest.id, row]));
}

export async function contestView(db: Executor, contestId: number, viewerId: number) {
  return (await contestViews(db, [contestId], viewerId)).get(contestId);
}

/** The contest as the viewer may see it, or 404 (a private contest is not revealed). */
export async function requireVisibleContest(
  db: Executor,
  viewer: UserRow,
  contestId: number,
): Promise<ContestView> {
  const view = await contestView(db, contestId, viewer.id);
  if (
    !view ||
    !canViewContest(viewer, {
      contest: view.contest,
      viewerContestUserId: view.viewerContestUserId,
    })
  ) {
    throw notFound(contestMessages.notFound);
  }
  return view;
}

async function addMember(
  db: Executor,
  hooks: MembershipHooks,
  contest: ContestRow,
  userId: number,
  now: Date,
): Promise<ContestUserRow> {
  const [member] = await db
    .insert(contestUsers)
    .values({
      contestId: contest.id,
      userId,
      cashCents: contest.startingCashCents,
      valueCents: contest.startingCashCents,
      joinedAt: now,
    })
    .returning();
  for (const joined of hooks.joined) await joined(db, member!, now);
  return member!;
}

/** Creates a contest; its creator joins it at once. */
export async function createContest(
  db: Database,
  hooks: MembershipHooks,
  owner: UserRow,
  input: CreateContest,
  now: Date,
): Promise<ContestRow> {
  // Its creator joins it at once: an under-13 may not start a public one either.
  if (input.visibility === 'public' && isUnder13(owner, new Date())) {
    throw forbidden(contestMessages.under13Public);
  }
  return insertContest(db, hooks, owner, input, now, { classroomId: null, memberIds: [] });
}

/**
 * A class contest: private, linked to the class, its teacher (the owner) and every student
 * given are members at once; students who join the class later are enrolled by
 * `enrolInClassroomContests`.
 */
export async function createClassroomContest(
  db: Database,
  hooks: MembershipHooks,
  owner: UserRow,
  classroomId: number,
  input: Omit<CreateContest, 'visibility'>,
  studentIds: readonly number[],
  now: Date,
): Promise<ContestRow> {
  return insertContest(db, hooks, owner, { ...input, visibility: 'private' }, now, {
    classroomId,
    memberIds: studentIds.filter((id) => id !== owner.id),
  });
}

/**
 * A student who joins a class becomes a member of its contests that have not ended (a member
 * who had left gets the same portfolio back), in the caller's transaction.
 */
export async function enrolInClassroomContests(
  tx: Executor,
  hooks: MembershipHooks,
  classroomId: number,
  userId: number,
  now: Date,
): Promise<number> {
  const open = await tx
    .select()
    .from(contests)
    .where(and(eq(contests.classroomId, classroomId), sql`${contests.endsAt} > ${now}`));
  let enrolled = 0;
  for (const contest of open) {
    const [existing] = await tx
      .select()
      .from(contestUsers)
      .where(and(eq(contestUsers.contestId, contest.id), eq(contestUsers.userId, userId)));
    if (existing && existing.leftAt === null) continue;
    if (existing) {
      await tx.update(contestUsers).set({ leftAt: null }).where(eq(contestUsers.id, existing.id));
    } else {
      await addMember(tx, hooks, contest, userId, now);
    }
    enrolled += 1;
  }
  return enrolled;
}

/**
 * A student who leaves a class (or is removed) leaves its contests, in the caller's
 * transaction: a class contest is the class's room, so they no longer see it or stand on its
 * board. Their portfolios are kept, as for any member who leaves; joining the class again
 * brings back those of contests still running.
 */
export async function leaveClassroomContests(
  tx: Executor,
  hooks: MembershipHooks,
  classroomId: number,
  userId: number,
  now: Date,
): Promise<number> {
  const memberships = await tx
    .select({ contestUser: contestUsers })
    .from(contestUsers)
    .innerJoin(contests, eq(contests.id, contestUsers.contestId))
    .where(
      and(
        eq(contests.classroomId, classroomId),
        eq(contestUsers.userId, userId),
        isNull(contestUsers.leftAt),
      ),
    )
    .for('update', { of: contestUsers });
  for (const { contestUser } of memberships) {
    for (const leaving of hooks.leaving) await leaving(tx, contestUser, now);
    await tx.update(contestUsers).set({ leftAt: now }).where(eq(contestUsers.id, contestUser.id));
  }
  return memberships.length;
}

/**
 * The class is being deleted: its contests go on for their members, and nobody joins them any
 * more (without the class there is no one left to tell members from outsiders).
 */
export async function closeClassroomContestJoins(tx: Executor, classroomId: number) {
  await tx.update(contests).set({ joinsClosed: true }).where(eq(contests.classroomId, classroomId));
}

/** The ids of a class's contests, newest first. */
export async function classroomContestIds(db: Executor, classroomId: number): Promise<number[]> {
  const rows = await db
    .select({ id: contests.id })
    .from(contests)
    .where(eq(contests.classroomId, classroomId))
    .orderBy(desc(contests.startsAt), desc(contests.id));
  return rows.map((row) => row.id);
}

async function insertContest(
  db: Database,
  hooks: MembershipHooks,
  owner: UserRow,
  input: CreateContest,
  now: Date,
  scope: { classroomId: number | null; memberIds: readonly number[] },
): Promise<ContestRow> {
  if (Date.parse(input.ends_at) <= now.getTime()) {
    throw badRequest({ ends_at: contestMessages.endInPast });
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const [contest] = await tx
          .insert(contests)
          .values({
            name: input.name,
            description: input.description,
            ownerId: owner.id,
            visibility: input.visibility,
            joinCode: newJoinCode(),
            startsAt: new Date(input.starts_at),
            endsAt: new Date(input.ends_at),
            startingCashCents: input.starting_cash,
            commissionCents: input.commission,
            maxPositionWeightBps:
              input.max_position_weight === null
                ? null
                : percentToBasisPoints(input.max_position_weight),
            afterHours: input.after_hours,
            classroomId: scope.classroomId,
          })
          .returning();
        await addMember(tx, hooks, contest!, owner.id, now);
        for (const userId of scope.memberIds) await addMember(tx, hooks, contest!, userId, now);
        return contest!;
      });
    } catch (error) {
      // A join code collision (1 in 10^15): draw another.
      if (attempt < 3 && isUniqueViolation(error, 'contests_join_code_key')) continue;
      throw error;
    }
  }
}

/** Public contests still open to join, or the viewer's own (private ones, or all of them). */
export async function listContestIds(
  db: Executor,
  viewer: UserRow,
  type: 'public' | 'private' | undefined,
  now: Date,
): Promise<number[]> {
  const mine = sql`exists (select 1 from ${contestUsers} where ${contestUsers.contestId} = ${contests.id} and ${contestUsers.userId} = ${viewer.id} and ${contestUsers.leftAt} is null)`;
  const where =
    type === 'public'
      ? and(eq(contests.visibility, 'public'), sql`${contests.endsAt} > ${now}`)
      : type === 'private'
        ? and(eq(contests.visibility, 'private'), mine)
        : mine;
  const rows = await db
    .select({ id: contests.id })
    .from(contests)
    .where(where)
    .orderBy(desc(contests.isChallenge), desc(contests.startsAt), desc(contests.id));
  return rows.map((row) => row.id);
}

export async function deleteContest(db: Database, actor: UserRow, contestId: number, now: Date) {
  const view = await requireVisibleContest(db, actor, contestId);
  if (!isContestOwner(actor, view.contest)) throw forbidden(contestMessages.notOwner);
  const [others] = await db
    .select({ count: count() })
    .from(contestUsers)
    .where(
      and(
        eq(contestUsers.contestId, contestId),
        sql`${contestUsers.userId} <> ${actor.id}`,
        isNull(contestUsers.leftAt),
      ),
    );
  if (now >= view.contest.startsAt && (others?.count ?? 0) > 0) {
    throw conflict(contestMessages.deleteStarted);
  }
  await db.delete(contests).where(eq(contests.id, contestId));
}

/**
 * Joins a contest by id (public, or private with an invitation) or by join code. Joining
 * twice returns the portfolio the user already has.
 */
export async function joinContest(
  db: Database,
  hooks: MembershipHooks,
  actor: UserRow,
  target: { contest?: number; code?: string; invitation?: string },
  now: Date,
  /** TEACHER_EMAIL_DOMAINS: an invitation link proves the address (users/trust.ts). */
  trustDomains: readonly string[],
  limits: readonly AttemptLimit[],
): Promise<{ contestUser: ContestUserRow; created: boolean }> {
  if (!target.code || target.invitation) {
    return joinWith(db, hooks, actor, target, now, trustDomains);
  }
  // Wrong codes are counted (per account and address) so that codes cannot be guessed.
  return limitMisses(
    db,
    limits,
    authMessages.tooManyJoinCodes,
    new Date(),
    (error) => isFieldError(error, 'code', contestMessages.badCode),
    () => joinWith(db, hooks, actor, target, now, trustDomains),
  );
}

async function joinWith(
  db: Database,
  hooks: MembershipHooks,
  actor: UserRow,
  target: { contest?: number; code?: string; invitation?: string },
  now: Date,
  trustDomains: readonly string[],
): Promise<{ contestUser: ContestUserRow; created: boolean }> {
  const invitation = target.invitation
    ? await findInvitationByToken(db, target.invitation)
    : undefined;
  const [contest] = invitation
    ? await db.select().from(contests).where(eq(contests.id, invitation.contestId))
    : target.code
      ? await db.select().from(contests).where(eq(contests.joinCode, target.code))
      : await db.select().from(contests).where(eq(contests.id, target.contest!));
  // What a contest that does not exist answers; a contest the actor may not be in answers
  // the same, so a class contest's code or id reveals nothing to outsiders.
  const missing = () =>
    invitation
      ? badRequest({ invitation: contestMessages.invitationInvalid })
      : target.code
        ? badRequest({ code: contestMessages.badCode })
        : notFound(contestMessages.notFound);
  if (!contest) throw missing();
  if (target.contest !== undefined && target.code && contest.id !== target.contest) {
    throw badRequest({ code: contestMessages.badCode });
  }
  if (contest.joinsClosed || !(await admitted(db, hooks, contest, actor.id))) throw missing();
  // Age is the real world's, not the market clock's (which a replay can move).
  if (contest.visibility === 'public' && isUnder13(actor, new Date())) {
    throw forbidden(contestMessages.under13Public);
  }
  const [existing] = await db
    .select()
    .from(contestUsers)
    .where(and(eq(contestUsers.contestId, contest.id), eq(contestUsers.userId, actor.id)));
  // A member who left and joins again gets the same portfolio back, never a fresh one.
  if (existing && existing.leftAt === null) return { contestUser: existing, created: false };
  if (invitation) {
    await redeemInvitationLink(db, actor, invitation, now, trustDomains);
  } else if (
    contest.visibility === 'private' &&
    !target.code &&
    !(await redeemAddressInvitation(db, actor, contest.id, now))
  ) {
    throw forbidden(contestMessages.privateNeedsCode);
  }
  if (contestStatus(contest, now) === 'ended') throw conflict(contestMessages.ended);
  if (existing) {
    const [rejoined] = await db
      .update(contestUsers)
      .set({ leftAt: null })
      .where(eq(contestUsers.id, existing.id))
      .returning();
    return { contestUser: rejoined!, created: true };
  }
  try {
    return {
      contestUser: await db.transaction((tx) => addMember(tx, hooks, contest, actor.id, now)),
      created: true,
    };
  } catch (error) {
    // Two joins at once: the second finds the first's portfolio.
    if (!isUniqueViolation(error, 'contest_users_member_key')) throw error;
    const [member] = await db
      .select()
      .from(contestUsers)
      .where(and(eq(contestUsers.contestId, contest.id), eq(contestUsers.userId, actor.id)));
    return { contestUser: member!, created: false };
  }
}

/** The standing public challenge: created once, renewed for another year when it ends. */
const CHALLENGE_DAYS = 365;

export async function ensureChallengeContest(db: Database, now: Date): Promise<ContestRow> {
  const [current] = await db.select().from(contests).where(eq(contests.isChallenge, true));
  if (current && current.endsAt > now) return current;
  const endsAt = new Date(now.getTime() + CHALLENGE_DAYS * 86_400_000);
  if (current) {
    const [renewed] = await db
      .update(contests)
      .set({ endsAt })
      .where(eq(contests.id, current.id))
      .returning();
    return renewed!;
  }
  const [created] = await db
    .insert(contests)
    .values({
      name: 'Bullpen Challenge',
      description:
        'The contest that never sleeps: start with $100,000 of virtual cash, build a portfolio and see how you rank against students everywhere.',
      ownerId: null,
      visibility: 'public',
      joinCode: 'CHALLENGE',
      startsAt: new Date(now.getTime() - CHALLENGE_DAYS * 86_400_000),
      endsAt,
      startingCashCents: 10_000_000,
      commissionCents: 0,
      maxPositionWeightBps: null,
      afterHours: 'queue',
      isChallenge: true,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [other] = await db.select().from(contests).where(eq(contests.isChallenge, true));
  return other!;
}

/** The owner pauses (or resumes) trading: a frozen contest refuses orders. */
export async function setContestFrozen(
  db: Database,
  actor: UserRow,
  contestId: number,
  frozen: boolean,
  now: Date,
): Promise<void> {
  const view = await requireVisibleContest(db, actor, contestId);
  if (!isContestOwner(actor, view.contest)) throw forbidden(contestMessages.notOwner);
  if (now >= view.contest.endsAt) throw conflict(contestMessages.freezeEnded);
  await db
    .update(contests)
    .set({ frozenAt: frozen ? (view.contest.frozenAt ?? now) : null })
    .where(eq(contests.id, contestId));
}

/** The unused invitation of an emailed link, or a 400 when the link is unknown or spent. */
export async function findInvitationByToken(db: Executor, token: string): Promise<InvitationRow> {
  const row = await findUnusedInvitation(db, hashToken(token));
  if (!row) throw badRequest({ invitation: contestMessages.invitationInvalid });
  return row;
}

/**
 * Spends an emailed link for `actor`. Opening the link proves the invited address: an account
 * with that address becomes verified. An unverified account with another address must verify
 * its own address first, so a link cannot be passed around to unproven accounts.
 */
export async function redeemInvitationLink(
  db: Database,
  actor: UserRow,
  invitation: InvitationRow,
  now: Date,
  trustDomains: readonly string[],
): Promise<void> {
  if (!actor.emailVerifiedAt) {
    const sameAddress = actor.email?.toLowerCase() === invitation.email.toLowerCase();
    if (!sameAddress || !(await proveEmail(db, trustDomains, actor.id, now))) {
      throw forbidden(authMessages.verifyEmailFirst);
    }
  }
  if (!(await acceptInvitation(db, invitation.id, actor.id, now)))
    throw badRequest({ invitation: contestMessages.invitationInvalid });
}

/**
 * Joining a private contest by id with an invitation to one's address: only a verified address
 * counts, so nobody joins by signing up with (or changing to) an invited address they do not
 * own. Returns false when there is no invitation for the address.
 */
export async function redeemAddressInvitation(
  db: Executor,
  actor: UserRow,
  contestId: number,
  now: Date,
): Promise<boolean> {
  if (actor.email === null) return false;
  const row = await findAddressInvitation(db, contestId, actor.email);
  if (!row) return false;
  if (!actor.emailVerifiedAt) throw forbidden(authMessages.verifyEmailFirst);
  await acceptInvitation(db, row.id, actor.id, now);
  return true;
}
