import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { authMessages } from '@bullpen/contract/messages';
import { boundedQueue } from '../platform/bounded-queue.ts';
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

/**
 * Hashes made in bulk (a teacher's paste of up to 50 students) run one at a time. argon2 runs
 * in libuv's thread pool (4 threads), first come first served, so 4 pastes of 50 at once
 * would queue 200 hashes ahead of every sign-in's check. One at a time, a bulk hash holds one
 * thread and a sign-in waits at most for it
 * (docs/decisions/030-bounded-input-and-fair-hashing.md).
 */
const bulkHashing = boundedQueue(1);

export function hashPasswordInBulk(password: string): Promise<string> {
  return bulkHashing(() => hashPassword(password));
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
