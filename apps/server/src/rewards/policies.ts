import type { ClassroomAccess } from '../classrooms/core/policies.ts';
import type { RedemptionRow, RewardRow } from './queries.ts';

/**
 * Who may do what with rewards, as pure functions of facts: the viewer's place in the
 * reward's class (`ClassroomAccess`, null when there is no class) and the redemption.
 * Someone with no business seeing a request is answered "not found"; its student asking for
 * the teacher's decision is refused (403).
 */

/** Members of a class (its teacher and its students) see the class's rewards. */
export function canSeeClassroomRewards(access: ClassroomAccess): boolean {
  return access.role !== null;
}

/** Only a class's students buy its rewards (not its teacher). */
export function mayRedeemInClassroom(access: ClassroomAccess): boolean {
  return access.role === 'student';
}

/** The teacher of the class defines its rewards and decides the requests for them. */
export function mayManageClassroomRewards(access: ClassroomAccess | null): boolean {
  return access?.role === 'teacher';
}

/** A request is seen by the student who made it and by the teacher of its class. */
export function canSeeRedemption(
  actorId: number,
  redemption: RedemptionRow,
  access: ClassroomAccess | null,
): boolean {
  return redemption.userId === actorId || mayManageClassroomRewards(access);
}

/** Only the teacher of the reward's class approves or declines, never the student. */
export function mayDecideRedemption(access: ClassroomAccess | null): boolean {
  return mayManageClassroomRewards(access);
}

/** Only the student who asked withdraws a request. */
export function mayCancelRedemption(actorId: number, redemption: RedemptionRow): boolean {
  return redemption.userId === actorId;
}

/** A frame shows in the frame slot and a badge in the badge slot; classroom rewards in none. */
export function fitsSlot(reward: RewardRow, slot: 'frame' | 'badge'): boolean {
  return reward.classroomId === null && reward.kind === slot;
}
