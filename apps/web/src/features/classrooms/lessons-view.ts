import Papa from 'papaparse';
import type { StudentStatistics } from '@bullpen/contract/classroom-lessons';

/** A cell a spreadsheet could run: =, +, @, tab or return first, or - not followed by a plain number. */
const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?%?$))/;

export type GradesCsvWords = {
  header: {
    username: string;
    firstName: string;
    lastName: string;
    completed: string;
    lessons: string;
    average: string;
    firstAttempt: string;
    best: string;
    attempts: string;
    earnedLessons: string;
    earnedModules: string;
    earnedAwards: string;
    earnedContests: string;
    earnedTotal: string;
    /** The spendable balance. */
    points: string;
    lastActive: string;
  };
};

/**
 * The grades of a class as CSV, one row per student. Names are typed by people and may start
 * with `=`, `+`, `-` or `@`: papaparse's `escapeFormulae` prefixes such a cell with `'`, so a
 * spreadsheet shows it as text and never runs it. Scores are plain whole percents; dates ISO.
 * Points earned (by kind of source, and their total) and the spendable balance are separate
 * columns: spending on rewards lowers the balance, never what was earned.
 */
export function gradesCsv(
  rows: StudentStatistics[],
  lessons: number,
  words: GradesCsvWords,
): string {
  const { header } = words;
  const fields = [
    header.username,
    header.firstName,
    header.lastName,
    header.completed,
    header.lessons,
    header.average,
    header.firstAttempt,
    header.best,
    header.attempts,
    header.earnedLessons,
    header.earnedModules,
    header.earnedAwards,
    header.earnedContests,
    header.earnedTotal,
    header.points,
    header.lastActive,
  ];
  const data = rows.map((row) => [
    row.username,
    row.first_name,
    row.last_name,
    String(row.completed),
    String(lessons),
    row.average_percent === null ? '' : String(row.average_percent),
    row.first_attempt_percent === null ? '' : String(row.first_attempt_percent),
    row.best_percent === null ? '' : String(row.best_percent),
    String(row.attempts),
    String(row.points_earned.lessons),
    String(row.points_earned.modules),
    String(row.points_earned.awards),
    String(row.points_earned.contests),
    String(row.points_earned.total),
    String(row.points),
    row.last_active ?? '',
  ]);
  return Papa.unparse({ fields, data }, { escapeFormulae: FORMULA_START });
}

/** A file name for the export, safe on every system. */
export function gradesFileName(classroom: string, course: string): string {
  const safe = `${classroom} ${course}`
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return safe ? `${safe}-grades.csv` : 'grades.csv';
}

/** A `datetime-local` value ("2026-03-04T09:30") for an ISO instant, in the user's zone. */
export function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** The ISO instant of a `datetime-local` value (read in the user's zone), or null when empty. */
export function isoOfLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
