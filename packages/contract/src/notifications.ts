import { z } from 'zod';
import { idField } from './input.ts';

/**
 * In-app notifications: what the app shows a user on their next visit, for those Bullpen
 * cannot mail (accounts a teacher made without an email address). Each kind has its own
 * payload; only the user it is for reads it.
 */
export const lessonReminderPayload = z.object({
  classroom_id: z.number().int(),
  classroom: z.string(),
  lesson_id: z.number().int(),
  lesson: z.string(),
  course: z.string(),
  /** ISO time the lesson is due, or null. */
  due_at: z.string().nullable(),
});
export type LessonReminderPayload = z.infer<typeof lessonReminderPayload>;

const notificationBase = {
  id: z.number().int(),
  created_at: z.string(),
  read_at: z.string().nullable(),
};

export const notificationSchema = z.discriminatedUnion('kind', [
  z.object({
    ...notificationBase,
    kind: z.literal('lesson_reminder'),
    payload: lessonReminderPayload,
  }),
]);
export type Notification = z.infer<typeof notificationSchema>;
export type NotificationKind = Notification['kind'];
export type NotificationPayload<Kind extends NotificationKind> = Extract<
  Notification,
  { kind: Kind }
>['payload'];

/** GET /api/notifications/: the signed-in user's newest notifications, read or not. */
export const notificationListSchema = z.object({ results: z.array(notificationSchema) });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationParams = z.object({ id: idField });

/** How many the list returns, newest first. */
export const NOTIFICATIONS_LISTED = 50;
/** Days a notification is kept, read or not. */
export const NOTIFICATION_RETENTION_DAYS = 90;
