import { z } from 'zod';
import { classroomPersonSchema } from './classrooms.ts';
import { idField } from './input.ts';
import { pageQueryWith, pageSchema } from './pagination.ts';
import { richTextField, type RichTextLimits } from './rich-text.ts';

/**
 * Résumés (spec section 7 "Resumes"): a student writes one résumé in each of their classes
 * (writing again updates it); the class's teacher reads them all and comments, the student
 * reads the comments and answers. Nobody else sees a résumé. The four parts are rich text
 * measured by spec section 5's rules (tags stripped); the server sanitises what it stores.
 */
export const resumeMessages = {
  notFound: 'Résumé not found.',
  studentsOnly: 'Only the students of this class write a résumé in it.',
  commentRequired: 'Write a comment.',
  commentTooLong: 'A comment can be at most 2000 characters.',
} as const;

/** The characters each part may hold, as a reader counts them (HTML tags stripped). */
export const RESUME_LIMITS = {
  summary: { min: 20, max: 1000 },
  education: { min: 10, max: 2000 },
  // A first résumé may have no work experience yet.
  experience: { max: 3000 },
  skills: { min: 3, max: 1000 },
} as const satisfies Record<string, RichTextLimits>;

export const MAX_COMMENT_LENGTH = 2000;

/** The spec's page size for the class's résumés (larger than the usual maximum of 500). */
export const RESUME_PAGE_SIZE = 1000;

export const resumeBodySchema = z.strictObject({
  summary: richTextField(RESUME_LIMITS.summary),
  education: richTextField(RESUME_LIMITS.education),
  experience: richTextField(RESUME_LIMITS.experience).default(''),
  skills: richTextField(RESUME_LIMITS.skills),
});
export type ResumeBody = z.output<typeof resumeBodySchema>;
export type ResumeBodyInput = z.input<typeof resumeBodySchema>;

export const resumeSchema = z.object({
  id: z.number().int(),
  classroom_id: z.number().int(),
  author: classroomPersonSchema,
  /** Sanitised HTML. */
  summary: z.string(),
  education: z.string(),
  experience: z.string(),
  skills: z.string(),
  comments_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Resume = z.infer<typeof resumeSchema>;
export const resumeListSchema = pageSchema(resumeSchema);

/** `page` and `page_size` up to the spec's 1000 (the default too: one page holds a class). */
export const resumeListQuery = pageQueryWith(RESUME_PAGE_SIZE, RESUME_PAGE_SIZE);

export const resumeParams = z.object({ id: idField, resumeId: idField });

export const resumeCommentBodySchema = z.strictObject({
  body: z
    .string({ error: resumeMessages.commentRequired })
    .trim()
    .min(1, resumeMessages.commentRequired)
    .max(MAX_COMMENT_LENGTH, resumeMessages.commentTooLong),
});
export type ResumeCommentBody = z.infer<typeof resumeCommentBodySchema>;

export const resumeCommentSchema = z.object({
  id: z.number().int(),
  author: classroomPersonSchema,
  /** Plain text. */
  body: z.string(),
  /** Whether the author is the class's teacher (the other side is the résumé's student). */
  is_teacher: z.boolean(),
  created_at: z.string(),
});
export type ResumeComment = z.infer<typeof resumeCommentSchema>;
export const resumeCommentListSchema = pageSchema(resumeCommentSchema);
