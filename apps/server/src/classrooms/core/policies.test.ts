import { describe, expect, it } from 'vitest';
import {
  canContribute,
  canTeach,
  canViewClassroom,
  mayCreateClassroom,
  mayDeletePost,
  mayDeleteStudentAccount,
  mayRemoveFromClassroom,
  mayReportPost,
  mayResetPassword,
  type ClassroomAccess,
} from './policies.ts';
import type { ClassroomRow } from './queries.ts';

const TEACHER = 1;
const STUDENT = 2;
const CLASSMATE = 3;

const classroom = { id: 7, teacherId: TEACHER, frozenAt: null } as ClassroomRow;
const frozen = { ...classroom, frozenAt: new Date('2026-06-01T00:00:00Z') };
const as = (role: ClassroomAccess['role'], room: ClassroomRow = classroom): ClassroomAccess => ({
  classroom: room,
  role,
});

describe('classroom policies', () => {
  it('shows the class to its members only, and lets only its teacher teach', () => {
    expect(canViewClassroom(as('teacher'))).toBe(true);
    expect(canViewClassroom(as('student'))).toBe(true);
    expect(canViewClassroom(as(null))).toBe(false);
    expect(canTeach(as('teacher'))).toBe(true);
    expect(canTeach(as('student'))).toBe(false);
    expect(canTeach(as(null))).toBe(false);
  });

  it('lets members contribute while the class is not frozen', () => {
    expect(canContribute(as('student'))).toBe(true);
    expect(canContribute(as('teacher'))).toBe(true);
    expect(canContribute(as(null))).toBe(false);
    expect(canContribute(as('student', frozen))).toBe(false);
    expect(canContribute(as('teacher', frozen))).toBe(false);
  });

  it('lets only teachers create a class', () => {
    expect(mayCreateClassroom({ isTeacher: true })).toBe(true);
    expect(mayCreateClassroom({ isTeacher: false })).toBe(false);
  });

  it('lets the teacher remove any student but not themself, and a student only leave', () => {
    expect(mayRemoveFromClassroom(as('teacher'), TEACHER, STUDENT)).toBe(true);
    expect(mayRemoveFromClassroom(as('teacher'), TEACHER, TEACHER)).toBe(false);
    expect(mayRemoveFromClassroom(as('student'), STUDENT, STUDENT)).toBe(true);
    expect(mayRemoveFromClassroom(as('student'), STUDENT, CLASSMATE)).toBe(false);
    expect(mayRemoveFromClassroom(as(null), STUDENT, STUDENT)).toBe(false);
  });

  it('lets a teacher reset the password of an account they made by name only', () => {
    const madeByName = { email: null, createdByTeacherId: TEACHER };
    expect(mayResetPassword({ id: TEACHER }, madeByName)).toBe(true);
    expect(mayResetPassword({ id: 99 }, madeByName)).toBe(false);
    expect(mayResetPassword({ id: TEACHER }, { ...madeByName, email: 'kid@example.com' })).toBe(
      false,
    );
  });

  it('lets a teacher erase an account without an address that they made or whose classes are all theirs', () => {
    const madeByName = { email: null, createdByTeacherId: TEACHER };
    expect(mayDeleteStudentAccount({ id: TEACHER }, madeByName, [TEACHER, 99])).toBe(true);
    expect(mayDeleteStudentAccount({ id: 99 }, madeByName, [99, 99])).toBe(true);
    expect(mayDeleteStudentAccount({ id: 99 }, madeByName, [99, TEACHER])).toBe(false);
    expect(
      mayDeleteStudentAccount({ id: TEACHER }, { ...madeByName, email: 'kid@example.com' }, [
        TEACHER,
      ]),
    ).toBe(false);
  });

  it('lets the teacher delete any post and a student only their own', () => {
    expect(mayDeletePost(as('teacher'), TEACHER, { userId: STUDENT })).toBe(true);
    expect(mayDeletePost(as('student'), STUDENT, { userId: STUDENT })).toBe(true);
    expect(mayDeletePost(as('student'), STUDENT, { userId: CLASSMATE })).toBe(false);
    expect(mayDeletePost(as(null), STUDENT, { userId: STUDENT })).toBe(false);
  });

  it('lets any member but the author report a post', () => {
    expect(mayReportPost(as('student'), STUDENT, { userId: CLASSMATE })).toBe(true);
    expect(mayReportPost(as('teacher'), TEACHER, { userId: STUDENT })).toBe(true);
    expect(mayReportPost(as('student'), STUDENT, { userId: STUDENT })).toBe(false);
    expect(mayReportPost(as(null), 99, { userId: STUDENT })).toBe(false);
  });
});
