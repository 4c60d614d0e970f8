import { authMessages } from '@bullpen/contract/messages';
import { signupSchema, updateUserSchema } from '@bullpen/contract/users';
import type { z } from 'zod';
import { type Executor, isUniqueViolation } from '../db/connection.ts';
import type { Deps } from '../platform/deps.ts';
import { badRequest } from '../platform/errors.ts';
import { assertPasswordAllowed, hashPassword } from './passwords.ts';
import {
  assertSignupProbesLeft,
  confirmCurrentPassword,
  recordTakenUsername,
  requestEmailChange,
  revokeSessions,
  sendVerificationEmail,
} from './service.ts';
import { removeAvatar, storeAvatar } from '../users/avatars.ts';
import { requestParentConsent } from './consent.ts';
import { under13UntilFor } from '../users/age.ts';
import { newStudentUsername } from '../users/credentials-service.ts';
import type { UserRow } from '../users/presenter.ts';
import {
  changeUser,
  deleteUnmadeUser,
  findUserById,
  findVerifiedUserByEmail,
  insertUser,
  type UserChanges,
} from '../users/queries.ts';
import { trustTeacherByDomain } from '../users/trust.ts';

type SignupData = z.output<typeof signupSchema>;
type UpdateData = z.output<typeof updateUserSchema>;

function uniqueFieldError(error: unknown): never {
  if (isUniqueViolation(error, 'users_username_lower_key')) {
    throw badRequest({ username: authMessages.usernameTaken });
  }
  if (isUniqueViolation(error, 'users_verified_email_lower_key')) {
    throw badRequest({ email: authMessages.emailTaken });
  }
  throw error;
}

/** Sign-up of a student or a teacher; sends the verification link. */
export async function registerUser(
  deps: Deps,
  data: SignupData,
  avatar?: Buffer,
  options: {
    sendVerification?: boolean;
    /** The client's address: a sign-up from the form, limited in the taken names it learns. */
    address?: string;
    verified?: boolean;
    /** The password's hash, made beforehand by a caller that hashes several at once. */
    passwordHash?: Promise<string>;
  } = {},
): Promise<UserRow> {
  if (options.address) await assertSignupProbesLeft(deps, options.address);
  assertPasswordAllowed(data.password);
  // Only a verified address is taken; an unverified sign-up naming it does not block this one.
  if (await findVerifiedUserByEmail(deps.db, data.email)) {
    throw badRequest({ email: authMessages.emailTaken });
  }
  const passwordHash = await (options.passwordHash ?? hashPassword(data.password));
  const now = new Date();
  const under13Until = under13UntilFor(data.date_of_birth, now);
  // An under-13 signing up alone waits for a parent's consent (COPPA); a teacher is never asked.
  const parentEmail = !data.is_teacher && under13Until !== null ? data.parent_email : undefined;
  if (!data.is_teacher && under13Until !== null && parentEmail === undefined) {
    throw badRequest({ parent_email: authMessages.parentEmailRequired });
  }
  let user: UserRow;
  try {
    user = await insertUser(deps.db, {
      username: data.username,
      email: data.email,
      passwordHash,
      firstName: data.first_name,
      lastName: data.last_name,
      isTeacher: data.is_teacher,
      language: data.language,
      under13Until,
      consentStatus: parentEmail ? 'pending' : null,
      parentEmail: parentEmail ?? null,
      parentMailedAt: parentEmail ? now : null,
      emailVerifiedAt: options.verified ? new Date() : null,
    });
  } catch (error) {
    if (options.address && isUniqueViolation(error, 'users_username_lower_key')) {
      await recordTakenUsername(deps, options.address, data.username);
    }
    uniqueFieldError(error);
  }
  if (avatar) {
    try {
      const avatarPath = await storeAvatar(deps.config.dataDir, user.id, avatar);
      user = await changeUser(deps.db, user.id, { avatarPath });
    } catch (error) {
      // A refused image refuses the whole sign-up: nothing half-made stays behind.
      await deleteUnmadeUser(deps.db, user.id);
      throw error;
    }
  }
  if (options.verified) {
    await trustTeacherByDomain(deps.db, deps.config.teacherEmailDomains, user.id, new Date());
    user = (await findUserById(deps.db, user.id))!;
  }
  if (parentEmail) await requestParentConsent(deps, user, parentEmail);
  if (options.sendVerification !== false) await sendVerificationEmail(deps, user);
  return user;
}

/**
 * Changes the account. A new password or a new address needs the current password (a session
 * token alone must not take an account over); a new address is only requested here: it
 * replaces the old one when the link mailed to it is opened (auth/service.ts requestEmailChange).
 */
export async function updateUser(
  deps: Deps,
  user: UserRow,
  data: UpdateData,
  avatar?: Buffer,
): Promise<{ user: UserRow; sessionsRevoked: boolean; detail?: string }> {
  const changes: UserChanges = {};
  if (data.username !== undefined) changes.username = data.username;
  if (data.first_name !== undefined) changes.firstName = data.first_name;
  if (data.last_name !== undefined) changes.lastName = data.last_name;
  if (data.language !== undefined) changes.language = data.language;
  const emailChanged =
    data.email !== undefined && data.email.toLowerCase() !== user.email?.toLowerCase();
  if (emailChanged || data.password !== undefined) {
    if (!data.current_password) {
      throw badRequest({ current_password: authMessages.currentPasswordRequired });
    }
    if (!(await confirmCurrentPassword(deps, user, data.current_password))) {
      throw badRequest({ current_password: authMessages.currentPasswordWrong });
    }
  }
  if (emailChanged) {
    const holder = await findVerifiedUserByEmail(deps.db, data.email!);
    if (holder && holder.id !== user.id) throw badRequest({ email: authMessages.emailTaken });
  }
  if (data.password !== undefined) {
    assertPasswordAllowed(data.password);
    changes.passwordHash = await hashPassword(data.password);
  }
  const oldAvatar = user.avatarPath;
  if (avatar) changes.avatarPath = await storeAvatar(deps.config.dataDir, user.id, avatar);
  else if (data.remove_avatar) changes.avatarPath = null;

  let updated: UserRow;
  try {
    updated = await changeUser(deps.db, user.id, { ...changes, updatedAt: new Date() });
  } catch (error) {
    if (changes.avatarPath) await removeAvatar(deps.config.dataDir, changes.avatarPath);
    uniqueFieldError(error);
  }
  // This process's cached session shows the change at once; others hear it by NOTIFY.
  deps.sessions.dropUser(user.id);
  if (changes.avatarPath !== undefined && oldAvatar) {
    await removeAvatar(deps.config.dataDir, oldAvatar);
  }
  const sessionsRevoked = changes.passwordHash !== undefined;
  if (sessionsRevoked) {
    // A new password ends every other session; the caller gets a fresh token.
    await revokeSessions(deps, user.id);
    updated = (await findUserById(deps.db, user.id))!;
  }
  const detail = emailChanged ? await requestEmailChange(deps, updated, data.email!) : undefined;
  return { user: updated, sessionsRevoked, detail };
}

/**
 * An account a teacher makes by name for a student without an email address (how under-13s
 * join, COPPA): a generated unique username, no email, `created_by_teacher_id` set, so only
 * that teacher may reset its password.
 */
export async function createAccountWithoutEmail(
  db: Executor,
  input: {
    firstName: string;
    lastName: string;
    passwordHash: string;
    teacher: UserRow;
  },
): Promise<UserRow> {
  return insertWithGeneratedUsername(db, input.firstName, (username) => ({
    username,
    email: null,
    passwordHash: input.passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    isTeacher: false,
    language: input.teacher.language,
    createdByTeacherId: input.teacher.id,
    // The school consents for the parent (FERPA's school-official exception).
    consentStatus: 'school',
  }));
}

/**
 * A teacher's account staff makes from a school's roster (rosters/service.ts): the address the
 * roster gives, not yet proven (opening the "choose your password" link proves it), a generated
 * username and an unknown password, so only that link opens it.
 */
export async function createRosteredTeacher(
  db: Executor,
  input: {
    firstName: string;
    lastName: string;
    email: string;
    passwordHash: string;
    language: UserRow['language'];
  },
): Promise<UserRow> {
  return insertWithGeneratedUsername(db, input.firstName, (username) => ({
    username,
    email: input.email,
    passwordHash: input.passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    isTeacher: true,
    language: input.language,
  }));
}

/**
 * Each try runs in a savepoint, so a username another request took at the same moment costs
 * one more try, not the caller's transaction.
 */
async function insertWithGeneratedUsername(
  db: Executor,
  firstName: string,
  row: (username: string) => Parameters<typeof insertUser>[1],
): Promise<UserRow> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (savepoint) => {
        return insertUser(savepoint, row(newStudentUsername(firstName, attempt)));
      });
    } catch (error) {
      if (attempt < 20 && isUniqueViolation(error, 'users_username_lower_key')) continue;
      throw error;
    }
  }
}
