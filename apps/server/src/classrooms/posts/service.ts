import { CHAT_MESSAGE_MAX } from '@bullpen/contract/constants';
import { classroomMessages } from '@bullpen/contract/classrooms';
import {
  CLASSROOM_POSTS_PER_MINUTE,
  classroomPostMessages,
  type ClassroomPostsQuery,
} from '@bullpen/contract/classroom-posts';
import type { Database, Executor } from '../../db/connection.ts';
import { badRequest, forbidden, tooManyRequests } from '../../platform/errors.ts';
import { plainTextOf } from '../../platform/markup.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { findUsersByIds } from '../../users/queries.ts';
import type { UserRow } from '../../users/presenter.ts';
import { classroomAccess, requireMember } from '../core/access.ts';
import { deleteEndedMutes, findMute } from './moderation-queries.ts';
import { canContribute, canViewClassroom } from '../core/policies.ts';
import {
  countClassroomPosts,
  insertClassroomPost,
  latestClassroomPosts,
  lockUserPosts,
  nthLatestPostTime,
  type ClassroomPostRow,
} from './queries.ts';

/**
 * The discussion board's commands: members read the board and post on it (not while the
 * class is frozen, nor while the teacher muted them), at most `CLASSROOM_POSTS_PER_MINUTE`
 * posts a minute per user.
 */

const MINUTE_MS = 60_000;

export type AuthoredPost = { post: ClassroomPostRow; author: UserRow | undefined };

/**
 * Plain text from what was typed: every tag dropped (the content of <script> and <style>
 * too), the entities the sanitiser writes decoded back, line breaks kept. The web app shows
 * it as text, never as HTML.
 */
export function plainPostText(input: string): string {
  return plainTextOf(input.replace(/\r\n?/g, '\n')).trim();
}

/** A page of the board, counted back from the newest post (see `classroomPostsQuery`). */
export async function classroomBoard(
  db: Database,
  actor: UserRow,
  classroomId: number,
  query: ClassroomPostsQuery,
  now: Date,
): Promise<{ count: number; results: AuthoredPost[]; mutedUntil: Date | null }> {
  await requireMember(db, classroomId, actor);
  const [total, rows, muteEnd] = await Promise.all([
    countClassroomPosts(db, classroomId, query.before),
    latestClassroomPosts(db, classroomId, { ...pageWindow(query), before: query.before }),
    mutedUntil(db, classroomId, actor.id, now),
  ]);
  const authors = await findUsersByIds(db, [...new Set(rows.map((row) => row.userId))]);
  return {
    count: total,
    results: rows.map((post) => ({ post, author: authors.get(post.userId) })),
    mutedUntil: muteEnd,
  };
}

/**
 * When the user's mute in the class ends, or null when they are not muted (the teacher never
 * is). A mute found ended is erased on the way.
 */
export async function mutedUntil(
  db: Executor,
  classroomId: number,
  userId: number,
  now: Date,
): Promise<Date | null> {
  const mute = await findMute(db, classroomId, userId);
  if (!mute) return null;
  if (mute.mutedUntil > now) return mute.mutedUntil;
  await deleteEndedMutes(db, classroomId, now, userId);
  return null;
}

/**
 * Writes a member's post. The limit is checked under a lock on the author's posts and counted
 * from the table, so it holds across server processes and concurrent requests. The post is
 * stored before anyone is told of it: a reader who missed the live message finds it in the list.
 */
export async function postToClassroom(
  db: Database,
  actor: UserRow,
  classroomId: number,
  typed: string,
  now: Date,
): Promise<AuthoredPost> {
  const access = await requireMember(db, classroomId, actor);
  if (!canContribute(access)) throw forbidden(classroomMessages.frozen);
  const muteEnd = await mutedUntil(db, classroomId, actor.id, now);
  if (muteEnd) throw forbidden(classroomPostMessages.muted(muteEnd.toISOString()));
  const message = plainPostText(typed);
  if (message.length === 0) throw badRequest({ message: classroomPostMessages.empty });
  if (message.length > CHAT_MESSAGE_MAX)
    throw badRequest({ message: classroomPostMessages.tooLong });
  const post = await db.transaction(async (tx) => {
    await lockUserPosts(tx, actor.id);
    const wait = await secondsUntilNextPost(tx, actor.id, now);
    if (wait > 0) throw tooManyRequests(classroomPostMessages.rateLimited(wait));
    return insertClassroomPost(tx, { classroomId, userId: actor.id, message, createdAt: now });
  });
  return { post, author: actor };
}

async function secondsUntilNextPost(tx: Executor, userId: number, now: Date): Promise<number> {
  const oldestCounted = await nthLatestPostTime(tx, userId, CLASSROOM_POSTS_PER_MINUTE);
  if (!oldestCounted) return 0;
  const freeAt = oldestCounted.getTime() + MINUTE_MS;
  return freeAt > now.getTime() ? Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) : 0;
}

/** The channel's policy: the class's teacher and its students, nobody else. */
export async function mayHearClassroom(
  db: Executor,
  classroomId: number,
  userId: number | null,
): Promise<boolean> {
  if (userId === null) return false;
  const access = await classroomAccess(db, classroomId, userId);
  return access !== null && canViewClassroom(access);
}
