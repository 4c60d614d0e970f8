import { guardianMessages } from '@bullpen/contract/guardians';
import { takesPart } from '../users/policies.ts';
import { contestMessages } from '@bullpen/contract/contests';
import type { z } from 'zod';
import type { createContestSchema } from '@bullpen/contract/contests';
import type { Database, Executor } from '../db/connection.ts';
import { isUniqueViolation } from '../db/connection.ts';
import { authMessages } from '@bullpen/contract/messages';
import { hashToken } from '../auth/one-time-tokens.ts';
import { type AttemptLimit, isFieldError, limitMisses } from '../platform/attempt-limits.ts';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import { isUnder13 } from '../users/age.ts';
import { proveEmail } from '../users/trust.ts';
import { canViewContest, isContestOwner } from './policies.ts';
import type { ContestView } from './presenter.ts';
import {
  contestViews,
  deleteContestRow,
  findChallenge,
  findContestByCode,
  insertContestIfNew,
  insertContestRow,
  runningClassroomContests,
  setCoach,
  setContestEnd,
  setFrozenAt,
  setRiskBoardColumns,
  setRuleColumns,
} from './catalogue-queries.ts';
import {
  countOtherMembers,
  insertMember,
  lockClassroomMemberships,
  markLeft,
  membershipOf,
  rejoinMember,
} from './members-queries.ts';
import {
  acceptInvitation,
  findAddressInvitation,
  findContest,
  findUnusedInvitation,
  type ContestUserRow,
  type InvitationRow,
} from './queries.ts';
import { contestStatus, type ContestRow } from './status.ts';
import { ruleColumns, rulesFromBody, type ResolvedRules } from './rules.ts';
import type { MarketContext } from '../market/service.ts';
import type { ContestRules, RulePreset } from '@bullpen/contract/contests';
import { riskBoardMessages, type RiskBoardSettingBody } from '@bullpen/contract/risk-board';
import { newJoinCode } from '../platform/join-codes.ts';

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
  /**
   * Who besides the owner may change a contest's settings (its trading rules, the trade coach's
   * switch): any rule saying yes is enough. Classrooms lets the class's teacher manage the class's contests.
   */
  manages: ((db: Executor, contest: ContestRow, userId: number) => Promise<boolean>)[];
};

/** The owner, or someone a domain's rule lets manage the contest (`MembershipHooks.manages`). */
export async function canManageContest(
  db: Executor,
  hooks: MembershipHooks,
  actor: UserRow,
  contest: ContestRow,
): Promise<boolean> {
  if (isContestOwner(actor, contest)) return true;
  for (const manages of hooks.manages) if (await manages(db, contest, actor.id)) return true;
  return false;
}

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
  const member = await insertMember(db, contest, userId, now);
  for (const joined of hooks.joined) await joined(db, member, now);
  return member;
}

/**
 * Creates a contest; its creator joins it at once. `rules`: the body's trading rules, resolved
 * and checked against the market (`rulesFromBody` in rules.ts).
 */
export async function createContest(
  db: Database,
  hooks: MembershipHooks,
  owner: UserRow,
  input: CreateContest,
  rules: ResolvedRules,
  now: Date,
): Promise<ContestRow> {
  if (!takesPart(owner)) throw forbidden(guardianMessages.guardiansOnly);
  // Its creator joins it at once: an under-13 may not start a public one either.
  if (input.visibility === 'public' && isUnder13(owner, new Date())) {
    throw forbidden(contestMessages.under13Public);
  }
  return insertContest(db, hooks, owner, input, rules, now, { classroomId: null, memberIds: [] });
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
  rules: ResolvedRules,
  studentIds: readonly number[],
  now: Date,
): Promise<ContestRow> {
  return insertContest(db, hooks, owner, { ...input, visibility: 'private' }, rules, now, {
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
  const open = await runningClassroomContests(tx, classroomId, now);
  let enrolled = 0;
  for (const contest of open) {
    const existing = await membershipOf(tx, contest.id, userId);
    if (existing && existing.leftAt === null) continue;
    if (existing) {
      await rejoinMember(tx, existing.id);
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
  const memberships = await lockClassroomMemberships(tx, classroomId, userId);
  for (const contestUser of memberships) {
    for (const leaving of hooks.leaving) await leaving(tx, contestUser, now);
    await markLeft(tx, contestUser.id, now);
  }
  return memberships.length;
}

async function insertContest(
  db: Database,
  hooks: MembershipHooks,
  owner: UserRow,
  input: CreateContest,
  rules: ResolvedRules,
  now: Date,
  scope: { classroomId: number | null; memberIds: readonly number[] },
): Promise<ContestRow> {
  if (Date.parse(input.ends_at) <= now.getTime()) {
    throw badRequest({ ends_at: contestMessages.endInPast });
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const contest = await insertContestRow(tx, {
          name: input.name,
          description: input.description,
          ownerId: owner.id,
          visibility: input.visibility,
          joinCode: newJoinCode(),
          startsAt: new Date(input.starts_at),
          endsAt: new Date(input.ends_at),
          startingCashCents: input.starting_cash,
          commissionCents: input.commission,
          afterHours: input.after_hours,
          coach: input.coach,
          ...ruleColumns(rules),
          classroomId: scope.classroomId,
        });
        await addMember(tx, hooks, contest, owner.id, now);
        for (const userId of scope.memberIds) await addMember(tx, hooks, contest, userId, now);
        return contest;
      });
    } catch (error) {
      // A join code collision (1 in 10^15): draw another.
      if (attempt < 3 && isUniqueViolation(error, 'contests_join_code_key')) continue;
      throw error;
    }
  }
}

export async function deleteContest(db: Database, actor: UserRow, contestId: number, now: Date) {
  const view = await requireVisibleContest(db, actor, contestId);
  if (!isContestOwner(actor, view.contest)) throw forbidden(contestMessages.notOwner);
  const others = await countOtherMembers(db, contestId, actor.id);
  if (now >= view.contest.startsAt && others > 0) {
    throw conflict(contestMessages.deleteStarted);
  }
  await deleteContestRow(db, contestId);
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
  if (!takesPart(actor)) throw forbidden(guardianMessages.guardiansOnly);
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
  const contest = invitation
    ? await findContest(db, invitation.contestId)
    : target.code
      ? await findContestByCode(db, target.code)
      : await findContest(db, target.contest!);
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
  const existing = await membershipOf(db, contest.id, actor.id);
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
    return { contestUser: await rejoinMember(db, existing.id), created: true };
  }
  try {
    return {
      contestUser: await db.transaction((tx) => addMember(tx, hooks, contest, actor.id, now)),
      created: true,
    };
  } catch (error) {
    // Two joins at once: the second finds the first's portfolio.
    if (!isUniqueViolation(error, 'contest_users_member_key')) throw error;
    return { contestUser: (await membershipOf(db, contest.id, actor.id))!, created: false };
  }
}

/** The standing public challenge: created once, renewed for another year when it ends. */
const CHALLENGE_DAYS = 365;

export async function ensureChallengeContest(db: Database, now: Date): Promise<ContestRow> {
  const current = await findChallenge(db);
  if (current && current.endsAt > now) return current;
  const endsAt = new Date(now.getTime() + CHALLENGE_DAYS * 86_400_000);
  if (current) {
    return setContestEnd(db, current.id, endsAt);
  }
  const created = await insertContestIfNew(db, {
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
  });
  if (created) return created;
  return (await findChallenge(db))!;
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
  await setFrozenAt(db, contestId, frozen ? (view.contest.frozenAt ?? now) : null);
}

/**
 * The owner or the class's teacher turns the trade coach on or off (any time: it only changes
 * what the order ticket says). Others who may see the contest get 403.
 */
export async function setContestCoach(
  db: Database,
  hooks: MembershipHooks,
  actor: UserRow,
  contestId: number,
  coach: boolean,
): Promise<void> {
  const view = await requireVisibleContest(db, actor, contestId);
  if (!(await canManageContest(db, hooks, actor, view.contest))) {
    throw forbidden(contestMessages.notOwner);
  }
  await setCoach(db, contestId, coach);
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

/**
 * PUT /api/contests/{id}/rules/: the owner or the class's teacher sets the rules. A contest the
 * actor may not see is a 404, one they may see but not change a 403, an ended one a 409. New
 * rules apply to orders placed from now on; pending orders keep waiting.
 */
export async function setContestRules(
  db: Database,
  hooks: MembershipHooks,
  market: MarketContext,
  actor: UserRow,
  contestId: number,
  body: Partial<ContestRules> & { rule_preset?: RulePreset | undefined },
  now: Date,
): Promise<void> {
  const contest = await findContest(db, contestId);
  // The class's teacher may be no member of a private class contest: asked before visibility.
  if (!contest || !(await canManageContest(db, hooks, actor, contest))) {
    await requireVisibleContest(db, actor, contestId);
    throw forbidden(contestMessages.notRulesEditor);
  }
  if (contestStatus(contest, now) === 'ended') throw conflict(contestMessages.ended);
  await setRuleColumns(db, contestId, ruleColumns(rulesFromBody(market, body)));
}

/**
 * PATCH /api/contests/{id}/risk-board/: the owner or the class's teacher turns the risk-adjusted
 * board on or off and sets its figures (fields left out keep theirs). Refused as the rules are:
 * 404 for a contest the actor may not see, 403 for one they may see but not manage, 409 once it
 * has ended. The figures are measured at every close whatever the setting, so a board turned on
 * mid-contest ranks at once.
 */
export async function setContestRiskBoard(
  db: Database,
  hooks: MembershipHooks,
  actor: UserRow,
  contestId: number,
  body: RiskBoardSettingBody,
  now: Date,
): Promise<void> {
  const contest = await findContest(db, contestId);
  // The class's teacher may be no member of a private class contest: asked before visibility.
  if (!contest || !(await canManageContest(db, hooks, actor, contest))) {
    await requireVisibleContest(db, actor, contestId);
    throw forbidden(riskBoardMessages.notEditor);
  }
  if (contestStatus(contest, now) === 'ended') throw conflict(riskBoardMessages.ended);
  await setRiskBoardColumns(db, contestId, {
    riskBoard: body.mode,
    minTradingDays: body.min_trading_days ?? contest.minTradingDays,
    maxDrawdownBps: body.max_drawdown_bps ?? contest.maxDrawdownBps,
  });
}
