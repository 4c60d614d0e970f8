import sanitizeHtml from 'sanitize-html';
import { classroomMessages } from '@bullpen/contract/classrooms';
import {
  RESUME_LIMITS,
  resumeMessages,
  type ResumeBody,
  type ResumeCommentBody,
} from '@bullpen/contract/resumes';
import {
  htmlToText,
  richTextLength,
  richTextMessage,
  richTextProblem,
} from '@bullpen/contract/rich-text';
import { requireMember } from '../classrooms/core/access.ts';
import type { ClassroomAccess } from '../classrooms/core/policies.ts';
import type { Database } from '../db/connection.ts';
import { badRequest, forbidden, notFound } from '../platform/errors.ts';
import type { DomainEvents } from '../platform/events.ts';
import type { UserRow } from '../users/presenter.ts';
import { findUsersByIds } from '../users/queries.ts';
import { canCommentOnResume, canReadResume, canWriteResume } from './policies.ts';
import {
  classroomResumes,
  findResume,
  insertResumeComment,
  resumeCommentsPage,
  upsertResume,
  type ResumeCommentRow,
  type ResumeText,
  type ResumeWithCount,
} from './queries.ts';

/**
 * Résumé commands. A résumé is reached through its class: non-members get the class's 404,
 * and a classmate asking for another student's résumé gets the résumé's 404.
 */

/**
 * What the editor writes (paragraphs, bold, italic, lists, links), and nothing else: the
 * same allow-list as the web's editor, enforced here because a client can send anything.
 */
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: {
        href: attribs.href ?? '',
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
}

/** Plain text: every tag dropped, character references read back as the characters. */
export function sanitizePlainText(text: string): string {
  return htmlToText(sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} })).trim();
}

/** The body sanitised, then measured again: what was dropped may leave a part too short. */
function sanitizedResume(body: ResumeBody): ResumeText {
  const text: ResumeText = {
    summary: sanitizeRichText(body.summary),
    education: sanitizeRichText(body.education),
    experience: sanitizeRichText(body.experience),
    skills: sanitizeRichText(body.skills),
  };
  const problems: Record<string, string> = {};
  for (const field of ['summary', 'education', 'experience', 'skills'] as const) {
    const problem = richTextProblem(richTextLength(text[field]), RESUME_LIMITS[field]);
    if (problem) problems[field] = richTextMessage(problem);
  }
  if (Object.keys(problems).length > 0) throw badRequest(problems);
  return text;
}

async function peopleOf(db: Database, ids: number[]) {
  return findUsersByIds(db, [...new Set(ids)]);
}

/** The class's résumés for its teacher; a student's own (zero or one) for a student. */
export async function listResumes(
  db: Database,
  actor: UserRow,
  classroomId: number,
  window: { offset: number; limit: number },
) {
  const access = await requireMember(db, classroomId, actor);
  const page = await classroomResumes(
    db,
    classroomId,
    access.role === 'teacher' ? null : actor.id,
    window,
  );
  return {
    ...page,
    people: await peopleOf(
      db,
      page.results.map((row) => row.userId),
    ),
  };
}

/** A student writes their résumé in the class; writing again updates it. */
export async function saveResume(
  db: Database,
  actor: UserRow,
  classroomId: number,
  body: ResumeBody,
  now: Date,
): Promise<{ resume: ResumeWithCount; created: boolean }> {
  const access = await requireMember(db, classroomId, actor);
  if (!canWriteResume(access)) {
    throw forbidden(
      access.role === 'student' ? classroomMessages.frozen : resumeMessages.studentsOnly,
    );
  }
  const { resume, created } = await upsertResume(
    db,
    classroomId,
    actor.id,
    sanitizedResume(body),
    now,
  );
  return { resume: (await findResume(db, classroomId, resume.id))!, created };
}

async function requireReadableResume(
  db: Database,
  actor: UserRow,
  classroomId: number,
  resumeId: number,
): Promise<{ access: ClassroomAccess; resume: ResumeWithCount }> {
  const access = await requireMember(db, classroomId, actor);
  const resume = await findResume(db, classroomId, resumeId);
  if (!resume || !canReadResume(access, resume, actor.id)) {
    throw notFound(resumeMessages.notFound);
  }
  return { access, resume };
}

export async function resumeOf(
  db: Database,
  actor: UserRow,
  classroomId: number,
  resumeId: number,
): Promise<{ resume: ResumeWithCount; author: UserRow }> {
  const { resume } = await requireReadableResume(db, actor, classroomId, resumeId);
  const people = await peopleOf(db, [resume.userId]);
  return { resume, author: people.get(resume.userId)! };
}

/** The thread under a résumé, oldest first: its student and the class's teacher only. */
export async function listResumeComments(
  db: Database,
  actor: UserRow,
  classroomId: number,
  resumeId: number,
  window: { offset: number; limit: number },
) {
  const { access } = await requireReadableResume(db, actor, classroomId, resumeId);
  const page = await resumeCommentsPage(db, resumeId, window);
  return {
    ...page,
    teacherId: access.classroom.teacherId,
    people: await peopleOf(
      db,
      page.results.map((row) => row.userId),
    ),
  };
}

type ResumeCommented = DomainEvents['resumeCommented'];

export async function commentOnResume(
  db: Database,
  actor: UserRow,
  classroomId: number,
  resumeId: number,
  body: ResumeCommentBody,
  now: Date,
): Promise<{ comment: ResumeCommentRow; teacherId: number; commented: ResumeCommented }> {
  const { access, resume } = await requireReadableResume(db, actor, classroomId, resumeId);
  if (!canCommentOnResume(access, resume, actor.id)) throw forbidden(classroomMessages.frozen);
  const text = sanitizePlainText(body.body);
  if (text.length === 0) throw badRequest({ body: resumeMessages.commentRequired });
  const comment = await insertResumeComment(db, resumeId, actor.id, text, now);
  const { classroom } = access;
  return {
    comment,
    teacherId: classroom.teacherId,
    // The other side of the conversation hears it: the author, or the teacher when the
    // author answers. Never the comment itself: it stays behind the class's door.
    commented: {
      userIds: [resume.userId, classroom.teacherId].filter((id) => id !== actor.id),
      classroomId: classroom.id,
      classroom: classroom.name,
      by: `${actor.firstName} ${actor.lastName}`.trim() || actor.username,
    },
  };
}
