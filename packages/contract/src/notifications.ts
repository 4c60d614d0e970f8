import { z } from 'zod';
import { idField } from './input.ts';

/**
 * Notifications: what happened that concerns a user (a lesson assigned, a reminder, points, a
 * reward decided, a comment, a certificate; for a teacher a reported post or their trust), in
 * the app for everyone, live on the bell, and by mail to those with an address who want that
 * kind by mail. Each kind has its own payload: ids and the names the user already sees in the
 * app. Only the user a notification is for reads it.
 */
const lessonPayload = z.object({
  classroom_id: z.number().int(),
  classroom: z.string(),
  lesson_id: z.number().int(),
  lesson: z.string(),
  course: z.string(),
  /** ISO time the lesson is due, or null. */
  due_at: z.string().nullable(),
});
export const lessonReminderPayload = lessonPayload;
export type LessonReminderPayload = z.infer<typeof lessonPayload>;

const notificationBase = {
  id: z.number().int(),
  created_at: z.string(),
  read_at: z.string().nullable(),
};

export const notificationSchema = z.discriminatedUnion('kind', [
  z.object({ ...notificationBase, kind: z.literal('lesson_assigned'), payload: lessonPayload }),
  z.object({ ...notificationBase, kind: z.literal('lesson_due'), payload: lessonPayload }),
  z.object({ ...notificationBase, kind: z.literal('lesson_reminder'), payload: lessonPayload }),
  z.object({
    ...notificationBase,
    kind: z.literal('points_awarded'),
    payload: z.object({ points: z.number().int(), note: z.string().nullable() }),
  }),
  z.object({
    ...notificationBase,
    kind: z.literal('reward_decided'),
    payload: z.object({ reward: z.string(), approved: z.boolean() }),
  }),
  z.object({
    ...notificationBase,
    kind: z.literal('resume_comment'),
    payload: z.object({ classroom_id: z.number().int(), classroom: z.string(), by: z.string() }),
  }),
  z.object({
    ...notificationBase,
    kind: z.literal('certificate_granted'),
    payload: z.object({ classroom: z.string(), course: z.string() }),
  }),
  z.object({
    ...notificationBase,
    kind: z.literal('post_reported'),
    payload: z.object({ classroom_id: z.number().int(), classroom: z.string() }),
  }),
  z.object({
    ...notificationBase,
    kind: z.literal('teacher_trusted'),
    payload: z.object({}),
  }),
]);
export type Notification = z.infer<typeof notificationSchema>;
export type NotificationKind = Notification['kind'];
export type NotificationPayload<Kind extends NotificationKind> = Extract<
  Notification,
  { kind: Kind }
>['payload'];

/** What a notification says, without its id and times: each kind with its own payload. */
export type NotificationContent = {
  [Kind in NotificationKind]: { kind: Kind; payload: NotificationPayload<Kind> };
}[NotificationKind];

/**
 * Every kind, in the order the settings list them: who receives it (a student, a teacher, or
 * both) and whether it goes by mail too when the user has said nothing. Mail by default for
 * what a student or teacher should act on; points go in the app only, as a teacher may award
 * them many times a day.
 */
const KINDS = {
  lesson_assigned: { to: 'student', mail: true },
  lesson_due: { to: 'student', mail: true },
  lesson_reminder: { to: 'student', mail: true },
  points_awarded: { to: 'student', mail: false },
  reward_decided: { to: 'student', mail: true },
  certificate_granted: { to: 'student', mail: true },
  resume_comment: { to: 'both', mail: true },
  post_reported: { to: 'teacher', mail: true },
  teacher_trusted: { to: 'teacher', mail: true },
} as const satisfies Record<
  NotificationKind,
  { to: 'student' | 'teacher' | 'both'; mail: boolean }
>;

export const NOTIFICATION_KINDS = Object.keys(KINDS) as [NotificationKind, ...NotificationKind[]];

const kindsTo = (role: 'student' | 'teacher'): readonly NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => KINDS[kind].to === role || KINDS[kind].to === 'both');

/** The kinds a student receives, and a teacher's (a résumé comment reaches both). */
export const STUDENT_NOTIFICATION_KINDS = kindsTo('student');
export const TEACHER_NOTIFICATION_KINDS = kindsTo('teacher');

/** Which kinds go by mail too when the user has said nothing. */
export const NOTIFICATION_MAIL_DEFAULTS = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, KINDS[kind].mail]),
) as Record<NotificationKind, boolean>;

/** GET /api/notifications/: the newest notifications, read or not, and how many are unread. */
export const notificationListSchema = z.object({
  unread: z.number().int(),
  results: z.array(notificationSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationParams = z.object({ id: idField });

/** GET /api/notifications/unread/: the bell's count alone. */
export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** POST /api/notifications/read/: every unread one marked read; how many. */
export const readAllResultSchema = z.object({ read: z.number().int(), unread: z.number().int() });
export type ReadAllResult = z.infer<typeof readAllResultSchema>;

/**
 * GET and PUT /api/notifications/preferences/: for each kind, whether it goes by mail too
 * (the app shows every kind). `has_email` says whether mail can reach the user at all.
 */
const mailChoices = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
);
export const notificationPreferencesSchema = z.object({
  has_email: z.boolean(),
  kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  mail: mailChoices,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesBody = z
  .object({ mail: mailChoices.partial().strict() })
  .strict();
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBody>;

/** How many the list returns, newest first. */
export const NOTIFICATIONS_LISTED = 50;
/** Days a notification is kept, read or not. */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** The day-before reminder reaches students of lessons due within this many hours. */
export const DUE_SOON_HOURS = 24;

/**
 * Where a notification leads in the app (a path of the web app's routes.ts; the mail prefixes
 * the public address).
 */
export function notificationLink(note: NotificationContent): string {
  switch (note.kind) {
    case 'lesson_assigned':
    case 'lesson_due':
    case 'lesson_reminder':
      return `/lessons?lesson=${note.payload.lesson_id}`;
    case 'points_awarded':
    case 'reward_decided':
      return '/redeem';
    case 'certificate_granted':
      return '/lessons';
    case 'resume_comment':
    case 'post_reported':
      return `/classroom/${note.payload.classroom_id}`;
    case 'teacher_trusted':
      return '/home';
  }
}
