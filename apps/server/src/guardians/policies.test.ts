import { describe, expect, it } from 'vitest';
import {
  acceptRefusal,
  deletionRoute,
  invitationRefusal,
  isStudentAccount,
  ownInvitationRefusal,
  sameAddress,
} from './policies.ts';

const now = new Date('2026-12-05T12:00:00Z');
const student = {
  id: 7,
  email: 'ana@school.test',
  createdByTeacherId: null,
  under13Until: null,
  isTeacher: false,
  isStaff: false,
  isGuardian: false,
};

describe('guardians policies', () => {
  it('counts only students as students', () => {
    expect(isStudentAccount(student)).toBe(true);
    expect(isStudentAccount({ ...student, isTeacher: true })).toBe(false);
    expect(isStudentAccount({ ...student, isStaff: true })).toBe(false);
    expect(isStudentAccount({ ...student, isGuardian: true })).toBe(false);
  });

  it('lets a student invite from 13, to the day; a teacher-made account never', () => {
    expect(ownInvitationRefusal(student, now)).toBeNull();
    expect(ownInvitationRefusal({ ...student, under13Until: '2026-12-06' }, now)).toBe('tooYoung');
    expect(ownInvitationRefusal({ ...student, under13Until: '2026-12-05' }, now)).toBeNull();
    expect(ownInvitationRefusal({ ...student, createdByTeacherId: 3 }, now)).toBe('tooYoung');
    expect(ownInvitationRefusal({ ...student, email: null }, now)).toBe('tooYoung');
    expect(ownInvitationRefusal({ ...student, isTeacher: true }, now)).toBe('studentsOnly');
    expect(ownInvitationRefusal({ ...student, isGuardian: true }, now)).toBe('studentsOnly');
  });

  it('stops at two guardians first, then at five invitations a day', () => {
    expect(invitationRefusal({ sentToday: 0, guardians: 0 })).toBeNull();
    expect(invitationRefusal({ sentToday: 4, guardians: 1 })).toBeNull();
    expect(invitationRefusal({ sentToday: 5, guardians: 1 })).toBe('tooManyInvitations');
    expect(invitationRefusal({ sentToday: 0, guardians: 2 })).toBe('tooManyGuardians');
    expect(invitationRefusal({ sentToday: 9, guardians: 2 })).toBe('tooManyGuardians');
  });

  it('compares addresses without case or spaces, and never matches no address', () => {
    expect(sameAddress('Pat@Home.test', ' pat@home.test ')).toBe(true);
    expect(sameAddress('pat@home.test', 'pam@home.test')).toBe(false);
    expect(sameAddress(null, 'pat@home.test')).toBe(false);
  });

  it('lets only a verified account of the invited address, not the child nor an under-13, accept', () => {
    const invitation = { childId: 7, email: 'pat@home.test' };
    const parent = {
      ...student,
      id: 9,
      email: 'pat@home.test',
      emailVerifiedAt: new Date('2026-01-01'),
    };
    expect(acceptRefusal(parent, invitation, now)).toBeNull();
    expect(acceptRefusal({ ...parent, id: 7 }, invitation, now)).toBe('notYourself');
    expect(acceptRefusal({ ...parent, emailVerifiedAt: null }, invitation, now)).toBe(
      'emailMismatch',
    );
    expect(acceptRefusal({ ...parent, email: 'kid@home.test' }, invitation, now)).toBe(
      'emailMismatch',
    );
    expect(acceptRefusal({ ...parent, under13Until: '2030-01-01' }, invitation, now)).toBe(
      'tooYoung',
    );
  });

  it('sends a teacher-made account’s deletion to the school, schedules the others', () => {
    const own = { email: 'ana@school.test', createdByTeacherId: null, consentStatus: null };
    expect(deletionRoute(own)).toBe('scheduled');
    expect(deletionRoute({ ...own, consentStatus: 'granted' as const })).toBe('scheduled');
    expect(deletionRoute({ ...own, consentStatus: 'school' as const })).toBe('awaiting_school');
    expect(deletionRoute({ ...own, createdByTeacherId: 3 })).toBe('awaiting_school');
    expect(deletionRoute({ ...own, email: null })).toBe('awaiting_school');
  });
});
