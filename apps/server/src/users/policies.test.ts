import { describe, expect, it } from 'vitest';
import {
  takesPart,
  canManageAccount,
  canManageAccounts,
  canManageTeacherTrust,
  canReadHeldMail,
  isOnTrustedDomain,
  isTrustedTeacher,
} from './policies.ts';
import type { UserRow } from './queries.ts';

const user = (overrides: Partial<UserRow>) => ({ id: 5, isStaff: false, ...overrides }) as UserRow;

describe('account policies', () => {
  it('lets an account be managed by its owner only', () => {
    expect(canManageAccount(user({ id: 5 }), 5)).toBe(true);
    expect(canManageAccount(user({ id: 5 }), 6)).toBe(false);
  });

  it('trusts a teacher once approved or verified, and never a student', () => {
    const trustedAt = new Date('2026-01-01T00:00:00Z');
    expect(isTrustedTeacher({ isTeacher: true, teacherTrustedAt: trustedAt })).toBe(true);
    expect(isTrustedTeacher({ isTeacher: true, teacherTrustedAt: null })).toBe(false);
    expect(isTrustedTeacher({ isTeacher: false, teacherTrustedAt: trustedAt })).toBe(false);
  });

  it('recognises an address on a trusted domain or its subdomain, in any case', () => {
    const domains = ['school.org', 'district.edu'];
    expect(isOnTrustedDomain('ms.lee@School.ORG', domains)).toBe(true);
    expect(isOnTrustedDomain('lee@mail.district.edu', domains)).toBe(true);
    expect(isOnTrustedDomain('lee@notschool.org', domains)).toBe(false);
    expect(isOnTrustedDomain('lee@school.org.evil.com', domains)).toBe(false);
    expect(isOnTrustedDomain('school.org', domains)).toBe(false);
    expect(isOnTrustedDomain('lee@', domains)).toBe(false);
    expect(isOnTrustedDomain(null, domains)).toBe(false);
    expect(isOnTrustedDomain('lee@school.org', [])).toBe(false);
  });

  it('keeps teacher trust, held mail and the accounts list to staff', () => {
    for (const check of [canManageTeacherTrust, canReadHeldMail, canManageAccounts]) {
      expect(check(user({ isStaff: true }))).toBe(true);
      expect(check(user({ isStaff: false, isTeacher: true }))).toBe(false);
    }
  });
});

describe('takesPart', () => {
  it('keeps a parent account out of classes and contests, and nobody else', () => {
    expect(takesPart({ isGuardian: true })).toBe(false);
    expect(takesPart({ isGuardian: false })).toBe(true);
  });
});
