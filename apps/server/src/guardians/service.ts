import { guardianPaths } from '@bullpen/contract/routes';
import {
  GUARDIAN_INVITATION_DAYS,
  GUARDIAN_POINTS_LINES,
  guardianMessages,
} from '@bullpen/contract/guardians';
import type { z } from 'zod';
import type { guardianSignupBody } from '@bullpen/contract/guardians';
import { registerUser } from '../auth/accounts.ts';
import { hashToken, newSecretToken } from '../auth/one-time-tokens.ts';
import { requireTeacher } from '../classrooms/core/access.ts';
import { certificatesOfUser } from '../classrooms/certificates/queries.ts';
import { classroomsStudiedBy, isStudentOf } from '../classrooms/core/queries.ts';
import { dueLessonsOfStudent } from '../classrooms/lessons/service.ts';
import { leaderboardPage, myContestUsers } from '../contests/members-queries.ts';
import { findContest, type ContestRow } from '../contests/queries.ts';
import type { Database, Executor } from '../db/connection.ts';
import {
  findLiveLessons,
  progressByRecency,
  type CourseRow,
  type LessonRow,
} from '../learn/queries.ts';
import { guardianInvitationEmail } from '../mail/templates.ts';
import type { Deps } from '../platform/deps.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  gone,
  invalidLink,
  notFound,
  tooManyRequests,
} from '../platform/errors.ts';
import { availablePoints, entriesOf, type PointEntryRow } from '../points/service.ts';
import { commentsOnResumesOf } from '../resumes/queries.ts';
import { displayName } from '../users/presenter.ts';
import {
  changeUser,
  deleteUnmadeUser,
  findUserById,
  findUsersByIds,
  firstNamesOf,
  markDeletionRequested,
  type UserRow,
} from '../users/queries.ts';
import { DELETION_GRACE_DAYS } from '@bullpen/contract/users';
import {
  acceptRefusal,
  deletionRoute,
  invitationRefusal,
  ownInvitationRefusal,
  sameAddress,
} from './policies.ts';
import {
  claimInvitation,
  countInvitationsSince,
  countLinksOfChild,
  deleteLink,
  findInvitationByHash,
  findLink,
  insertInvitation,
  insertLink,
  linksOfChild,
  linksOfGuardian,
  lockChild,
  markLinkDeletionRequested,
  openInvitationsOf,
  setShareResumeComments,
  shareResumeCommentsOf,
  type GuardianInvitationRow,
  type GuardianLinkRow,
} from './queries.ts';

/**
 * The parent view's commands. An invitation names one child, chosen by the server (the
 * student who sends it, or the student of the teacher's class in the path), never by the
 * parent; accepting it links only that child. Every read of a child asks the link first.
 */

const DAY_MS = 86_400_000;
const INVITATION_MS = GUARDIAN_INVITATION_DAYS * DAY_MS;
/** Résumé comments a child's summary shows when the child shares them. */
const RESUME_COMMENT_LINES = 20;

// Invitations

/** A student (13 or older) invites a parent for their own account. */
export async function inviteOwnGuardian(deps: Deps, actor: UserRow, email: string, now: Date) {
  const refusal = ownInvitationRefusal(actor, now);
  if (refusal) throw forbidden(guardianMessages[refusal]);
  return createInvitation(deps, { child: actor, invitedBy: actor.id, email, now });
}

/** A teacher invites the parent of a student of their class: 404 unless the student is in it. */
export async function inviteStudentGuardian(
  deps: Deps,
  actor: UserRow,
  classroomId: number,
  studentId: number,
  email: string,
  now: Date,
) {
  const child = await studentOfTeacher(deps.db, actor, classroomId, studentId);
  return createInvitation(deps, { child, invitedBy: actor.id, email, now });
}

/** The student of the teacher's class, or 404 (403 for a student of the class, from access). */
async function studentOfTeacher(
  db: Executor,
  actor: UserRow,
  classroomId: number,
  studentId: number,
): Promise<UserRow> {
  await requireTeacher(db, classroomId, actor);
  const student = (await isStudentOf(db, classroomId, studentId))
    ? await findUserById(db, studentId)
    : undefined;
  if (!student || student.purgedAt) throw notFound(guardianMessages.childNotFound);
  return student;
}

/**
 * Records the invitation under the child's lock (so neither limit is passed by requests at
 * once), then mails the link. The mail names the child by first name only.
 */
async function createInvitation(
  deps: Deps,
  input: { child: UserRow; invitedBy: number; email: string; now: Date },
): Promise<GuardianInvitationRow> {
  const { child, invitedBy, email, now } = input;
  if (sameAddress(child.email, email)) throw badRequest({ email: guardianMessages.notYourself });
  const { token, hash } = newSecretToken();
  const invitation = await deps.db.transaction(async (tx) => {
    await lockChild(tx, child.id);
    const refusal = invitationRefusal({
      sentToday: await countInvitationsSince(tx, child.id, new Date(now.getTime() - DAY_MS)),
      guardians: await countLinksOfChild(tx, child.id),
    });
    if (refusal === 'tooManyGuardians') throw conflict(guardianMessages.tooManyGuardians);
    if (refusal) throw tooManyRequests(guardianMessages[refusal]);
    return insertInvitation(tx, {
      childId: child.id,
      invitedBy,
      email,
      language: child.language,
      tokenHash: hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_MS),
    });
  });
  await deps.mailer.send({
    to: email,
    about: child.id,
    ...guardianInvitationEmail(
      child.language,
      child.firstName,
      `${deps.config.publicUrl}${guardianPaths.accept(token)}`,
    ),
  });
  return invitation;
}

/** The invitation a link names while it can still be taken: 400 unknown or used, 410 expired. */
async function usableInvitation(db: Executor, token: string, now: Date) {
  const invitation = await findInvitationByHash(db, hashToken(token));
  if (!invitation || invitation.acceptedAt) throw invalidLink(guardianMessages.invitationInvalid);
  if (invitation.expiresAt.getTime() <= now.getTime()) {
    throw gone(guardianMessages.invitationExpired);
  }
  const child = await findUserById(db, invitation.childId);
  if (!child || child.purgedAt) throw invalidLink(guardianMessages.invitationInvalid);
  return { invitation, child };
}

/** What the accept page shows: the child's first name and the invited address. */
export async function previewInvitation(db: Executor, token: string, now: Date) {
  return usableInvitation(db, token, now);
}

/**
 * Links the guardian to the invitation's child, once: under the child's lock, the link is
 * refused past GUARDIANS_PER_CHILD and for a guardian who already follows the child.
 */
async function linkFromInvitation(
  db: Database,
  guardian: UserRow,
  token: string,
  now: Date,
): Promise<{ link: GuardianLinkRow; child: UserRow }> {
  return db.transaction(async (tx) => {
    const { invitation, child } = await usableInvitation(tx, token, now);
    await lockChild(tx, child.id);
    const refusal = acceptRefusal(guardian, invitation, now);
    if (refusal === 'emailMismatch') throw forbidden(guardianMessages.emailMismatch);
    if (refusal) throw forbidden(guardianMessages[refusal]);
    if (await findLink(tx, guardian.id, child.id))
      throw conflict(guardianMessages.alreadyFollowing);
    if (invitationRefusal({ sentToday: 0, guardians: await countLinksOfChild(tx, child.id) })) {
      throw conflict(guardianMessages.tooManyGuardians);
    }
    if (!(await claimInvitation(tx, invitation.id, now))) {
      throw invalidLink(guardianMessages.invitationInvalid);
    }
    const link = await insertLink(tx, {
      guardianId: guardian.id,
      childId: child.id,
      createdAt: now,
    });
    return { link, child };
  });
}

/** A signed-in account (a teacher who is also a parent) takes the invitation. */
export async function acceptInvitation(deps: Deps, actor: UserRow, token: string, now: Date) {
  return linkFromInvitation(deps.db, actor, token, now);
}

type GuardianSignup = z.output<typeof guardianSignupBody>;

/** A short username for a parent account: the address's name, made unique by digits. */
function guardianUsername(email: string): string {
  const base = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 18) || 'parent';
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return `${base.length < 3 ? `parent.${base}` : base}.${digits}`;
}

/**
 * A parent's sign-up from an invitation: the address must be the invited one, and opening the
 * mailed link proved it, so the account starts verified. The account and its link are made
 * together: a refused link deletes the account just made.
 */
export async function signUpGuardian(
  deps: Deps,
  data: GuardianSignup,
  now: Date,
  address: string,
): Promise<UserRow> {
  const { invitation } = await usableInvitation(deps.db, data.token, now);
  if (!sameAddress(data.email, invitation.email)) {
    throw badRequest({ email: guardianMessages.emailMismatch });
  }
  let user: UserRow | undefined;
  for (let attempt = 0; !user; attempt += 1) {
    try {
      user = await registerUser(
        deps,
        {
          username: guardianUsername(data.email),
          email: invitation.email,
          password: data.password,
          first_name: data.first_name,
          last_name: data.last_name,
          is_teacher: false,
          language: data.language ?? invitation.language,
          date_of_birth: undefined,
          parent_email: undefined,
        },
        undefined,
        { sendVerification: false, verified: true, address },
      );
    } catch (error) {
      // A generated name that is taken already: draw another, a few times.
      const usernameTaken = error instanceof AppError && 'username' in error.body;
      if (!usernameTaken || attempt >= 3) throw error;
    }
  }
  user = await changeUser(deps.db, user.id, { isGuardian: true });
  try {
    await linkFromInvitation(deps.db, user, data.token, now);
  } catch (error) {
    await deleteUnmadeUser(deps.db, user.id);
    throw error;
  }
  return user;
}

// The guardian's children

export type FollowedChild = { link: GuardianLinkRow; child: UserRow };

export async function followedChildren(db: Executor, guardian: UserRow): Promise<FollowedChild[]> {
  const links = await linksOfGuardian(db, guardian.id);
  const people = await findUsersByIds(
    db,
    links.map((link) => link.childId),
  );
  return links
    .filter((link) => people.get(link.childId) && !people.get(link.childId)!.purgedAt)
    .map((link) => ({ link, child: people.get(link.childId)! }));
}

/** The child for a guardian who follows them; 404 for anyone else, so ids reveal nothing. */
export async function followedChild(
  db: Executor,
  guardian: UserRow,
  childId: number,
): Promise<FollowedChild> {
  const link = await findLink(db, guardian.id, childId);
  const child = link ? await findUserById(db, childId) : undefined;
  if (!link || !child || child.purgedAt) throw notFound(guardianMessages.childNotFound);
  return { link, child };
}

type LessonInCourse = { lesson: LessonRow; course: CourseRow };

export type ChildContest = {
  contest: ContestRow;
  rank: number | null;
  players: number;
  valueCents: number;
};

export type ChildSummary = {
  child: UserRow;
  lessonsDone: (LessonInCourse & {
    bestPercent: number;
    firstPercent: number | null;
    attempts: number;
    completedAt: Date;
  })[];
  lessonsDue: (LessonInCourse & { dueAt: Date; overdue: boolean })[];
  certificates: { code: string; courseTitle: string; grantedAt: Date }[];
  points: { available: number; history: PointEntryRow[] };
  contests: ChildContest[];
  resumeComments: { author: string; body: string; createdAt: Date }[] | null;
};

/** Lessons the child passed (with scores) and lessons assigned and not passed yet. */
export async function childLessons(db: Executor, childId: number, now: Date) {
  const progress = await progressByRecency(db, childId);
  const lessons = await findLiveLessons(
    db,
    progress.map((row) => row.lessonId),
  );
  const done = progress
    .filter((row) => row.completedAt && lessons.has(row.lessonId))
    .map((row) => ({
      ...lessons.get(row.lessonId)!,
      bestPercent: row.bestPercent,
      firstPercent: row.firstPercent,
      attempts: row.attempts,
      completedAt: row.completedAt!,
    }))
    .sort((a, b) => b.completedAt.getTime() - a.completedAt.getTime());
  // A lesson assigned in two classes counts once, by its soonest date; never the class.
  const seen = new Set<number>();
  const due = (await dueLessonsOfStudent(db, childId, now))
    .filter(({ lesson }) => !seen.has(lesson.id) && seen.add(lesson.id))
    .map(({ lesson, course, dueAt, overdue }) => ({ lesson, course, dueAt, overdue }));
  return { done, due };
}

/** The child's class contests with their rank, players and value (a portfolio summary). */
async function childContests(db: Executor, childId: number): Promise<ChildContest[]> {
  const classes = new Set((await classroomsStudiedBy(db, childId)).map((c) => c.id));
  const standings: ChildContest[] = [];
  for (const { contestUser } of await myContestUsers(db, childId)) {
    const contest = await findContest(db, contestUser.contestId);
    if (!contest || contest.classroomId === null || !classes.has(contest.classroomId)) continue;
    const { rows } = await leaderboardPage(db, contest, { offset: 0, limit: 0 }, childId);
    const { count } = await leaderboardPage(db, contest, { offset: 0, limit: 0 });
    standings.push({
      contest,
      rank: rows[0]?.rank ?? null,
      players: count,
      valueCents: contestUser.valueCents,
    });
  }
  return standings;
}

/** Comments on the child's résumés, when the child shares them; commenters by first name. */
async function sharedResumeComments(db: Executor, childId: number) {
  if (!(await shareResumeCommentsOf(db, childId))) return null;
  const comments = await commentsOnResumesOf(db, childId, RESUME_COMMENT_LINES);
  const names = await firstNamesOf(db, [...new Set(comments.map((c) => c.userId))]);
  return comments.map((comment) => ({
    author: names.get(comment.userId) ?? '',
    body: comment.body,
    createdAt: comment.createdAt,
  }));
}

/** Everything a guardian sees of one child they follow; 404 for any other child. */
export async function childSummary(
  db: Executor,
  guardian: UserRow,
  childId: number,
  now: Date,
): Promise<ChildSummary> {
  const { child } = await followedChild(db, guardian, childId);
  const lessons = await childLessons(db, child.id, now);
  const certificates = await certificatesOfUser(db, child.id);
  return {
    child,
    lessonsDone: lessons.done,
    lessonsDue: lessons.due,
    certificates: certificates.map((row) => ({
      code: row.code,
      courseTitle: row.courseTitle,
      grantedAt: row.grantedAt,
    })),
    points: {
      available: await availablePoints(db, child.id),
      history: await entriesOf(db, child.id, { offset: 0, limit: GUARDIAN_POINTS_LINES }),
    },
    contests: await childContests(db, child.id),
    resumeComments: await sharedResumeComments(db, child.id),
  };
}

/** The home card's counts for one followed child. */
export async function childCard(db: Executor, guardian: UserRow, childId: number, now: Date) {
  const { child } = await followedChild(db, guardian, childId);
  const lessons = await childLessons(db, child.id, now);
  return {
    child,
    lessonsDone: lessons.done.length,
    lessonsDue: lessons.due.length,
    overdue: lessons.due.filter((line) => line.overdue).length,
    certificates: (await certificatesOfUser(db, child.id)).length,
    availablePoints: await availablePoints(db, child.id),
  };
}

// Ending a link

/** The guardian stops following the child; 404 when they did not. */
export async function stopFollowing(db: Executor, guardian: UserRow, childId: number) {
  if (!(await deleteLink(db, guardian.id, childId))) {
    throw notFound(guardianMessages.childNotFound);
  }
}

/** The student ends a guardian's link to their own account. */
export async function revokeOwnGuardian(db: Executor, child: UserRow, guardianId: number) {
  if (!(await deleteLink(db, guardianId, child.id))) {
    throw notFound(guardianMessages.guardianNotFound);
  }
}

/** The teacher ends a guardian's link to a student of their class. */
export async function revokeStudentGuardian(
  db: Executor,
  actor: UserRow,
  classroomId: number,
  studentId: number,
  guardianId: number,
) {
  const child = await studentOfTeacher(db, actor, classroomId, studentId);
  if (!(await deleteLink(db, guardianId, child.id))) {
    throw notFound(guardianMessages.guardianNotFound);
  }
}

// The student's (and their teacher's) view

export type StudentGuardian = { link: GuardianLinkRow; guardian: UserRow };

export async function guardiansOf(db: Executor, childId: number, now: Date) {
  const links = await linksOfChild(db, childId);
  const people = await findUsersByIds(
    db,
    links.map((link) => link.guardianId),
  );
  const guardians: StudentGuardian[] = links
    .filter((link) => people.has(link.guardianId))
    .map((link) => ({ link, guardian: people.get(link.guardianId)! }));
  return { guardians, invitations: await openInvitationsOf(db, childId, now) };
}

export async function studentGuardians(
  db: Executor,
  actor: UserRow,
  classroomId: number,
  studentId: number,
  now: Date,
) {
  const child = await studentOfTeacher(db, actor, classroomId, studentId);
  return guardiansOf(db, child.id, now);
}

export async function sharingOf(db: Executor, child: UserRow) {
  return { shareResumeComments: await shareResumeCommentsOf(db, child.id) };
}

export async function setSharing(db: Executor, child: UserRow, share: boolean, now: Date) {
  await setShareResumeComments(db, child.id, share, now);
  return { shareResumeComments: share };
}

// The parent's privacy requests

export type GuardianDeletionOutcome =
  { status: 'scheduled'; dueAt: Date } | { status: 'awaiting_school'; dueAt: null };

/**
 * The guardian asks to delete the child's account. An account with its own address is
 * scheduled like its owner's own request (auth/deletion-requests.ts: DELETION_GRACE_DAYS, its
 * sessions end). An account a teacher made is the school's: the request is recorded on the link,
 * shown to the student's teachers with the guardians (studentGuardians), and a teacher
 * confirms by deleting the account from the class's Students tab (classrooms/core/service.ts
 * deleteStudentAccount).
 */
export async function requestChildDeletion(
  deps: Deps,
  guardian: UserRow,
  childId: number,
  now: Date,
): Promise<GuardianDeletionOutcome> {
  const { child } = await followedChild(deps.db, guardian, childId);
  if (deletionRoute(child) === 'awaiting_school') {
    await markLinkDeletionRequested(deps.db, guardian.id, child.id, now);
    return { status: 'awaiting_school', dueAt: null };
  }
  const dueAt = child.deletionDueAt ?? new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
  if (!child.deletionDueAt) await markDeletionRequested(deps.db, child.id, now, dueAt);
  deps.sessions.dropUser(child.id);
  return { status: 'scheduled', dueAt };
}

// Export sections (privacy/service.ts gatherDocument)

/** In a child's export: who follows them (names and addresses) and the open invitations. */
export async function exportGuardiansOf(db: Database, userId: number) {
  const { guardians, invitations } = await guardiansOf(db, userId, new Date());
  return {
    guardians: guardians.map(({ link, guardian }) => ({
      name: displayName(guardian),
      email: guardian.email,
      since: link.createdAt.toISOString(),
    })),
    invitations: invitations.map((row) => ({
      email: row.email,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
    })),
  };
}

/** In a guardian's export: the children they follow, by name. */
export async function exportChildrenOf(db: Database, userId: number) {
  const links = await linksOfGuardian(db, userId);
  const people = await findUsersByIds(
    db,
    links.map((link) => link.childId),
  );
  return links
    .filter((link) => people.has(link.childId))
    .map((link) => ({
      name: displayName(people.get(link.childId)!),
      since: link.createdAt.toISOString(),
    }));
}
