import { randomInt } from 'node:crypto';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '@bullpen/contract/constants';

/**
 * A new join code, for a contest or a class: eight characters without look-alikes (no 0/O,
 * 1/I/L), easy to read off a board. Unique by chance only: the
 * callers draw again when the table's unique index refuses it.
 */
export function newJoinCode(): string {
  return Array.from(
    { length: JOIN_CODE_LENGTH },
    () => JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)],
  ).join('');
}
