import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { gradesCsv, gradesFileName, isoOfLocalInput, localInputValue } from './lessons-view.ts';

const words = {
  header: {
    username: 'Username',
    firstName: 'First name',
    lastName: 'Last name',
    completed: 'Completed',
    lessons: 'Lessons',
    average: 'Average',
    firstAttempt: 'First try',
    best: 'Best',
    attempts: 'Attempts',
    earnedLessons: 'Earned: lessons',
    earnedModules: 'Earned: modules',
    earnedAwards: 'Earned: awards',
    earnedContests: 'Earned: contests',
    earnedTotal: 'Points earned',
    points: 'Spendable balance',
    lastActive: 'Last active',
  },
};

describe('gradesCsv', () => {
  it('writes one row per student and escapes cells that a spreadsheet would run', () => {
    const csv = gradesCsv(
      [
        {
          id: 1,
          username: 'ana',
          first_name: '=HYPERLINK("http://evil")',
          last_name: '-Alvarez',
          completed: 2,
          average_percent: 85,
          first_attempt_percent: 55,
          best_percent: 100,
          attempts: 3,
          points: 40,
          points_earned: { lessons: 50, modules: 20, awards: 10, contests: 0, total: 80 },
          last_active: '2026-11-20T10:00:00.000Z',
        },
        {
          id: 2,
          username: 'ben',
          first_name: 'Ben',
          last_name: '@Brown',
          completed: 0,
          average_percent: null,
          first_attempt_percent: null,
          best_percent: null,
          attempts: 0,
          points: 0,
          points_earned: { lessons: 0, modules: 0, awards: 0, contests: 0, total: 0 },
          last_active: null,
        },
      ],
      3,
      words,
    );
    const rows = Papa.parse<string[]>(csv).data;
    expect(rows[0]).toEqual(Object.values(words.header));
    expect(rows[1]).toEqual([
      'ana',
      `'=HYPERLINK("http://evil")`,
      `'-Alvarez`,
      '2',
      '3',
      '85',
      '55',
      '100',
      '3',
      '50',
      '20',
      '10',
      '0',
      '80',
      '40',
      '2026-11-20T10:00:00.000Z',
    ]);
    expect(rows[2]).toEqual([
      'ben',
      'Ben',
      `'@Brown`,
      '0',
      '3',
      '',
      '',
      '',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '',
    ]);
  });

  it('names the file after the class and course, without unsafe characters', () => {
    expect(gradesFileName('Period 3 / Econ', 'Money basics')).toBe(
      'Period-3-Econ-Money-basics-grades.csv',
    );
    expect(gradesFileName('', '')).toBe('grades.csv');
  });

  it('round-trips a due date through the datetime-local input', () => {
    const iso = isoOfLocalInput('2026-12-01T09:30');
    expect(iso).not.toBeNull();
    expect(localInputValue(iso)).toBe('2026-12-01T09:30');
    expect(isoOfLocalInput('')).toBeNull();
    expect(localInputValue(null)).toBe('');
  });
});
