import type { ClassroomPerson } from '@bullpen/contract/classrooms';
import type { Resume, ResumeComment } from '@bullpen/contract/resumes';
import type { UserRow } from '../users/presenter.ts';
import type { ResumeCommentRow, ResumeWithCount } from './queries.ts';
import { sanitizeRichText } from './service.ts';

export function presentPerson(user: UserRow): ClassroomPerson {
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
  };
}

/** The stored HTML is sanitised again on the way out (ARCHITECTURE.md section 9). */
export function presentResume(resume: ResumeWithCount, author: UserRow): Resume {
  return {
    id: resume.id,
    classroom_id: resume.classroomId!,
    author: presentPerson(author),
    summary: sanitizeRichText(resume.summary),
    education: sanitizeRichText(resume.education),
    experience: sanitizeRichText(resume.experience),
    skills: sanitizeRichText(resume.skills),
    comments_count: resume.commentsCount,
    created_at: resume.createdAt.toISOString(),
    updated_at: resume.updatedAt.toISOString(),
  };
}

export function presentResumeComment(
  comment: ResumeCommentRow,
  author: UserRow,
  teacherId: number,
): ResumeComment {
  return {
    id: comment.id,
    author: presentPerson(author),
    body: comment.body,
    is_teacher: comment.userId === teacherId,
    created_at: comment.createdAt.toISOString(),
  };
}
