import { describe, expect, it } from 'vitest';
import { importsForSchool, mayImportIntoClass, mayImportRosters } from './policies.ts';

describe('roster policies', () => {
  const staff = { id: 1, isStaff: true, isTeacher: false };
  const teacher = { id: 2, isStaff: false, isTeacher: true };
  const student = { id: 3, isStaff: false, isTeacher: false };

  it('lets staff and teachers import, never a student', () => {
    expect(mayImportRosters(staff)).toBe(true);
    expect(mayImportRosters(teacher)).toBe(true);
    expect(mayImportRosters(student)).toBe(false);
  });

  it('gives the school scope to staff only', () => {
    expect(importsForSchool(staff)).toBe(true);
    expect(importsForSchool(teacher)).toBe(false);
  });

  it('lets a teacher import into their own class only; staff into any', () => {
    expect(mayImportIntoClass(teacher, { teacherId: 2 })).toBe(true);
    expect(mayImportIntoClass(teacher, { teacherId: 9 })).toBe(false);
    expect(mayImportIntoClass(staff, { teacherId: 9 })).toBe(true);
  });
});
