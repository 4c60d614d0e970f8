import { randomInt } from 'node:crypto';
import safeWords from '@nkzw/safe-word-list';

/**
 * Usernames and passwords for the accounts a teacher makes (login cards): short common words a
 * child reads and types, chosen with a CSPRNG. The arithmetic is in
 * docs/decisions/031-sign-in-throttling-with-device-cookies.md and checked by
 * credentials-service.test.ts.
 */

/** Words of the maintained list that still do not belong on a child's login card. */
const UNSUITABLE = new Set(
  (
    'armed ban beer bet breast bullet church cop drink ethnic faith flesh grave heaven holy ' +
    'kiss knife lover naked pray prayer priest racial regime rifle sacred steal swear wine'
  ).split(' '),
);

/** Three to six lowercase letters: quick to type, nothing to spell out. */
export const CREDENTIAL_WORDS: readonly string[] = safeWords.filter(
  (word) => /^[a-z]{3,6}$/.test(word) && !UNSUITABLE.has(word),
);
export const PASSWORD_WORD_COUNT = 3;
export const PASSWORD_DIGITS = 3;

function word(): string {
  return CREDENTIAL_WORDS[randomInt(CREDENTIAL_WORDS.length)]!;
}

function digits(count: number): string {
  return String(randomInt(10 ** count)).padStart(count, '0');
}

/** `cloud-apple-river-482`: three words and three digits, about 41 bits. */
export function newStudentPassword(): string {
  const words = Array.from({ length: PASSWORD_WORD_COUNT }, word);
  return `${words.join('-')}-${digits(PASSWORD_DIGITS)}`;
}

/** Letters a username can take from a name: accents dropped, anything else left out. */
function usernamePart(name: string, length: number): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .slice(0, length);
}

/**
 * `mia.river42`: the first name, then a random word and digits, so nothing else about the
 * child (no initial) is in it and no sequence leads from one username to the next. More
 * digits after a few collisions: a big class of Mias still finds free names fast.
 */
export function newStudentUsername(firstName: string, attempt: number): string {
  const base = usernamePart(firstName, 12) || 'student';
  return `${base}.${word()}${digits(attempt < 8 ? 2 : 4)}`;
}
