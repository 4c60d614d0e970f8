import { randomBytes } from 'node:crypto';
import { certificateCodeField, certificateMessages } from '@bullpen/contract/certificates';
import type { Language } from '@bullpen/contract/languages';
import { classroomPaths } from '@bullpen/contract/routes';
import type { Database, Executor } from '../../db/connection.ts';
import { completedPerCourse, findLiveCourse, type CourseWithCount } from '../../learn/queries.ts';
import { notFound } from '../../platform/errors.ts';
import { findUserById, findUsersByIds } from '../../users/queries.ts';
import type { UserRow } from '../../users/presenter.ts';
import { classroomAccess, requireMember, requireTeacher } from '../core/access.ts';
import { certificatePdf, certificateFileName } from './certificate-pdf.ts';
import {
  certificatesOfClassroom,
  certificatesOfCourse,
  countCertificatesOfClassroom,
  findCertificateByCode,
  insertCertificates,
  type CertificateRow,
} from './queries.ts';
import { canTeach } from '../core/policies.ts';
import { studentIdsOf } from '../core/queries.ts';

/**
 * Course certificates: the teacher of a class grants a course's certificate to the students of
 * the class who completed every live lesson of it. Names are copied when granted, so a
 * certificate reads the same after a rename or after the class is deleted. Progress is read
 * through learn's exported queries, never its tables.
 */

/** 80 random bits as 16 base32 letters: unguessable, and easy to read out or type. */
export function newCertificateCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return code;
}

/** How a person is named on a certificate: their full name, or their username without one. */
export function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'username'>): string {
  const full = `${user.firstName} ${user.lastName}`.replace(/\s+/g, ' ').trim();
  return full || user.username;
}

async function requireCourse(db: Executor, courseId: number): Promise<CourseWithCount> {
  const course = await findLiveCourse(db, courseId);
  if (!course) throw notFound(certificateMessages.courseNotFound);
  return course;
}

/** Each student's completed live lessons of the course (a course without lessons is never done). */
async function completionOf(db: Executor, course: CourseWithCount, studentIds: number[]) {
  const completed = new Map<number, number>();
  for (const studentId of studentIds) {
    const perCourse = await completedPerCourse(db, studentId, [course.id]);
    completed.set(studentId, perCourse.get(course.id) ?? 0);
  }
  const done = (studentId: number) =>
    course.lessonsCount > 0 && (completed.get(studentId) ?? 0) >= course.lessonsCount;
  return { completed, done };
}

export type Candidate = {
  student: UserRow;
  completedLessons: number;
  completed: boolean;
  certificate: CertificateRow | null;
};

/** The teacher's view before granting: every student of the class and their progress. */
export async function certificateCandidates(
  db: Database,
  actor: UserRow,
  classroomId: number,
  courseId: number,
): Promise<{ course: CourseWithCount; students: Candidate[] }> {
  await requireTeacher(db, classroomId, actor);
  const course = await requireCourse(db, courseId);
  const studentIds = await studentIdsOf(db, classroomId);
  const [people, progress, granted] = await Promise.all([
    findUsersByIds(db, studentIds),
    completionOf(db, course, studentIds),
    certificatesOfCourse(db, classroomId, course.id),
  ]);
  const byStudent = new Map(granted.map((row) => [row.userId, row]));
  const students = studentIds.flatMap((id) => {
    const student = people.get(id);
    if (!student) return [];
    return [
      {
        student,
        completedLessons: progress.completed.get(id) ?? 0,
        completed: progress.done(id),
        certificate: byStudent.get(id) ?? null,
      },
    ];
  });
  return { course, students };
}

export type GrantOutcome = {
  granted: CertificateRow[];
  alreadyGranted: CertificateRow[];
  notCompleted: { id: number; name: string }[];
  notStudents: number[];
};

/**
 * POST …/{id}/certificates/grant/: the teacher of the class grants the course to each listed
 * student of the class who completed it. Ids that are not students of the class and students
 * who have not finished are reported, not granted; a re-grant is a no-op. Two grants at once
 * make one row (the insert skips on the unique index).
 */
export async function grantCertificates(
  db: Database,
  actor: UserRow,
  classroomId: number,
  body: { course: number; students: number[] },
  now: Date,
): Promise<GrantOutcome> {
  const { classroom } = await requireTeacher(db, classroomId, actor);
  const course = await requireCourse(db, body.course);
  const members = new Set(await studentIdsOf(db, classroomId));
  const listed = body.students.filter((id) => members.has(id));
  const notStudents = body.students.filter((id) => !members.has(id));
  const [people, progress, teacher] = await Promise.all([
    findUsersByIds(db, listed),
    completionOf(db, course, listed),
    classroom.teacherId === actor.id ? actor : findUserById(db, classroom.teacherId),
  ]);
  const teacherName = teacher ? displayName(teacher) : '';
  const finished = listed.filter((id) => progress.done(id) && people.has(id));
  const notCompleted = listed
    .filter((id) => !progress.done(id) && people.has(id))
    .map((id) => ({ id, name: displayName(people.get(id)!) }));

  const granted = await insertCertificates(
    db,
    finished.map((userId) => ({
      code: newCertificateCode(),
      userId,
      courseId: course.id,
      classroomId,
      grantedBy: actor.id,
      studentName: displayName(people.get(userId)!),
      courseTitle: course.title,
      classroomName: classroom.name,
      teacherName,
      grantedAt: now,
    })),
  );
  const grantedIds = new Set(granted.map((row) => row.id));
  const existing = await certificatesOfCourse(db, classroomId, course.id, finished);
  return {
    granted,
    alreadyGranted: existing.filter((row) => !grantedIds.has(row.id)),
    notCompleted,
    notStudents,
  };
}

/** POST …/{id}/certificates/get/: a student's own certificates of the class; the teacher's: all. */
export async function classroomCertificates(
  db: Database,
  actor: UserRow,
  classroomId: number,
): Promise<CertificateRow[]> {
  const access = await requireMember(db, classroomId, actor);
  return certificatesOfClassroom(db, classroomId, canTeach(access) ? {} : { userId: actor.id });
}

/** GET /api/sertifier/recipients/?classroom={id}: the class's certificates, for its teacher. */
export async function certificateRecipients(
  db: Database,
  actor: UserRow,
  classroomId: number,
  window: { offset: number; limit: number },
): Promise<{ count: number; results: CertificateRow[] }> {
  await requireTeacher(db, classroomId, actor);
  const [count, results] = await Promise.all([
    countCertificatesOfClassroom(db, classroomId),
    certificatesOfClassroom(db, classroomId, { window }),
  ]);
  return { count, results };
}

/** The certificate with this code; a malformed or unknown code is "not found" alike. */
async function requireCertificate(db: Executor, rawCode: string): Promise<CertificateRow> {
  const parsed = certificateCodeField.safeParse(rawCode);
  const found = parsed.success ? await findCertificateByCode(db, parsed.data) : undefined;
  if (!found) throw notFound(certificateMessages.notFound);
  return found;
}

/** GET /api/certificates/{code}/: public, anyone may check a code. */
export async function verifyCertificate(db: Database, code: string): Promise<CertificateRow> {
  return requireCertificate(db, code);
}

/**
 * GET /api/certificates/{code}/pdf/: the holder, or the teacher of its class while the class
 * exists. Anyone else gets "not found", so the endpoint does not confirm codes to them.
 */
export async function certificateDocument(
  db: Database,
  actor: UserRow,
  code: string,
  publicUrl: string,
  language: Language,
): Promise<{ certificate: CertificateRow; pdf: Uint8Array; fileName: string }> {
  const certificate = await requireCertificate(db, code);
  let allowed = certificate.userId === actor.id;
  if (!allowed && certificate.classroomId !== null) {
    const access = await classroomAccess(db, certificate.classroomId, actor.id);
    allowed = access !== null && canTeach(access);
  }
  if (!allowed) throw notFound(certificateMessages.notFound);
  const pdf = await certificatePdf(
    {
      code: certificate.code,
      studentName: certificate.studentName,
      courseTitle: certificate.courseTitle,
      classroomName: certificate.classroomName,
      teacherName: certificate.teacherName,
      grantedAt: certificate.grantedAt,
      verifyUrl: certificateVerifyUrl(publicUrl, certificate.code),
    },
    language,
  );
  return {
    certificate,
    pdf,
    fileName: certificateFileName(certificate.courseTitle, certificate.code),
  };
}

export function certificateVerifyUrl(publicUrl: string, code: string): string {
  return `${publicUrl}${classroomPaths.certificate(code)}`;
}
