import type { Gradebook, GradebookCell } from '@bullpen/contract/classroom-gradebook';
import type { GradebookCellView, GradebookView } from './service.ts';

function iso(at: Date | null): string | null {
  return at ? at.toISOString() : null;
}

function presentCell(cell: GradebookCellView): GradebookCell {
  return {
    lesson: cell.lessonId,
    first_percent: cell.firstPercent,
    best_percent: cell.bestPercent,
    attempts: cell.attempts,
    completed_at: iso(cell.completedAt),
    late: cell.late,
  };
}

export function presentGradebook(view: GradebookView): Gradebook {
  return {
    lessons: view.lessons.map(({ lesson, course, setting }) => ({
      id: lesson.id,
      title: lesson.title,
      course: { id: course.id, title: course.title },
      due_at: iso(setting.dueAt),
    })),
    students: view.students.map(({ student, cells }) => ({
      id: student.id,
      username: student.username,
      first_name: student.firstName,
      last_name: student.lastName,
      cells: cells.map(presentCell),
    })),
  };
}

/** The export's header: one line per student × lesson, so a spreadsheet can filter and sort. */
export const GRADEBOOK_EXPORT_HEADER = [
  'Last name',
  'First name',
  'Username',
  'Course',
  'Lesson',
  'Due (UTC)',
  'First attempt %',
  'Best %',
  'Attempts',
  'Completed (UTC)',
  'Late',
] as const;

export type ExportRow = (string | number | null)[];

function minute(at: Date | null): string {
  return at ? `${at.toISOString().slice(0, 16).replace('T', ' ')}` : '';
}

/** The gradebook as rows of plain values (CSV and XLSX share them). */
export function gradebookExportRows(view: GradebookView): ExportRow[] {
  return view.students.flatMap(({ student, cells }) =>
    cells.map((cell, index) => {
      const { lesson, course, setting } = view.lessons[index]!;
      return [
        student.lastName,
        student.firstName,
        student.username,
        course.title,
        lesson.title,
        minute(setting.dueAt),
        cell.firstPercent,
        cell.bestPercent,
        cell.attempts,
        minute(cell.completedAt),
        cell.late ? 'yes' : 'no',
      ];
    }),
  );
}

/** A file name with only letters, digits and dashes from the class's name, and the day. */
export function gradebookFileName(classroomName: string, now: Date, extension: string): string {
  return `bullpen-gradebook-${slug(classroomName)}${now.toISOString().slice(0, 10)}.${extension}`;
}

export function reportFileName(student: { firstName: string; lastName: string }, now: Date) {
  return `bullpen-report-${slug(`${student.firstName} ${student.lastName}`)}${now.toISOString().slice(0, 10)}.pdf`;
}

function slug(text: string): string {
  const cut = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
    .replace(/-$/, '');
  return cut ? `${cut}-` : '';
}
