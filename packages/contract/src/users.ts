import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
import { idField, languageField } from './input.ts';
import { authMessages, messages } from './messages.ts';
import { pageQueryWith, pageSchema } from './pagination.ts';

/** The user of a session (spec section 3), plus whether the address is verified. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  is_teacher: z.boolean(),
  /** Bullpen's own staff (operators): they read the support inbox. */
  is_staff: z.boolean(),
  email_verified: z.boolean(),
  /**
   * A teacher trusted to award points and define rewards (docs/decisions/028); false for a
   * teacher waiting for approval, and for anyone who is not a teacher.
   */
  teacher_trusted: z.boolean(),
  /** The language of the user's mail; the web adopts it on a device with no choice of its own. */
  language: languageField,
  /**
   * An under-13 who signed up directly and whose parent has not consented yet: the account
   * reaches nothing but its consent page until then.
   */
  awaiting_parent_consent: z.boolean(),
  /**
   * A parent's account, made from a guardian invitation: it reads its children's summaries
   * and has no classes, contests or board (apps/server/src/guardians).
   */
  is_guardian: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** A missing field says 'Required'; a field of the wrong type says what it should be. */
export const textError = (issue: { input?: unknown }) =>
  issue.input === undefined ? messages.required : 'Enter text here.';

export const emailField = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(254, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }));

export const passwordField = z
  .string({ error: messages.required })
  .min(PASSWORD_MIN, authMessages.passwordTooShort)
  .max(PASSWORD_MAX, authMessages.passwordTooLong);

export const usernameField = z
  .string({ error: messages.required })
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,30}$/, authMessages.usernameFormat);

export const nameField = z.string({ error: textError }).trim().min(1, messages.required).max(150);

/** Multipart form fields arrive as strings: "true"/"false" for the teacher flag. */
const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

/** The first day no date of birth may come after: today wherever on Earth it is latest. */
function latestToday(now: Date): string {
  // UTC+14 is the earliest time zone: a child there may be born on a date UTC has not reached.
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** What is wrong with a date of birth (`YYYY-MM-DD`), or null when it is a real, past date. */
export function dateOfBirthProblem(value: string, now: Date): string | null {
  if (value === '') return authMessages.dateOfBirthRequired;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return authMessages.dateOfBirthInvalid;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2013-02-30 would roll over to March: not a real date.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return authMessages.dateOfBirthInvalid;
  }
  if (year < 1900) return authMessages.dateOfBirthTooEarly;
  if (value > latestToday(now)) return authMessages.dateOfBirthFuture;
  return null;
}

/**
 * A date of birth, `YYYY-MM-DD` (what a date input sends). The server keeps only the day its
 * holder turns 13, never the date itself.
 */
export const dateOfBirthField = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? authMessages.dateOfBirthRequired
        : authMessages.dateOfBirthInvalid,
  })
  .trim()
  .superRefine((value, context) => {
    const problem = dateOfBirthProblem(value, new Date());
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** The sign-up fields, each on its own (forms pick from these). */
export const signupFields = z.strictObject({
  username: usernameField,
  email: emailField,
  password: passwordField,
  first_name: nameField,
  last_name: nameField,
  is_teacher: booleanish.optional().default(false),
  language: languageField.optional(),
  // A teacher's form has no such field; an empty one is no answer.
  date_of_birth: z.preprocess(
    (value) => (value === '' ? undefined : value),
    dateOfBirthField.optional(),
  ),
  // Asked only of an under-13: the parent who must consent before the account works.
  parent_email: z.preprocess((value) => (value === '' ? undefined : value), emailField.optional()),
});

/**
 * Whether a date of birth (`YYYY-MM-DD`) makes its holder under 13 on `now`'s UTC day (the
 * server's users/service.ts under13UntilFor counts the same way).
 */
export function isUnder13On(dateOfBirth: string, now: Date): boolean {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const birthday = new Date(Date.UTC(year + 13, month - 1, day)).toISOString().slice(0, 10);
  return birthday > now.toISOString().slice(0, 10);
}

/**
 * POST /api/users/ — student and teacher sign-up (the avatar file travels beside it). A student
 * gives a date of birth: under-13s play in class contests only (users/service.ts isUnder13).
 */
export const signupSchema = signupFields.superRefine((data, context) => {
  if (!data.is_teacher && data.date_of_birth === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['date_of_birth'],
      message: authMessages.dateOfBirthRequired,
    });
  }
  const now = new Date();
  // A date already refused says so alone: no parent is asked for because of it.
  const under13 =
    !data.is_teacher &&
    data.date_of_birth !== undefined &&
    dateOfBirthProblem(data.date_of_birth, now) === null &&
    isUnder13On(data.date_of_birth, now);
  if (under13 && data.parent_email === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['parent_email'],
      message: authMessages.parentEmailRequired,
    });
  }
  if (under13 && data.parent_email?.toLowerCase() === data.email.toLowerCase()) {
    context.addIssue({
      code: 'custom',
      path: ['parent_email'],
      message: authMessages.parentEmailSameAsYours,
    });
  }
});
export type SignupInput = z.input<typeof signupSchema>;

/** PUT /api/users/{id}/ — every field optional; a password change needs the current one. */
export const updateUserSchema = z
  .strictObject({
    username: usernameField.optional(),
    email: emailField.optional(),
    first_name: nameField.optional(),
    last_name: nameField.optional(),
    password: passwordField.optional(),
    current_password: z.string().optional(),
    remove_avatar: booleanish.optional(),
    language: languageField.optional(),
  })
  // A new email address needs it too; the server checks that, as only it knows the old one.
  .refine((value) => !value.password || value.current_password, {
    message: authMessages.currentPasswordRequired,
    path: ['current_password'],
  });
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/**
 * The answer to PUT /api/users/{id}/: the user, a new token when the password changed (the
 * old sessions end), and a sentence when a new address waits for its verification link.
 */
export const updateUserResultSchema = userSchema.extend({
  token: z.string().optional(),
  detail: z.string().optional(),
});

export const userIdParams = z.object({ id: idField });

/** Days between asking to delete an account and its erasure: signing in meanwhile keeps it. */
export const DELETION_GRACE_DAYS = 14;

/** POST /api/users/{id}/deletion/ — the owner's password, asked again. */
export const requestDeletionSchema = z.strictObject({
  password: z.string({ error: textError }).min(1, messages.required).max(1024),
});

/** The answer to POST (the day of erasure) and to DELETE (null: not scheduled). */
export const deletionStatusSchema = z.object({
  deletion_due_at: z.string().nullable(),
  detail: z.string(),
});
export type DeletionStatus = z.infer<typeof deletionStatusSchema>;
export const pointsParams = z.object({ userId: idField });

export const pointsSchema = z.object({ available_points: z.number().int() });
export type Points = z.infer<typeof pointsSchema>;

/** The staff page of teachers (docs/decisions/028): those waiting for approval, or trusted. */
export const TEACHER_TRUST_STATUSES = ['pending', 'trusted'] as const;
export type TeacherTrustStatus = (typeof TEACHER_TRUST_STATUSES)[number];
export const STAFF_TEACHERS_PAGE_SIZE = 20;

export const staffTeachersQuery = pageQueryWith(STAFF_TEACHERS_PAGE_SIZE).extend({
  status: z
    .enum(TEACHER_TRUST_STATUSES, { error: authMessages.teacherStatusChoice })
    .default('pending'),
});
export type StaffTeachersQuery = z.input<typeof staffTeachersQuery>;

/** A teacher as staff see them: enough to judge a sign-up (the address, whether it is proven). */
export const staffTeacherSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  joined_at: z.string(),
  trusted_at: z.string().nullable(),
  /** The staff member who approved them; null when their address's domain trusted them. */
  trusted_by: z.string().nullable(),
});
export type StaffTeacher = z.infer<typeof staffTeacherSchema>;
export const staffTeacherPageSchema = pageSchema(staffTeacherSchema);
export const staffTeacherParams = z.object({ id: idField });

/**
 * A parent's consent for an under-13's direct sign-up (COPPA): 'pending' until a parent
 * decides; 'granted' once they consent; 'school' for an account a teacher made (the school
 * consents for the parent). Null (no consent needed) for everyone else.
 */
export const CONSENT_STATUSES = ['pending', 'granted', 'school'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
/** Days a pending account waits for its parent before it is deleted. */
export const CONSENT_WINDOW_DAYS = 14;
/** How often the child may resend (or correct) the parent's mail. */
export const CONSENT_RESEND_MINUTES = 60;

export const consentTokenParams = z.object({
  token: z.string().min(1).max(512),
});

/** POST /api/consents/{token}/ — the parent's decision. */
export const consentDecisionSchema = z.strictObject({
  decision: z.enum(['grant', 'refuse'], { error: authMessages.consentDecisionInvalid }),
});
export type ConsentDecision = z.infer<typeof consentDecisionSchema>['decision'];

/** GET /api/consents/{token}/ — what the parent's page shows: the child's first name only. */
export const consentRequestSchema = z.object({
  child_first_name: z.string(),
});

/** GET /api/consents/mine/ — the waiting child's view: the parent's address masked. */
export const myConsentSchema = z.object({
  awaiting_parent_consent: z.boolean(),
  parent_email_masked: z.string().nullable(),
  /** When the child may resend the mail next (ISO), or null when they may now. */
  resend_after: z.string().nullable(),
  /** When the account is deleted if no parent consents (ISO). */
  deleted_after: z.string().nullable(),
});
export type MyConsent = z.infer<typeof myConsentSchema>;

/** POST /api/consents/mine/resend/ — mail the parent again, to a corrected address if given. */
export const resendConsentSchema = z.strictObject({
  parent_email: emailField.optional(),
});
export type ResendConsentInput = z.input<typeof resendConsentSchema>;

/**
 * What staff did, as the audit log names it (docs/decisions/035-staff-accounts.md): a teacher
 * trusted or back to pending, an account turned off or on again, the log itself downloaded.
 */
export const STAFF_ACTIONS = [
  'teacher.trust',
  'teacher.revoke',
  'user.deactivate',
  'user.reactivate',
  'audit_log.export',
  'outbox.read',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];
/** Every action names an account but the download of the log and a read of the held mail. */
export const staffActionHasTarget = (action: StaffAction) =>
  action !== 'audit_log.export' && action !== 'outbox.read';

/** The staff page of accounts (docs/decisions/035-staff-accounts.md). */
export const STAFF_USER_ROLES = ['student', 'teacher', 'staff'] as const;
export type StaffUserRole = (typeof STAFF_USER_ROLES)[number];
/**
 * An account's state, as staff see it, first match wins: turned off by staff; asked to be
 * deleted (erased when the grace period ends); an under-13 waiting for a parent; else active.
 */
export const STAFF_USER_STATUSES = [
  'active',
  'deactivated',
  'deletion_pending',
  'consent_pending',
] as const;
export type StaffUserStatus = (typeof STAFF_USER_STATUSES)[number];
export const STAFF_USERS_PAGE_SIZE = 20;
/** The longest search staff may type: longer than any name, address or username we keep. */
export const STAFF_USER_SEARCH_MAX = 100;

export const staffMessages = {
  searchTooLong: `Search for at most ${STAFF_USER_SEARCH_MAX} characters.`,
  roleChoice: 'Choose student, teacher or staff.',
  statusChoice: 'Choose active, deactivated, deletion_pending or consent_pending.',
  actionChoice: `Choose one of: ${STAFF_ACTIONS.join(', ')}.`,
  userNotFound: 'There is no account with this id.',
  deactivateSelf: 'You cannot deactivate your own account. Ask another staff member.',
  lastStaff: 'This is the last active staff account: make another staff member first.',
  accountDeactivated:
    'This account is turned off by Bullpen staff at your school. Ask your teacher or the school to turn it back on.',
} as const;

/** An empty value is no filter: a form's "any" option sends ''. */
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);

export const staffUsersQuery = pageQueryWith(STAFF_USERS_PAGE_SIZE).extend({
  /** The start of a username, first name, last name or email address; case does not matter. */
  search: z.preprocess(
    emptyAsMissing,
    z
      .string({ error: staffMessages.searchTooLong })
      .trim()
      .max(STAFF_USER_SEARCH_MAX, staffMessages.searchTooLong)
      .optional(),
  ),
  role: z.preprocess(
    emptyAsMissing,
    z.enum(STAFF_USER_ROLES, { error: staffMessages.roleChoice }).optional(),
  ),
  status: z.preprocess(
    emptyAsMissing,
    z.enum(STAFF_USER_STATUSES, { error: staffMessages.statusChoice }).optional(),
  ),
});
export type StaffUsersQuery = z.input<typeof staffUsersQuery>;

/**
 * An account as staff see it. Staff are school officials with a legitimate interest (FERPA):
 * they see the full address, to tell accounts apart and to answer a parent or a teacher.
 */
export const staffUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** '' for a student a teacher added by name (no address). */
  email: z.string(),
  role: z.enum(STAFF_USER_ROLES),
  status: z.enum(STAFF_USER_STATUSES),
  joined_at: z.string(),
  /**
   * The day of the account's latest use (users.last_active_at, written at most once a day; the
   * day it was made until it is first used). The retention job counts inactivity from it.
   */
  last_seen_at: z.string(),
  deactivated_at: z.string().nullable(),
  /** The staff member who turned it off; null when not deactivated or they are gone. */
  deactivated_by: z.string().nullable(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const staffUserPageSchema = pageSchema(staffUserSchema);
export const staffUserParams = z.object({ id: idField });

export const STAFF_AUDIT_PAGE_SIZE = 50;
export const staffAuditQuery = pageQueryWith(STAFF_AUDIT_PAGE_SIZE).extend({
  action: z.preprocess(
    emptyAsMissing,
    z.enum(STAFF_ACTIONS, { error: staffMessages.actionChoice }).optional(),
  ),
});
export type StaffAuditQuery = z.input<typeof staffAuditQuery>;

/** One row of the audit log; an account since erased or deleted has a null id and username. */
export const staffAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(STAFF_ACTIONS),
  actor_id: z.number().int().nullable(),
  actor_username: z.string().nullable(),
  target_id: z.number().int().nullable(),
  target_username: z.string().nullable(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;
export const staffAuditPageSchema = pageSchema(staffAuditEntrySchema);
/** The CSV export's filter: the same action filter, every row. */
export const staffAuditExportQuery = z.object({ action: staffAuditQuery.shape.action });
