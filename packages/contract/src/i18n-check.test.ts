import { describe, expect, it } from 'vitest';
import { catalogueProblems } from './i18n-check.ts';

describe('catalogueProblems', () => {
  it('the check fails on a missing key, a lost placeholder, an empty text and an extra key', () => {
    const english = { a: 'Hello {{name}}', b: { c: 'One', d: 'Two' }, n_one: '{{count}} x' };
    const broken = { a: 'Hola', b: { c: '' }, extra: 'x', n_one: '{{count}} x', n_other: 'y' };
    expect(catalogueProblems(english, broken)).toEqual([
      'a: placeholders {{name}} in English but none here',
      'b.c: empty',
      'b.d: missing',
      'extra: not in English',
    ]);
  });
});
