import { z } from 'zod';
import { idField } from './input.ts';
import { pageQueryWith, pageSchema } from './pagination.ts';

/**
 * Course certificates (issue 11, spec section 7 "Classrooms"): the teacher of a class grants a
 * course's certificate to the students who completed every live lesson of it; each has a
 * random verification code that anyone can check on `/public/certificates/{code}`, and a PDF
 * that its holder and the class's teacher can download.
 */

/** `GET /api/sertifier/recipients/`: the spec's page size, which is also the largest. */
export const CERTIFICATE_RECIPIENTS_PAGE_SIZE = 100;
/** The most students one grant names (a class is never larger). */
export const MAX_GRANT_STUDENTS = 500;

export const certificateMessages = {
  notFound: 'We could not find a certificate with this code.',
  courseNotFound: 'Course not found.',
  chooseStudents: 'Choose at least one student.',
} as const;

/** A verification code: upper-case base32 (RFC 4648 letters and digits 2–7). */
export const certificateCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z2-7]{8,40}$/, certificateMessages.notFound);

export const certificateParams = z.object({ code: z.string().max(100) });

export const grantCertificatesBody = z.strictObject({
  course: idField,
  students: z
    .array(idField)
    .min(1, certificateMessages.chooseStudents)
    .max(MAX_GRANT_STUDENTS)
    .transform((ids) => [...new Set(ids)]),
});
export type GrantCertificatesBody = z.input<typeof grantCertificatesBody>;

/** A granted certificate as its holder and the class's teacher see it. */
export const certificateSchema = z.object({
  code: z.string(),
  student: z.object({ id: z.number().int(), name: z.string() }),
  course: z.object({ id: z.number().int(), title: z.string() }),
  /** Null once the class is deleted (the certificate itself stays). */
  classroom: z.object({ id: z.number().int().nullable(), name: z.string() }),
  teacher_name: z.string(),
  granted_at: z.string(),
  /** The API path of the PDF (signed in: the holder or the class's teacher). */
  pdf_url: z.string(),
  /** The public page that confirms the code. */
  verify_url: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const certificateListSchema = z.object({ results: z.array(certificateSchema) });
export type CertificateList = z.infer<typeof certificateListSchema>;

export const grantResultSchema = z.object({
  /** Granted by this request. */
  granted: z.array(certificateSchema),
  /** Granted before (a re-grant changes nothing). */
  already_granted: z.array(certificateSchema),
  /** Students of the class who have not completed every lesson of the course. */
  not_completed: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Ids that are not students of this class. */
  not_students: z.array(z.number().int()),
});
export type GrantResult = z.infer<typeof grantResultSchema>;

/** `GET /api/sertifier/recipients/?classroom={id}`: page and page_size, at most 100. */
export const recipientsQuery = z
  .object({ classroom: idField })
  .extend(pageQueryWith(CERTIFICATE_RECIPIENTS_PAGE_SIZE, CERTIFICATE_RECIPIENTS_PAGE_SIZE).shape);
export const recipientsPageSchema = pageSchema(certificateSchema);

/** The teacher's view before granting: each student's progress in one course. */
export const candidatesQuery = z.object({ course: idField });
export const candidateSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  completed_lessons: z.number().int(),
  completed: z.boolean(),
  certificate: z.object({ code: z.string(), granted_at: z.string() }).nullable(),
});
export type Candidate = z.infer<typeof candidateSchema>;
export const candidatesSchema = z.object({
  course: z.object({ id: z.number().int(), title: z.string(), lessons_count: z.number().int() }),
  students: z.array(candidateSchema),
});
export type Candidates = z.infer<typeof candidatesSchema>;

/** The public check: what the certificate says, no account ids. */
export const certificateVerificationSchema = z.object({
  code: z.string(),
  student_name: z.string(),
  course_title: z.string(),
  classroom_name: z.string(),
  teacher_name: z.string(),
  granted_at: z.string(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;
