import type {
  ChildSummary as ChildSummaryResponse,
  GuardianChild,
  GuardianDeletion,
  GuardianInvitation,
  GuardianSharing,
  InvitationPreview,
  StudentGuardians,
} from '@bullpen/contract/guardians';
import { guardianMessages } from '@bullpen/contract/guardians';
import type { GuardianInvitationRow } from './queries.ts';
import type {
  ChildSummary,
  FollowedChild,
  GuardianDeletionOutcome,
  StudentGuardian,
} from './service.ts';
import type { UserRow } from '../users/presenter.ts';

export function presentInvitation(row: GuardianInvitationRow): GuardianInvitation {
  return { id: row.id, email: row.email, expires_at: row.expiresAt.toISOString() };
}

export function presentPreview(found: {
  invitation: GuardianInvitationRow;
  child: UserRow;
}): InvitationPreview {
  return {
    child_first_name: found.child.firstName,
    email: found.invitation.email,
    expires_at: found.invitation.expiresAt.toISOString(),
  };
}

export function presentChild({ link, child }: FollowedChild): GuardianChild {
  return {
    id: child.id,
    first_name: child.firstName,
    last_name: child.lastName,
    following_since: link.createdAt.toISOString(),
    deletion_requested_at: link.deletionRequestedAt?.toISOString() ?? null,
  };
}

export function presentSummary(summary: ChildSummary): ChildSummaryResponse {
  const { child } = summary;
  return {
    child: { id: child.id, first_name: child.firstName, last_name: child.lastName },
    lessons_done: summary.lessonsDone.map((line) => ({
      lesson_id: line.lesson.id,
      title: line.lesson.title,
      course: line.course.title,
      best_percent: line.bestPercent,
      first_percent: line.firstPercent,
      attempts: line.attempts,
      completed_at: line.completedAt.toISOString(),
    })),
    lessons_due: summary.lessonsDue.map((line) => ({
      lesson_id: line.lesson.id,
      title: line.lesson.title,
      course: line.course.title,
      due_at: line.dueAt.toISOString(),
      overdue: line.overdue,
    })),
    certificates: summary.certificates.map((row) => ({
      code: row.code,
      course: row.courseTitle,
      granted_at: row.grantedAt.toISOString(),
    })),
    points: {
      available: summary.points.available,
      history: summary.points.history.map((entry) => ({
        id: entry.id,
        points: entry.points,
        reason: entry.reason,
        created_at: entry.createdAt.toISOString(),
      })),
    },
    contests: summary.contests.map((line) => ({
      contest_id: line.contest.id,
      name: line.contest.name,
      rank: line.rank,
      players: line.players,
      value_cents: line.valueCents,
      change_cents: line.valueCents - line.contest.startingCashCents,
    })),
    resume_comments:
      summary.resumeComments?.map((comment) => ({
        author: comment.author,
        message: comment.body,
        created_at: comment.createdAt.toISOString(),
      })) ?? null,
  };
}

export function presentStudentGuardians(found: {
  guardians: StudentGuardian[];
  invitations: GuardianInvitationRow[];
}): StudentGuardians {
  return {
    results: found.guardians.map(({ link, guardian }) => ({
      id: guardian.id,
      first_name: guardian.firstName,
      last_name: guardian.lastName,
      email: guardian.email ?? '',
      since: link.createdAt.toISOString(),
      deletion_requested_at: link.deletionRequestedAt?.toISOString() ?? null,
    })),
    invitations: found.invitations.map(presentInvitation),
  };
}

export function presentSharing(sharing: { shareResumeComments: boolean }): GuardianSharing {
  return { share_resume_comments: sharing.shareResumeComments };
}

export function presentDeletion(outcome: GuardianDeletionOutcome): GuardianDeletion {
  return outcome.status === 'scheduled'
    ? {
        status: 'scheduled',
        deletion_due_at: outcome.dueAt.toISOString(),
        detail: guardianMessages.deletionScheduled,
      }
    : {
        status: 'awaiting_school',
        deletion_due_at: null,
        detail: guardianMessages.deletionAwaitingSchool,
      };
}
