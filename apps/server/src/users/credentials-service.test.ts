import { describe, expect, it } from 'vitest';
import { assertPasswordAllowed } from '../auth/passwords.ts';
import {
  CREDENTIAL_WORDS,
  PASSWORD_DIGITS,
  PASSWORD_WORD_COUNT,
  newStudentPassword,
  newStudentUsername,
} from './credentials-service.ts';

describe('generated credentials for login cards', () => {
  it('gives passwords at least 40 bits: log2(words^k × 10^digits)', () => {
    const words = new Set(CREDENTIAL_WORDS);
    expect(words.size).toBe(CREDENTIAL_WORDS.length);
    const bits = PASSWORD_WORD_COUNT * Math.log2(words.size) + PASSWORD_DIGITS * Math.log2(10);
    expect(bits).toBeGreaterThanOrEqual(40);
    // Every piece of the password is drawn from exactly that space.
    for (let index = 0; index < 200; index += 1) {
      const parts = newStudentPassword().split('-');
      expect(parts).toHaveLength(PASSWORD_WORD_COUNT + 1);
      for (const part of parts.slice(0, -1)) expect(words.has(part)).toBe(true);
      expect(parts.at(-1)).toMatch(new RegExp(`^\\d{${PASSWORD_DIGITS}}$`));
    }
  });

  it('uses short lowercase words without ones unfit for a child', () => {
    for (const word of CREDENTIAL_WORDS) expect(word).toMatch(/^[a-z]{3,6}$/);
    for (const unfit of ['beer', 'naked', 'rifle', 'bullet']) {
      expect(CREDENTIAL_WORDS).not.toContain(unfit);
    }
  });

  it('makes passwords the password rules accept, and rarely the same one twice', () => {
    const seen = new Set<string>();
    for (let index = 0; index < 500; index += 1) {
      const password = newStudentPassword();
      expect(() => assertPasswordAllowed(password)).not.toThrow();
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });

  it('makes usernames from the first name and a random word, not a sequence', () => {
    const names = Array.from({ length: 200 }, () => newStudentUsername('Mía', 0));
    for (const name of names) {
      const [first, rest] = name.split('.');
      expect(first).toBe('mia');
      const [, word, digits] = /^([a-z]+)(\d+)$/.exec(rest!)!;
      expect(CREDENTIAL_WORDS).toContain(word);
      expect(digits).toHaveLength(2);
    }
    // About 150 000 usernames per first name: 200 draws almost never repeat.
    expect(new Set(names).size).toBeGreaterThan(195);
    expect(newStudentUsername('', 9)).toMatch(/^student\.[a-z]{3,6}\d{4}$/);
  });
});
