import { z } from 'zod';
import { idField, languageField } from './input.ts';
import { emailField, nameField, passwordField } from './users.ts';

/**
 * Guardians (parents): a student of 13 or more, or their teacher, invites a parent by mail;
 * the parent's account then reads that one child's progress, read-only
 * (apps/server/src/guardians, docs/decisions/038-guardians.md).
 */

/** Days an invitation link works. */
export const GUARDIAN_INVITATION_DAYS = 7;
/** Invitations naming one child in any 24 hours, whoever sends them. */
export const GUARDIAN_INVITATIONS_PER_DAY = 5;
/** Guardians one child may have at once. */
export const GUARDIANS_PER_CHILD = 2;
/** A student invites a parent on their own from this age; a younger one's teacher does. */
export const GUARDIAN_SELF_INVITE_AGE = 13;
/** Points entries a child's summary lists, newest first. */
export const GUARDIAN_POINTS_LINES = 10;

export const guardianMessages = {
  childNotFound: 'This child does not exist or you do not follow them.',
  guardianNotFound: 'This guardian does not follow this student.',
  invitationInvalid: 'This invitation link is not valid. Ask for a new one.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  emailMismatch: 'Use the address the invitation was sent to.',
  tooManyGuardians: 'This student already has two guardians.',
  alreadyFollowing: 'You already follow this student.',
  tooManyInvitations: 'Too many invitations for this student today. Try again tomorrow.',
  tooYoung: 'Ask your teacher to invite your parent.',
  studentsOnly: 'Only a student can invite a parent.',
  notYourself: 'You cannot follow your own account.',
  guardiansOnly: 'A parent account has no classes or contests.',
  deletionScheduled: 'The account will be deleted.',
  deletionAwaitingSchool: 'The school has been asked to confirm the deletion.',
} as const;

/** POST an invitation: the parent's address (the child is the sender, or the path's student). */
export const guardianInvitationBody = z.strictObject({ email: emailField });
export type GuardianInvitationInput = z.input<typeof guardianInvitationBody>;

const invitationLine = z.object({
  id: z.number().int(),
  email: z.string(),
  expires_at: z.string(),
});
export const guardianInvitationSchema = invitationLine;
export type GuardianInvitation = z.infer<typeof guardianInvitationSchema>;

/** The link's token travels in a body, never a URL the server logs. */
const tokenField = z.string({ error: 'Required' }).trim().min(1, 'Required').max(200);
export const invitationTokenBody = z.strictObject({ token: tokenField });

/** What the accept page shows before the parent signs up or in. */
export const invitationPreviewSchema = z.object({
  child_first_name: z.string(),
  email: z.string(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** A parent's sign-up from an invitation: the address must be the invited one. */
export const guardianSignupBody = z.strictObject({
  token: tokenField,
  email: emailField,
  first_name: nameField,
  last_name: nameField,
  password: passwordField,
  language: languageField.optional(),
});
export type GuardianSignupInput = z.input<typeof guardianSignupBody>;

export const guardianChildSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  following_since: z.string(),
  /** The guardian asked to delete the account and the school has not confirmed yet. */
  deletion_requested_at: z.string().nullable(),
});
export type GuardianChild = z.infer<typeof guardianChildSchema>;
export const guardianChildrenSchema = z.object({ results: z.array(guardianChildSchema) });
export type GuardianChildren = z.infer<typeof guardianChildrenSchema>;

export const guardianChildParams = z.object({ id: idField });
export const myGuardianParams = z.object({ id: idField });
export const classroomStudentGuardianParams = z.object({
  id: idField,
  userId: idField,
  guardianId: idField,
});

/**
 * GET /api/guardians/children/{id}/: what a guardian sees of one child, read-only. Never the
 * board, classmates or a résumé's comments unless the child shares them.
 */
export const childSummarySchema = z.object({
  child: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  lessons_done: z.array(
    z.object({
      lesson_id: z.number().int(),
      title: z.string(),
      course: z.string(),
      best_percent: z.number().int(),
      first_percent: z.number().int().nullable(),
      attempts: z.number().int(),
      completed_at: z.string(),
    }),
  ),
  lessons_due: z.array(
    z.object({
      lesson_id: z.number().int(),
      title: z.string(),
      course: z.string(),
      due_at: z.string(),
      overdue: z.boolean(),
    }),
  ),
  certificates: z.array(z.object({ code: z.string(), course: z.string(), granted_at: z.string() })),
  points: z.object({
    available: z.number().int(),
    history: z.array(
      z.object({
        id: z.number().int(),
        points: z.number().int(),
        reason: z.string(),
        created_at: z.string(),
      }),
    ),
  }),
  contests: z.array(
    z.object({
      contest_id: z.number().int(),
      name: z.string(),
      rank: z.number().int().nullable(),
      players: z.number().int(),
      value_cents: z.number().int(),
      change_cents: z.number().int(),
    }),
  ),
  /** Null unless the child shares them (their setting, off by default). */
  resume_comments: z
    .array(z.object({ author: z.string(), message: z.string(), created_at: z.string() }))
    .nullable(),
});
export type ChildSummary = z.infer<typeof childSummarySchema>;

/** Who follows a student, and the invitations still open: the student's and their teacher's view. */
export const studentGuardiansSchema = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      since: z.string(),
      deletion_requested_at: z.string().nullable(),
    }),
  ),
  invitations: z.array(invitationLine),
});
export type StudentGuardians = z.infer<typeof studentGuardiansSchema>;

export const guardianSharingSchema = z.object({ share_resume_comments: z.boolean() });
export type GuardianSharing = z.infer<typeof guardianSharingSchema>;
export const guardianSharingBody = z.strictObject({ share_resume_comments: z.boolean() });

/** A guardian's deletion request: scheduled at once, or waiting for the school to confirm. */
export const guardianDeletionSchema = z.object({
  status: z.enum(['scheduled', 'awaiting_school']),
  deletion_due_at: z.string().nullable(),
  detail: z.string(),
});
export type GuardianDeletion = z.infer<typeof guardianDeletionSchema>;
