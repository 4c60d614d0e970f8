import { classroomPostMessages, type ClassroomMuteBody } from '@bullpen/contract/classroom-posts';
import type { Database, Executor } from '../../db/connection.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { findUsersByIds } from '../../users/queries.ts';
import type { UserRow } from '../../users/presenter.ts';
import { requireMember, requireTeacher } from '../core/access.ts';
import type { ClassroomAccess } from '../core/policies.ts';
import {
  deleteEndedMutes,
  deleteMute,
  deletePostReports,
  erasePost,
  findBoardPost,
  findPostsByIds,
  insertPostReport,
  reportedPostSummaries,
  runningMutes,
  upsertMute,
  type PostReportSummary,
} from './moderation-queries.ts';
import { mayDeletePost, mayReportPost } from '../core/policies.ts';
import { type AuthoredPost, plainPostText } from './service.ts';
import { isStudentOf } from '../core/queries.ts';

/**
 * The board's moderation (docs/decisions/032-board-moderation.md): the teacher deletes any
 * post and mutes students for a while; a student deletes their own posts; members report
 * posts to the teacher, who alone reads the reports.
 */

const MINUTE_MS = 60_000;

export type ReportedPost = AuthoredPost & Omit<PostReportSummary, 'postId'>;
export type StudentMute = { userId: number; author: UserRow | undefined; mutedUntil: Date };

/** A post of a class the actor is a member of; 404 for anything else. */
async function requireBoardPost(db: Executor, classroomId: number, postId: number) {
  const post = await findBoardPost(db, classroomId, postId);
  if (!post) throw notFound(classroomPostMessages.postNotFound);
  return post;
}

/**
 * Deletes a post: its text is erased at once and the row kept, marked deleted, so the
 * per-user posting limit still counts it. Its reports go with it.
 */
export async function deleteClassroomPost(
  db: Database,
  actor: UserRow,
  classroomId: number,
  postId: number,
  now: Date,
): Promise<void> {
  const access = await requireMember(db, classroomId, actor);
  const post = await requireBoardPost(db, classroomId, postId);
  if (!mayDeletePost(access, actor.id, post)) throw forbidden(classroomPostMessages.notYourPost);
  const erased = await db.transaction((tx) => erasePost(tx, post.id, now));
  if (!erased) throw notFound(classroomPostMessages.postNotFound);
}

/**
 * Reports a post to the teacher, once per member (a repeat, even a concurrent one, stores
 * nothing: the table's key is the post and the reporter). True when this call stored it.
 */
export async function reportClassroomPost(
  db: Database,
  actor: UserRow,
  classroomId: number,
  postId: number,
  typedReason: string,
  now: Date,
): Promise<{ stored: boolean; classroom: ClassroomAccess['classroom'] }> {
  const access = await requireMember(db, classroomId, actor);
  const post = await requireBoardPost(db, classroomId, postId);
  if (!mayReportPost(access, actor.id, post)) throw forbidden(classroomPostMessages.ownPostReport);
  const reason = plainPostText(typedReason);
  const stored = await insertPostReport(db, {
    postId: post.id,
    reporterId: actor.id,
    classroomId,
    reason,
    createdAt: now,
  });
  return { stored, classroom: access.classroom };
}

/** The teacher's list of reported posts (never who reported them). */
export async function classroomReports(
  db: Database,
  actor: UserRow,
  classroomId: number,
): Promise<ReportedPost[]> {
  await requireTeacher(db, classroomId, actor);
  const summaries = await reportedPostSummaries(db, classroomId);
  const posts = new Map(
    (
      await findPostsByIds(
        db,
        summaries.map((summary) => summary.postId),
      )
    ).map((post) => [post.id, post]),
  );
  const authors = await findUsersByIds(db, [...new Set([...posts.values()].map((p) => p.userId))]);
  return summaries.flatMap(({ postId, ...summary }) => {
    const post = posts.get(postId);
    return post && post.deletedAt === null
      ? [{ post, author: authors.get(post.userId), ...summary }]
      : [];
  });
}

/** The teacher dismisses a post's reports: they are erased, the post stays. */
export async function dismissPostReports(
  db: Database,
  actor: UserRow,
  classroomId: number,
  postId: number,
): Promise<void> {
  await requireTeacher(db, classroomId, actor);
  const post = await requireBoardPost(db, classroomId, postId);
  await deletePostReports(db, post.id);
}

/** Mutes a student of the class until `minutes` from now (a new mute replaces the old). */
export async function muteStudent(
  db: Database,
  actor: UserRow,
  classroomId: number,
  { user, minutes }: ClassroomMuteBody,
  now: Date,
): Promise<StudentMute> {
  const access = await requireTeacher(db, classroomId, actor);
  if (user === access.classroom.teacherId) {
    throw badRequest({ user: classroomPostMessages.muteTeacher });
  }
  if (!(await isStudentOf(db, classroomId, user))) {
    throw badRequest({ user: classroomPostMessages.muteNonMember });
  }
  const mutedUntil = new Date(now.getTime() + minutes * MINUTE_MS);
  const row = await db.transaction(async (tx) => {
    await deleteEndedMutes(tx, classroomId, now);
    return upsertMute(tx, { classroomId, userId: user, mutedUntil, createdAt: now });
  });
  const authors = await findUsersByIds(db, [user]);
  return { userId: row.userId, author: authors.get(user), mutedUntil: row.mutedUntil };
}

/** Lifts a student's mute (nothing happens when there is none). */
export async function liftMute(
  db: Database,
  actor: UserRow,
  classroomId: number,
  userId: number,
): Promise<void> {
  await requireTeacher(db, classroomId, actor);
  await deleteMute(db, classroomId, userId);
}

/** The students muted in the class now, for its teacher. */
export async function classroomMutesNow(
  db: Database,
  actor: UserRow,
  classroomId: number,
  now: Date,
): Promise<StudentMute[]> {
  await requireTeacher(db, classroomId, actor);
  const rows = await runningMutes(db, classroomId, now);
  const authors = await findUsersByIds(
    db,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => ({
    userId: row.userId,
    author: authors.get(row.userId),
    mutedUntil: row.mutedUntil,
  }));
}
