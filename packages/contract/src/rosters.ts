import { z } from 'zod';
import { studentCredentialsSchema } from './classrooms.ts';

/**
 * Rosters in (apps/server/src/rosters, docs/decisions/042-rosters.md): a school's OneRoster 1.2
 * CSV bundle, or a Google Classroom roster for one class, previewed then applied.
 */

/** The decoded files of one upload together (a zip's unpacked files count the same). */
export const ROSTER_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Files one upload may carry (the six OneRoster files, a few optional ones, or one zip). */
export const ROSTER_FILES_MAX = 12;
/** Problems a preview lists (the count says how many there were in all). */
export const ROSTER_PROBLEMS_SHOWN = 200;
/** Days the import log (who imported what, with counts) is kept. */
export const ROSTER_IMPORT_LOG_DAYS = 365;
/** Days an invitation sent by an import stops being re-sent (and its record is kept). */
export const ROSTER_INVITATION_DAYS = 30;

export const ROSTER_FORMATS = ['oneroster', 'google_classroom'] as const;
export type RosterFormat = (typeof ROSTER_FORMATS)[number];

export const rosterMessages = {
  studentsNever: 'Only staff and teachers import rosters.',
  tooLarge: `The roster is too large: at most ${ROSTER_UPLOAD_MAX_BYTES / 1024 / 1024} MB of files, unpacked.`,
  classroomRequired: 'Choose the class a Google Classroom roster goes into.',
  classroomOnlyForGoogle: 'A OneRoster bundle names its own classes: leave the class out.',
  staffOrTeacherOfClass: 'Only the class’s teacher or staff import a roster into it.',
  notBase64: 'This file is not valid base64.',
  badZip: 'This zip file cannot be read.',
  oneZip: 'Send one zip file, or the CSV files without a zip.',
  hasErrors: 'The roster has errors: nothing was imported. Correct the files and try again.',
} as const;

const fileField = z.strictObject({
  name: z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(200, 'Use at most 200 characters.'),
  /** The file's bytes in base64 (a browser's FileReader or `btoa`). */
  content: z.string({ error: 'Required' }),
});

/** POST preview or apply: the same body both times (apply reads the files again). */
export const rosterUploadSchema = z.strictObject({
  format: z.enum(ROSTER_FORMATS, { error: 'Choose oneroster or google_classroom.' }),
  /** Google Classroom: the class the students go into (the caller teaches it, or is staff). */
  classroom_id: z.number().int().positive().optional(),
  files: z
    .array(fileField, { error: 'Required' })
    .min(1, 'Add the roster’s files.')
    .max(ROSTER_FILES_MAX, `Send at most ${ROSTER_FILES_MAX} files.`),
});
export type RosterUploadInput = z.input<typeof rosterUploadSchema>;

const counts = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
});

export const rosterProblemSchema = z.object({
  file: z.string(),
  /** The line in the file (the header is line 1); 0 for the file as a whole. */
  line: z.number().int(),
  message: z.string(),
});
export type RosterProblem = z.infer<typeof rosterProblemSchema>;

export const rosterClassLineSchema = z.object({
  sourced_id: z.string(),
  title: z.string(),
  action: z.enum(['create', 'update', 'unchanged']),
  classroom_id: z.number().int().nullable(),
  teacher: z.string(),
  students: z.number().int(),
  enrol: z.number().int(),
  remove: z.number().int(),
});
export type RosterClassLine = z.infer<typeof rosterClassLineSchema>;

/** What an import does (preview) or did (apply). */
export const rosterPlanSchema = z.object({
  /** The files' SHA-256, hex: the apply of the same files reports the same one. */
  digest: z.string(),
  classes: counts,
  /**
   * Rostered teachers: `matched` have an account, `missing` have none and stay out (a problem
   * line says why). A staff import makes the account of a teacher with an address (`create`),
   * links one found by address (`update`) and leaves a linked one alone (`unchanged`).
   */
  teachers: counts.extend({ matched: z.number().int(), missing: z.number().int() }),
  students: counts.extend({
    /** Students with an email and no account yet: they are mailed an invitation to the class. */
    invite: z.number().int(),
  }),
  enrolments: z.object({
    add: z.number().int(),
    remove: z.number().int(),
    unchanged: z.number().int(),
  }),
  class_lines: z.array(rosterClassLineSchema),
  problems: z.array(rosterProblemSchema),
  problems_count: z.number().int(),
});
export type RosterPlan = z.infer<typeof rosterPlanSchema>;

export const rosterApplySchema = rosterPlanSchema.extend({
  import_id: z.number().int(),
  /** Login cards of the accounts made without email: shown this once. */
  credentials: z.array(studentCredentialsSchema),
});
export type RosterApplyResult = z.infer<typeof rosterApplySchema>;
