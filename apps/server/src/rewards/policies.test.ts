import { describe, expect, it } from 'vitest';
import type { ClassroomAccess } from '../classrooms/core/policies.ts';
import type { ClassroomRow } from '../classrooms/core/queries.ts';
import {
  canSeeClassroomRewards,
  canSeeRedemption,
  fitsSlot,
  mayCancelRedemption,
  mayDecideRedemption,
  mayManageClassroomRewards,
  mayRedeemInClassroom,
} from './policies.ts';
import type { RedemptionRow, RewardRow } from './queries.ts';

const STUDENT = 2;
const as = (role: ClassroomAccess['role']): ClassroomAccess => ({
  classroom: { id: 7, teacherId: 1, frozenAt: null } as ClassroomRow,
  role,
});
const redemption = { userId: STUDENT } as RedemptionRow;

describe('reward policies', () => {
  it('shows a class’s rewards to its members, and lets only its students redeem them', () => {
    expect(canSeeClassroomRewards(as('teacher'))).toBe(true);
    expect(canSeeClassroomRewards(as('student'))).toBe(true);
    expect(canSeeClassroomRewards(as(null))).toBe(false);
    expect(mayRedeemInClassroom(as('student'))).toBe(true);
    expect(mayRedeemInClassroom(as('teacher'))).toBe(false);
    expect(mayRedeemInClassroom(as(null))).toBe(false);
  });

  it('lets only the class’s teacher manage its rewards and decide requests', () => {
    expect(mayManageClassroomRewards(as('teacher'))).toBe(true);
    expect(mayManageClassroomRewards(as('student'))).toBe(false);
    expect(mayManageClassroomRewards(null)).toBe(false);
    expect(mayDecideRedemption(as('teacher'))).toBe(true);
    expect(mayDecideRedemption(as('student'))).toBe(false);
    expect(mayDecideRedemption(null)).toBe(false);
  });

  it('shows a request to its student and the teacher; only its student withdraws it', () => {
    expect(canSeeRedemption(STUDENT, redemption, null)).toBe(true);
    expect(canSeeRedemption(1, redemption, as('teacher'))).toBe(true);
    expect(canSeeRedemption(3, redemption, as('student'))).toBe(false);
    expect(canSeeRedemption(3, redemption, null)).toBe(false);
    expect(mayCancelRedemption(STUDENT, redemption)).toBe(true);
    expect(mayCancelRedemption(1, redemption)).toBe(false);
  });

  it('puts a frame in the frame slot and a badge in the badge slot, a class’s reward in none', () => {
    const frame = { classroomId: null, kind: 'frame' } as RewardRow;
    expect(fitsSlot(frame, 'frame')).toBe(true);
    expect(fitsSlot(frame, 'badge')).toBe(false);
    expect(fitsSlot({ ...frame, kind: 'badge' }, 'badge')).toBe(true);
    expect(fitsSlot({ ...frame, classroomId: 7 }, 'frame')).toBe(false);
  });
});
