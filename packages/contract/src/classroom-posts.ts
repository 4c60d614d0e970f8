import { z } from 'zod';
import { CHAT_MESSAGE_MAX } from './constants.ts';
import { idField } from './input.ts';
import { pageQueryWith, pageSchema } from './pagination.ts';

/**
 * A class's discussion board (spec sections 2, 3 and 9): members post plain-text messages of
 * at most 500 characters; `GET …/{id}/posts/` pages back from the newest, and each new post is
 * published live on the class's channel, which only its members may hear.
 */

/** Posts one user may write in a minute (counted in the database, so across processes). */
export const CLASSROOM_POSTS_PER_MINUTE = 10;
/** The board's page: the newest posts first, older ones on demand. */
export const CLASSROOM_POSTS_PAGE_SIZE = 30;
/** A report's optional reason, in characters after trimming. */
export const CLASSROOM_REPORT_REASON_MAX = 200;
/** The longest mute a teacher may choose: one week (7 × 24 × 60 minutes). */
export const CLASSROOM_MUTE_MAX_MINUTES = 10_080;
/** The durations the board offers (minutes): 10 minutes, 1 hour, 1 day, 1 week. */
export const CLASSROOM_MUTE_CHOICES = [10, 60, 1440, CLASSROOM_MUTE_MAX_MINUTES] as const;

export const classroomPostMessages = {
  empty: 'Write a message before sending.',
  tooLong: `A message can be at most ${CHAT_MESSAGE_MAX} characters.`,
  rateLimited: (seconds: number) =>
    `You are posting too fast. Please wait ${seconds} seconds and try again.`,
  /** What a refused subscriber of the channel reads: the same as for a class it cannot see. */
  channelRefused: 'Classroom not found.',
  postNotFound: 'Post not found.',
  notYourPost: 'You can only delete your own posts.',
  ownPostReport: 'You cannot report your own post.',
  reasonTooLong: `A reason can be at most ${CLASSROOM_REPORT_REASON_MAX} characters.`,
  /** `until` is an ISO 8601 instant; the web app shows it in the reader's time. */
  muted: (until: string) => `You are muted on this board until ${until}.`,
  minutes: `Choose a time from 1 to ${CLASSROOM_MUTE_MAX_MINUTES} minutes.`,
  muteTeacher: 'The teacher of the class cannot be muted.',
  muteNonMember: 'That person is not a student of this class.',
} as const;

/** The ISO instant in a `muted` message, or null for any other message. */
export function mutedUntilOf(message: string): string | null {
  return /^You are muted on this board until (\S+)\.$/.exec(message)?.[1] ?? null;
}

/** date-fns pattern of spec section 2's 'Sent at' time, `hh:mm a MM-DD-YY`. */
export const CHAT_TIME_FORMAT = 'hh:mm a MM-dd-yy';

/** Spec section 3's chat message, plus the post's id (for paging and de-duplication). */
export const classroomPostSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** The author's full name (their username when they gave none); '' for an erased account. */
  name: z.string(),
  /** Plain text; line breaks are kept ('' once the author's account is erased). */
  message: z.string(),
  createdAt: z.string(),
});
export type ClassroomPost = z.infer<typeof classroomPostSchema>;

/** Posts are `bigint` rows: a cursor is any positive safe integer. */
const postCursor = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'Enter the id of a post.' })
    .int('Enter the id of a post.')
    .min(1, 'Enter the id of a post.')
    .max(Number.MAX_SAFE_INTEGER, 'Enter the id of a post.'),
);

/**
 * Page 1 is the newest `page_size` posts, page 2 the ones before them, and so on; each page
 * is in time order (oldest first, newest last). `before` (a post id) starts counting back
 * from just before that post, so a client loading older posts is not shifted by new ones.
 */
export const classroomPostsQuery = pageQueryWith(CLASSROOM_POSTS_PAGE_SIZE).extend({
  before: postCursor.optional(),
});
export type ClassroomPostsQuery = z.output<typeof classroomPostsQuery>;

/**
 * The board's page, with when the viewer's own mute ends (null when they may post), so a
 * muted student sees why before typing.
 */
export const classroomPostsPageSchema = pageSchema(classroomPostSchema).extend({
  mutedUntil: z.string().nullable(),
});
export type ClassroomPostsPage = z.infer<typeof classroomPostsPageSchema>;

/**
 * The text is trimmed and measured here; the server then strips any HTML and measures again
 * (a message of tags only is empty).
 */
export const classroomPostBody = z.object({
  message: z
    .string({ error: classroomPostMessages.empty })
    .trim()
    .min(1, classroomPostMessages.empty)
    .max(CHAT_MESSAGE_MAX, classroomPostMessages.tooLong),
});
export type ClassroomPostBody = z.infer<typeof classroomPostBody>;

/** The class's live channel: its teacher and students hear every new post there. */
export const CLASSROOM_CHANNEL_PREFIX = 'classroom:';
export const classroomChannel = (classroomId: number) =>
  `${CLASSROOM_CHANNEL_PREFIX}${classroomId}`;

/** Published on `classroom:<id>` for each new post. */
export const classroomPostEvent = z.object({
  channel: z.string(),
  type: z.literal('post'),
  post: classroomPostSchema,
});
export type ClassroomPostEvent = z.infer<typeof classroomPostEvent>;

/** Published on `classroom:<id>` when a post is deleted: every board drops it. */
export const classroomPostDeletedEvent = z.object({
  channel: z.string(),
  type: z.literal('post_deleted'),
  postId: z.number().int(),
});
export type ClassroomPostDeletedEvent = z.infer<typeof classroomPostDeletedEvent>;

// ---- moderation (docs/decisions/032-board-moderation.md) ----------------------------------

/** `…/posts/{postId}/`: post ids are `bigint`, so any positive safe integer. */
export const classroomPostParams = z.object({ id: idField, postId: postCursor });
export const classroomMuteParams = z.object({ id: idField, userId: idField });

/** POST `…/posts/{postId}/report/`: an optional short reason, stored as plain text. */
export const classroomPostReportBody = z.strictObject({
  reason: z
    .string()
    .trim()
    .max(CLASSROOM_REPORT_REASON_MAX, classroomPostMessages.reasonTooLong)
    .default(''),
});
export type ClassroomPostReportBody = z.input<typeof classroomPostReportBody>;

export const classroomPostReportSchema = z.object({ postId: z.number().int() });

/** GET `…/reports/` (the teacher): each reported post, how many reported it and why. */
export const classroomReportedPostSchema = z.object({
  post: classroomPostSchema,
  reports: z.number().int(),
  /** The reasons given (not who gave them), oldest first; empty reasons left out. */
  reasons: z.array(z.string()),
  lastReportedAt: z.string(),
});
export type ClassroomReportedPost = z.infer<typeof classroomReportedPostSchema>;
export const classroomReportsSchema = z.array(classroomReportedPostSchema);

/** POST `…/mutes/` (the teacher): mute a student of the class for `minutes`. */
export const classroomMuteBody = z.strictObject({
  user: idField,
  minutes: z
    .number({ error: classroomPostMessages.minutes })
    .int(classroomPostMessages.minutes)
    .min(1, classroomPostMessages.minutes)
    .max(CLASSROOM_MUTE_MAX_MINUTES, classroomPostMessages.minutes),
});
export type ClassroomMuteBody = z.infer<typeof classroomMuteBody>;

export const classroomMuteSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  mutedUntil: z.string(),
});
export type ClassroomMute = z.infer<typeof classroomMuteSchema>;
export const classroomMutesSchema = z.array(classroomMuteSchema);
