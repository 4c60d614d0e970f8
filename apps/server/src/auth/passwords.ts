import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { authMessages } from '@bullpen/contract/messages';
import { badRequest } from '../platform/errors.ts';

const commonPasswords = new Set(
  (dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** Length is checked by the contract's schema; this adds the rule a schema cannot know. */
export function assertPasswordAllowed(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw badRequest({ [field]: authMessages.passwordCommon });
}

/** @node-rs/argon2 hashes with argon2id by default (its const enum cannot be imported here). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when no user matches, so a missing account costs as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  return dummyHash.then((value) => verifyPassword(value, password));
}
