import { AWARD_POINTS_PER_TEACHER_PER_DAY } from '@bullpen/contract/points';
import { describe, expect, it } from 'vitest';
import {
  assertWholeEntries,
  awardsLeftToday,
  inWritingOrder,
  pointsMissing,
  usersOf,
} from './ledger.ts';
import type { PointEntryInput } from './queries.ts';

const entry = (userId: number, points: number, source = `test:${userId}:${points}`) =>
  ({ userId, points, reason: 'award', source }) satisfies PointEntryInput;

describe('the points ledger', () => {
  it('takes whole, non-zero points with a source, awards and spends alike', () => {
    expect(() => assertWholeEntries([entry(1, 50), entry(2, -1), entry(3, 1)])).not.toThrow();
    expect(() => assertWholeEntries([])).not.toThrow();
  });

  it('refuses zero, a fraction, an unsafe number or a missing source, whichever entry it is', () => {
    expect(() => assertWholeEntries([entry(1, 5), entry(1, 0)])).toThrow(
      'a points entry needs a whole, non-zero number of points: 0',
    );
    expect(() => assertWholeEntries([entry(1, 2.5)])).toThrow(
      'a points entry needs a whole, non-zero number of points: 2.5',
    );
    expect(() => assertWholeEntries([entry(1, 2 ** 53)])).toThrow(/non-zero number of points/);
    expect(() => assertWholeEntries([entry(1, 5), entry(2, 5, '')])).toThrow(
      'a points entry needs its source',
    );
  });

  it('writes users in id order, and one user’s entries in the order given', () => {
    const entries = [entry(3, 10, 'a'), entry(1, 20, 'b'), entry(3, -5, 'c'), entry(2, 1, 'd')];
    expect(inWritingOrder(entries).map((line) => line.source)).toEqual(['b', 'd', 'a', 'c']);
    expect(entries.map((line) => line.source)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('names each user once', () => {
    expect(usersOf([entry(3, 1), entry(1, 2), entry(3, 4)])).toEqual([3, 1]);
  });

  it('says how many points a spend lacks', () => {
    expect(pointsMissing(120, 100)).toBe(20);
    expect(pointsMissing(100, 100)).toBe(0);
  });

  it('leaves a teacher what the daily cap has not used, never less than none', () => {
    expect(awardsLeftToday(0)).toBe(AWARD_POINTS_PER_TEACHER_PER_DAY);
    expect(awardsLeftToday(AWARD_POINTS_PER_TEACHER_PER_DAY - 1)).toBe(1);
    expect(awardsLeftToday(AWARD_POINTS_PER_TEACHER_PER_DAY)).toBe(0);
    expect(awardsLeftToday(AWARD_POINTS_PER_TEACHER_PER_DAY + 50)).toBe(0);
  });
});
