import { describe, expect, it } from 'vitest';
import type { ClassroomAccess } from '../classrooms/core/policies.ts';
import type { ClassroomRow } from '../classrooms/core/queries.ts';
import { canCommentOnResume, canReadResume, canWriteResume } from './policies.ts';

const AUTHOR = 2;
const open = { id: 7, teacherId: 1, frozenAt: null } as ClassroomRow;
const frozen = { ...open, frozenAt: new Date('2026-06-01T00:00:00Z') };
const as = (role: ClassroomAccess['role'], classroom: ClassroomRow = open): ClassroomAccess => ({
  classroom,
  role,
});
const resume = { userId: AUTHOR };

describe('résumé policies', () => {
  it('shows a résumé to its author and the class’s teacher, never a classmate', () => {
    expect(canReadResume(as('teacher'), resume, 1)).toBe(true);
    expect(canReadResume(as('student'), resume, AUTHOR)).toBe(true);
    expect(canReadResume(as('student'), resume, 3)).toBe(false);
    expect(canReadResume(as(null), resume, AUTHOR)).toBe(false);
  });

  it('lets students write theirs while the class is open', () => {
    expect(canWriteResume(as('student'))).toBe(true);
    expect(canWriteResume(as('teacher'))).toBe(false);
    expect(canWriteResume(as('student', frozen))).toBe(false);
  });

  it('lets the teacher and the author comment while the class is open', () => {
    expect(canCommentOnResume(as('teacher'), resume, 1)).toBe(true);
    expect(canCommentOnResume(as('student'), resume, AUTHOR)).toBe(true);
    expect(canCommentOnResume(as('student'), resume, 3)).toBe(false);
    expect(canCommentOnResume(as('teacher', frozen), resume, 1)).toBe(false);
  });
});
