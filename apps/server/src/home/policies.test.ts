import { describe, expect, it } from 'vitest';
import { canReadStaffHome, canReadTeacherHome, isInactiveSince } from './policies.ts';

const DAY = 86_400_000;
const now = new Date('2026-12-05T12:00:00Z');

describe('home policies', () => {
  it('gives the teacher cards to teachers and the staff card to staff only', () => {
    expect(canReadTeacherHome({ isTeacher: true })).toBe(true);
    expect(canReadTeacherHome({ isTeacher: false })).toBe(false);
    expect(canReadStaffHome({ isStaff: true })).toBe(true);
    expect(canReadStaffHome({ isStaff: false })).toBe(false);
  });

  it('counts a student inactive only when last seen more than the days ago, to the millisecond', () => {
    const exactly = new Date(now.getTime() - 7 * DAY);
    expect(isInactiveSince(exactly, now, 7)).toBe(false);
    expect(isInactiveSince(new Date(exactly.getTime() - 1), now, 7)).toBe(true);
    expect(isInactiveSince(new Date(now.getTime() - DAY), now, 7)).toBe(false);
  });
});
