import { createHash } from 'node:crypto';
import { parse as parseCsv, CsvError } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import {
  ROSTER_UPLOAD_MAX_BYTES,
  rosterMessages,
  type RosterProblem,
} from '@bullpen/contract/rosters';
import { AppError, badRequest } from '../platform/errors.ts';

/**
 * Reading a roster upload: base64 files (or one zip of them) into the people and classes they
 * name. OneRoster 1.2 CSV (1EdTech's bulk files: manifest, orgs, academicSessions, classes,
 * users, enrollments) or the CSV a teacher downloads from Google Classroom. Anything that
 * makes the bundle unreadable or ambiguous (bad CSV, a wrong header, a duplicate sourcedId, a
 * reference to nothing) is an error: the import stops and changes nothing. See
 * docs/decisions/042-rosters.md.
 */

export type UploadedFile = { name: string; content: string };

/** A person of the roster, as the files name them. */
export type RosterPerson = {
  /** Namespaced: `oneroster:<sourcedId>` or `google:<address or names>`. */
  key: string;
  givenName: string;
  familyName: string;
  email: string | null;
  file: string;
  line: number;
};

/** A class of the roster with its teachers' and students' keys, in file order. */
export type RosterClass = {
  /** `oneroster:<sourcedId>`; null for a Google Classroom roster (its class is chosen). */
  key: string | null;
  title: string;
  grade: string;
  subject: string;
  school: string;
  file: string;
  line: number;
  teacherKeys: string[];
  studentKeys: string[];
};

export type ParsedRoster = {
  digest: string;
  classes: RosterClass[];
  people: Map<string, RosterPerson>;
  /** Rows skipped while reading (a role Bullpen has no use for, a row marked deleted). */
  notes: RosterProblem[];
};

const oneRosterKey = (sourcedId: string) => `oneroster:${sourcedId}`;

function tooLarge(): AppError {
  return new AppError(413, { error: rosterMessages.tooLarge });
}

/** A 400 naming each problem with its file and line. */
export function rosterErrors(problems: RosterProblem[]): AppError {
  return badRequest({
    files: problems.map((problem) => describeProblem(problem)),
  });
}

export function describeProblem(problem: RosterProblem): string {
  return problem.line > 0
    ? `${problem.file} line ${problem.line}: ${problem.message}`
    : `${problem.file}: ${problem.message}`;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The upload's files by lower-case base name, a zip unpacked; the total, packed or not, is
 * bounded by ROSTER_UPLOAD_MAX_BYTES (413). The digest is the SHA-256 of the names and bytes.
 */
export function readUpload(files: UploadedFile[]): { files: Map<string, Buffer>; digest: string } {
  const decoded: { name: string; bytes: Buffer }[] = [];
  let total = 0;
  for (const [index, file] of files.entries()) {
    const content = file.content.replace(/\s+/g, '');
    // Four base64 characters are three bytes: refuse before decoding anything too large.
    if (((total + content.length) * 3) / 4 > ROSTER_UPLOAD_MAX_BYTES) throw tooLarge();
    if (content.length % 4 !== 0 || !BASE64.test(content)) {
      throw badRequest({ [`files.${index}.content`]: rosterMessages.notBase64 });
    }
    const bytes = Buffer.from(content, 'base64');
    total += bytes.length;
    decoded.push({ name: baseName(file.name), bytes });
  }
  const zips = decoded.filter((file) => file.name.endsWith('.zip') || isZip(file.bytes));
  let entries = decoded;
  if (zips.length > 0) {
    if (decoded.length !== 1) throw badRequest({ files: rosterMessages.oneZip });
    entries = unzip(zips[0]!.bytes);
  }
  const hash = createHash('sha256');
  const byName = new Map<string, Buffer>();
  for (const entry of [...entries].sort((a, b) => a.name.localeCompare(b.name))) {
    if (byName.has(entry.name)) {
      throw badRequest({ files: `${entry.name}: this file is sent twice.` });
    }
    byName.set(entry.name, entry.bytes);
    hash.update(entry.name).update('\0').update(entry.bytes).update('\0');
  }
  return { files: byName, digest: hash.digest('hex') };
}

function baseName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? name).trim().toLowerCase();
}

function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
}

/** A zip's files (folders and macOS resource forks left out), bounded unpacked as well. */
function unzip(bytes: Buffer): { name: string; bytes: Buffer }[] {
  let declared = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/')) return false;
        declared += file.originalSize;
        // The sizes a zip declares decide before anything is inflated (a zip bomb stops here).
        if (declared > ROSTER_UPLOAD_MAX_BYTES) throw tooLarge();
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest({ files: rosterMessages.badZip });
  }
  const files = Object.entries(entries).map(([name, content]) => ({
    name: baseName(name),
    bytes: Buffer.from(content),
  }));
  const total = files.reduce((sum, file) => sum + file.bytes.length, 0);
  if (total > ROSTER_UPLOAD_MAX_BYTES) throw tooLarge();
  return files;
}

type Row = { line: number; values: Record<string, string> };

/**
 * One CSV file's rows as header → value, with each row's line (the header is line 1). A file
 * that is not CSV, or whose header lacks a `required` column, is a problem and no rows.
 */
export function readCsv(
  file: string,
  bytes: Buffer,
  required: readonly string[],
  problems: RosterProblem[],
  matchHeader: (header: string) => string = (header) => header,
): Row[] | null {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(bytes, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: false,
      trim: false,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = error instanceof CsvError ? Number((error as { lines?: number }).lines ?? 0) : 0;
    const reason = error instanceof Error ? error.message : String(error);
    problems.push({ file, line, message: `this is not valid CSV (${reason})` });
    return null;
  }
  const [header, ...rows] = records;
  if (!header) {
    problems.push({ file, line: 0, message: 'the file is empty' });
    return null;
  }
  const columns = header.record.map((name) => matchHeader(name.trim()));
  const missing = required.filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    problems.push({
      file,
      line: 1,
      message: `the header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
    });
    return null;
  }
  return rows.map(({ record, info }) => ({
    line: info.lines,
    values: Object.fromEntries(columns.map((name, index) => [name, (record[index] ?? '').trim()])),
  }));
}

/** The header of each OneRoster 1.2 file, as far as Bullpen reads it (the others may follow). */
const ONEROSTER_COLUMNS = {
  'manifest.csv': ['propertyName', 'value'],
  'orgs.csv': ['sourcedId', 'status', 'dateLastModified', 'name', 'type'],
  'academicsessions.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'type',
    'startDate',
    'endDate',
  ],
  'classes.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'courseSourcedId',
    'classType',
    'schoolSourcedId',
    'termSourcedIds',
  ],
  'users.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'enabledUser',
    'username',
    'givenName',
    'familyName',
    'email',
  ],
  'enrollments.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'classSourcedId',
    'schoolSourcedId',
    'userSourcedId',
    'role',
  ],
} as const;

type OneRosterFile = keyof typeof ONEROSTER_COLUMNS;
const ONEROSTER_FILES = Object.keys(ONEROSTER_COLUMNS) as OneRosterFile[];
/** The manifest's `file.<name>` property for each file. */
const MANIFEST_NAMES: Record<OneRosterFile, string> = {
  'manifest.csv': 'manifest',
  'orgs.csv': 'file.orgs',
  'academicsessions.csv': 'file.academicSessions',
  'classes.csv': 'file.classes',
  'users.csv': 'file.users',
  'enrollments.csv': 'file.enrollments',
};
/** The file names as the standard spells them, for messages. */
const DISPLAY: Record<OneRosterFile, string> = {
  'manifest.csv': 'manifest.csv',
  'orgs.csv': 'orgs.csv',
  'academicsessions.csv': 'academicSessions.csv',
  'classes.csv': 'classes.csv',
  'users.csv': 'users.csv',
  'enrollments.csv': 'enrollments.csv',
};

/** Rows of a bulk file marked for deletion (`tobedeleted`) are not part of the roster. */
const active = (row: Row) => row.values.status?.toLowerCase() !== 'tobedeleted';

/** Each row's sourcedId, which must be there and be unique in its file. */
function uniqueIds(file: string, rows: Row[], problems: RosterProblem[]): Map<string, Row> {
  const byId = new Map<string, Row>();
  for (const row of rows) {
    const id = row.values.sourcedId ?? '';
    if (!id) {
      problems.push({ file, line: row.line, message: 'the sourcedId is empty' });
    } else if (byId.has(id)) {
      problems.push({
        file,
        line: row.line,
        message: `duplicate sourcedId "${id}" (first on line ${byId.get(id)!.line})`,
      });
    } else {
      byId.set(id, row);
    }
  }
  return byId;
}

/**
 * A OneRoster 1.2 bulk bundle. The manifest must say OneRoster 1.2 and `bulk` for classes,
 * users and enrollments (a delta file is refused); orgs and academicSessions are read when the
 * manifest lists them, to check the classes' references and name their school. Throws a 400
 * listing every problem, file and line, when the bundle cannot be imported as it is.
 */
export function parseOneRoster(files: UploadedFile[]): ParsedRoster {
  const upload = readUpload(files);
  const problems: RosterProblem[] = [];
  const notes: RosterProblem[] = [];
  const rows = new Map<OneRosterFile, Row[]>();

  const manifestBytes = upload.files.get('manifest.csv');
  if (!manifestBytes) throw rosterErrors([{ file: 'manifest.csv', line: 0, message: 'missing' }]);
  const manifestRows = readCsv(
    'manifest.csv',
    manifestBytes,
    ONEROSTER_COLUMNS['manifest.csv'],
    problems,
  );
  if (!manifestRows) throw rosterErrors(problems);
  const manifest = new Map(manifestRows.map((row) => [row.values.propertyName, row]));
  const version = manifest.get('oneroster.version');
  if (version?.values.value !== '1.2') {
    problems.push({
      file: 'manifest.csv',
      line: version?.line ?? 0,
      message: `oneroster.version must be 1.2 (found "${version?.values.value ?? ''}")`,
    });
  }
  for (const name of ONEROSTER_FILES) {
    if (name === 'manifest.csv') continue;
    const entry = manifest.get(MANIFEST_NAMES[name]);
    const mode = entry?.values.value?.toLowerCase() ?? 'absent';
    const core = name === 'classes.csv' || name === 'users.csv' || name === 'enrollments.csv';
    if (mode === 'delta') {
      problems.push({
        file: 'manifest.csv',
        line: entry!.line,
        message: `${DISPLAY[name]} is a delta file: export the full (bulk) roster`,
      });
      continue;
    }
    if (mode !== 'bulk') {
      if (core) {
        problems.push({
          file: 'manifest.csv',
          line: entry?.line ?? 0,
          message: `${MANIFEST_NAMES[name]} must be bulk`,
        });
      }
      continue;
    }
    const bytes = upload.files.get(name);
    if (!bytes) {
      problems.push({ file: DISPLAY[name], line: 0, message: 'missing (the manifest lists it)' });
      continue;
    }
    const read = readCsv(DISPLAY[name], bytes, ONEROSTER_COLUMNS[name], problems);
    if (read) rows.set(name, read.filter(active));
  }
  if (problems.length > 0) throw rosterErrors(problems);

  const orgs = rows.has('orgs.csv') ? uniqueIds('orgs.csv', rows.get('orgs.csv')!, problems) : null;
  const sessions = rows.has('academicsessions.csv')
    ? uniqueIds('academicSessions.csv', rows.get('academicsessions.csv')!, problems)
    : null;
  const classRows = uniqueIds('classes.csv', rows.get('classes.csv')!, problems);
  const userRows = uniqueIds('users.csv', rows.get('users.csv')!, problems);
  const enrolmentRows = uniqueIds('enrollments.csv', rows.get('enrollments.csv')!, problems);

  const classes = new Map<string, RosterClass>();
  for (const [id, row] of classRows) {
    const { values } = row;
    if (orgs && !orgs.has(values.schoolSourcedId!)) {
      problems.push({
        file: 'classes.csv',
        line: row.line,
        message: `schoolSourcedId "${values.schoolSourcedId}" is not in orgs.csv`,
      });
    }
    if (sessions) {
      for (const term of splitList(values.termSourcedIds!)) {
        if (!sessions.has(term)) {
          problems.push({
            file: 'classes.csv',
            line: row.line,
            message: `termSourcedIds "${term}" is not in academicSessions.csv`,
          });
        }
      }
    }
    if (!values.title) {
      problems.push({ file: 'classes.csv', line: row.line, message: 'the title is empty' });
    }
    classes.set(id, {
      key: oneRosterKey(id),
      title: values.title!,
      grade: splitList(values.grades ?? '')[0] ?? '',
      subject: splitList(values.subjects ?? '').join(', '),
      school: orgs?.get(values.schoolSourcedId!)?.values.name ?? '',
      file: 'classes.csv',
      line: row.line,
      teacherKeys: [],
      studentKeys: [],
    });
  }

  const people = new Map<string, RosterPerson>();
  for (const [id, row] of userRows) {
    const email = row.values.email ?? '';
    people.set(oneRosterKey(id), {
      key: oneRosterKey(id),
      givenName: row.values.preferredGivenName || row.values.givenName!,
      familyName: row.values.preferredFamilyName || row.values.familyName!,
      email: email ? email.toLowerCase() : null,
      file: 'users.csv',
      line: row.line,
    });
  }

  for (const row of enrolmentRows.values()) {
    const { classSourcedId, userSourcedId, role } = row.values;
    const target = classes.get(classSourcedId!);
    if (!target) {
      problems.push({
        file: 'enrollments.csv',
        line: row.line,
        message: `classSourcedId "${classSourcedId}" is not in classes.csv`,
      });
      continue;
    }
    if (!userRows.has(userSourcedId!)) {
      problems.push({
        file: 'enrollments.csv',
        line: row.line,
        message: `userSourcedId "${userSourcedId}" is not in users.csv`,
      });
      continue;
    }
    const key = oneRosterKey(userSourcedId!);
    const list =
      role === 'teacher' ? target.teacherKeys : role === 'student' ? target.studentKeys : null;
    if (!list) {
      notes.push({
        file: 'enrollments.csv',
        line: row.line,
        message: `role "${role}" is not imported (only teacher and student are)`,
      });
      continue;
    }
    if (!list.includes(key)) {
      // A primary teacher goes first: they own the class Bullpen makes.
      if (role === 'teacher' && row.values.primary?.toLowerCase() === 'true') list.unshift(key);
      else list.push(key);
    }
  }
  if (problems.length > 0) throw rosterErrors(problems);
  return { digest: upload.digest, classes: [...classes.values()], people, notes };
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The columns of a Google Classroom download, whatever their case. */
const GOOGLE_COLUMNS: Record<string, string> = {
  'first name': 'first',
  'last name': 'last',
  'email address': 'email',
};

/**
 * A Google Classroom roster (its grades download: Last Name, First Name, Email Address, then
 * one column per assignment, and rows without a name for dates and points). One class: the
 * caller chooses it. A student is known by their address, or by their names without one.
 */
export function parseGoogleClassroom(files: UploadedFile[]): ParsedRoster {
  const upload = readUpload(files);
  if (upload.files.size !== 1) {
    throw badRequest({ files: 'Send the one CSV file Google Classroom downloads.' });
  }
  const [[name, bytes]] = [...upload.files] as [[string, Buffer]];
  const problems: RosterProblem[] = [];
  const rows = readCsv(
    name,
    bytes,
    ['first', 'last', 'email'],
    problems,
    (header) => GOOGLE_COLUMNS[header.toLowerCase()] ?? header,
  );
  if (!rows) throw rosterErrors(problems);
  const people = new Map<string, RosterPerson>();
  const lines = new Map<string, number>();
  const target: RosterClass = {
    key: null,
    title: '',
    grade: '',
    subject: '',
    school: '',
    file: name,
    line: 0,
    teacherKeys: [],
    studentKeys: [],
  };
  for (const row of rows) {
    const { first = '', last = '', email = '' } = row.values;
    // Rows for the assignments' dates and points carry no name.
    if (!first && !last) continue;
    const address = email.toLowerCase();
    const key = address
      ? `google:${address}`
      : `google:${first.toLowerCase()}|${last.toLowerCase()}`;
    if (lines.has(key)) {
      problems.push({
        file: name,
        line: row.line,
        message: `${address ? `the address ${address}` : `${first} ${last}`} is listed twice (first on line ${lines.get(key)})`,
      });
      continue;
    }
    lines.set(key, row.line);
    people.set(key, {
      key,
      givenName: first,
      familyName: last,
      email: address || null,
      file: name,
      line: row.line,
    });
    target.studentKeys.push(key);
  }
  if (problems.length > 0) throw rosterErrors(problems);
  return { digest: upload.digest, classes: [target], people, notes: [] };
}
