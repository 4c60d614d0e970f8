import type { Classroom, ClassroomStudent } from '@bullpen/contract/classrooms';

/** Class 4 of teacher 1 (Tess Teacher), as the API presents it; `overrides` change any field. */
export function testClassroom(overrides: Partial<Classroom> = {}): Classroom {
  return {
    id: 4,
    name: 'Economics 9B',
    grade: '9',
    subject: 'Economics',
    school: 'Lincoln High',
    description: '',
    teacher: { id: 1, username: 'tess', first_name: 'Tess', last_name: 'Teacher' },
    role: 'teacher',
    join_code: 'ABCD2345',
    students_count: 2,
    frozen: false,
    trading_enabled: true,
    next_due_lesson: null,
    created_at: '2026-09-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Sam Student (user 9), a member of the class who joined by code. */
export const testStudent: ClassroomStudent = {
  id: 9,
  username: 'sam',
  first_name: 'Sam',
  last_name: 'Student',
  has_email: true,
  created_by_me: false,
  joined_at: '2026-09-02T00:00:00.000Z',
};

/** One page of a paginated list holding all of `results`. */
export const pageOf = <T>(results: T[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});
