import type { Resume, ResumeComment } from '@bullpen/contract/resumes';
import { presentPerson, type UserRow } from '../users/presenter.ts';
import type { ResumeCommentRow, ResumeWithCount } from './queries.ts';

/**
 * The stored HTML as it is: `saveResume` sanitised it on the way in, and sanitising again on
 * every read of a class's list would cost the server's thread once per résumé per reader.
 */
export function presentResume(resume: ResumeWithCount, author: UserRow): Resume {
  return {
    id: resume.id,
    classroom_id: resume.classroomId!,
    author: presentPerson(author),
    summary: resume.summary,
    education: resume.education,
    experience: resume.experience,
    skills: resume.skills,
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
