import type {
  Candidates,
  Certificate,
  CertificateVerification,
  GrantResult,
} from '@bullpen/contract/certificates';
import { api } from '@bullpen/contract/routes';
import type { CourseWithCount } from '../../learn/queries.ts';
import type { CertificateRow } from './queries.ts';
import { type Candidate, certificateVerifyUrl, displayName, type GrantOutcome } from './service.ts';

/** Certificate rows → the contract's shapes. */
export function presentCertificate(row: CertificateRow, publicUrl: string): Certificate {
  return {
    code: row.code,
    student: { id: row.userId, name: row.studentName },
    course: { id: row.courseId, title: row.courseTitle },
    classroom: { id: row.classroomId, name: row.classroomName },
    teacher_name: row.teacherName,
    granted_at: row.grantedAt.toISOString(),
    pdf_url: api.certificatePdf.build({ code: row.code }),
    verify_url: certificateVerifyUrl(publicUrl, row.code),
  };
}

export function presentGrant(outcome: GrantOutcome, publicUrl: string): GrantResult {
  return {
    granted: outcome.granted.map((row) => presentCertificate(row, publicUrl)),
    already_granted: outcome.alreadyGranted.map((row) => presentCertificate(row, publicUrl)),
    not_completed: outcome.notCompleted,
    not_students: outcome.notStudents,
  };
}

export function presentCandidates(view: {
  course: CourseWithCount;
  students: Candidate[];
}): Candidates {
  return {
    course: {
      id: view.course.id,
      title: view.course.title,
      lessons_count: view.course.lessonsCount,
    },
    students: view.students.map((candidate) => ({
      id: candidate.student.id,
      username: candidate.student.username,
      name: displayName(candidate.student),
      completed_lessons: candidate.completedLessons,
      completed: candidate.completed,
      certificate: candidate.certificate
        ? {
            code: candidate.certificate.code,
            granted_at: candidate.certificate.grantedAt.toISOString(),
          }
        : null,
    })),
  };
}

/** The public check: what the certificate says, without account ids. */
export function presentVerification(row: CertificateRow): CertificateVerification {
  return {
    code: row.code,
    student_name: row.studentName,
    course_title: row.courseTitle,
    classroom_name: row.classroomName,
    teacher_name: row.teacherName,
    granted_at: row.grantedAt.toISOString(),
  };
}
