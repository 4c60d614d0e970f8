import { z } from 'zod';
import { CHAT_MESSAGE_MAX } from './constants.ts';
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

export const classroomPostMessages = {
  empty: 'Write a message before sending.',
  tooLong: `A message can be at most ${CHAT_MESSAGE_MAX} characters.`,
  rateLimited: (seconds: number) =>
    `You are posting too fast. Please wait ${seconds} seconds and try again.`,
  /** What a refused subscriber of the channel reads: the same as for a class it cannot see. */
  channelRefused: 'Classroom not found.',
} as const;

/** date-fns pattern of spec section 2's 'Sent at' time, `hh:mm a MM-DD-YY`. */
export const CHAT_TIME_FORMAT = 'hh:mm a MM-dd-yy';

/** Spec section 3's chat message, plus the post's id (for paging and de-duplication). */
export const classroomPostSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** The author's full name (their username when they gave none). */
  name: z.string(),
  /** Plain text; line breaks are kept. */
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

export const classroomPostsPageSchema = pageSchema(classroomPostSchema);
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
