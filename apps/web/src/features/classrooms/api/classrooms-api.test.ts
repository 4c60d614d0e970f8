import { describe, expect, it } from 'vitest';
import { parseStudentNames } from './classrooms-api.ts';

describe('parseStudentNames', () => {
  it('reads one student per line, "First Last" or "Last, First"', () => {
    expect(parseStudentNames('  Maya  López \n\nOrtiz, Ben\r\nMary Ann Smith\n')).toEqual([
      { first_name: 'Maya', last_name: 'López' },
      { first_name: 'Ben', last_name: 'Ortiz' },
      { first_name: 'Mary Ann', last_name: 'Smith' },
    ]);
  });

  it('leaves the last name empty for a single word, so the form can ask for it', () => {
    expect(parseStudentNames('Cher')).toEqual([{ first_name: 'Cher', last_name: '' }]);
    expect(parseStudentNames('   \n  ')).toEqual([]);
  });
});
