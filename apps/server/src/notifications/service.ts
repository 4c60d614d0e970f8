import {
  NOTIFICATION_KINDS,
  NOTIFICATION_MAIL_DEFAULTS,
  NOTIFICATION_RETENTION_DAYS,
  NOTIFICATIONS_LISTED,
  STUDENT_NOTIFICATION_KINDS,
  TEACHER_NOTIFICATION_KINDS,
  notificationLink,
  type NotificationContent,
  type NotificationKind,
  type NotificationPayload,
  type NotificationPreferences,
  type NotificationPreferencesBody,
} from '@bullpen/contract/notifications';
import type { Executor } from '../db/connection.ts';
import { notificationEmail } from '../mail/templates.ts';
import type { Deps } from '../platform/deps.ts';
import { notFound } from '../platform/errors.ts';
import type { Delivered } from '../platform/events.ts';
import type { UserRow } from '../users/presenter.ts';
import { findUsersByIds } from '../users/queries.ts';
import {
  countUnread,
  deleteNotificationsBefore,
  insertNotifications,
  mailChoicesOf,
  markAllRead,
  markNotificationRead,
  newestNotificationsOf,
  saveMailChoices,
  type NotificationRow,
} from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The settings page, where a user chooses which notifications come by mail. */
const SETTINGS_PATH = '/settings';

/** Tells a user's open tabs that their unread count changed (the bell refetches). */
export type Announce = (userId: number, unread: number) => void;

/** What delivering needs: the database, the mailer, the public address and the live channel. */
export type Delivery = Pick<Deps, 'db' | 'mailer' | 'config'> & { announce: Announce };

/** Whether each user wants `kind` by mail: their own choice, else the kind's default. */
async function wantsMail(
  db: Executor,
  userIds: number[],
  kind: NotificationKind,
): Promise<Set<number>> {
  const chosen = new Map(
    (await mailChoicesOf(db, userIds))
      .filter((choice) => choice.kind === kind)
      .map((choice) => [choice.userId, choice.mail]),
  );
  return new Set(
    userIds.filter((userId) => chosen.get(userId) ?? NOTIFICATION_MAIL_DEFAULTS[kind]),
  );
}

/**
 * Leaves the notification for each user in the app, announces their new unread count live,
 * and mails those who have an address and want this kind by mail, in their language. With a
 * `onceKey`, a user who already has that key gets nothing again (nor a second mail): two
 * processes delivering the same event reach each user once.
 */
export async function deliver<Kind extends NotificationKind>(
  delivery: Delivery,
  userIds: number[],
  kind: Kind,
  payload: NotificationPayload<Kind>,
  now: Date,
  onceKey: string | null = null,
): Promise<Delivered> {
  const { db, mailer, config } = delivery;
  const unique = [...new Set(userIds)];
  const reached = await insertNotifications(
    db,
    unique.map((userId) => ({ userId, kind, payload, onceKey, createdAt: now })),
  );
  if (reached.length === 0) return { inApp: 0, mailed: 0 };
  for (const userId of reached) delivery.announce(userId, await countUnread(db, userId));

  const users = await findUsersByIds(db, reached);
  const withAddress = [...users.values()].filter(
    (user) => user.email && user.deactivatedAt === null && user.purgedAt === null,
  );
  const mailTo = await wantsMail(
    db,
    withAddress.map((user) => user.id),
    kind,
  );
  const note = { kind, payload } as NotificationContent;
  const urls = {
    open: `${config.publicUrl}${notificationLink(note)}`,
    settings: `${config.publicUrl}${SETTINGS_PATH}`,
  };
  let mailed = 0;
  for (const user of withAddress) {
    if (!mailTo.has(user.id)) continue;
    const mail = notificationEmail(user.language, user.firstName || user.username, note, urls);
    await mailer.send({ to: user.email!, ...mail });
    mailed += 1;
  }
  return { inApp: reached.length, mailed };
}

/**
 * The retention job's sweep (privacy/retention.ts): notifications older than
 * NOTIFICATION_RETENTION_DAYS; how many went.
 */
export function deleteOldNotifications(db: Executor, now: Date): Promise<number> {
  return deleteNotificationsBefore(
    db,
    new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS),
  );
}

export async function notificationsOf(
  db: Executor,
  actor: UserRow,
): Promise<{ rows: NotificationRow[]; unread: number }> {
  const [rows, unread] = await Promise.all([
    newestNotificationsOf(db, actor.id, NOTIFICATIONS_LISTED),
    countUnread(db, actor.id),
  ]);
  return { rows, unread };
}

/** The actor's own notification, now read; anyone else's is a 404 (its existence stays hidden). */
export async function readNotification(
  db: Executor,
  actor: UserRow,
  id: number,
  now: Date,
): Promise<NotificationRow> {
  const row = await markNotificationRead(db, actor.id, id, now);
  if (!row) throw notFound();
  return row;
}

export async function readAllNotifications(
  db: Executor,
  actor: UserRow,
  now: Date,
): Promise<{ read: number; unread: number }> {
  const read = await markAllRead(db, actor.id, now);
  return { read, unread: await countUnread(db, actor.id) };
}

/**
 * The kinds that can reach this user: a student's, a teacher's, every one for staff, none for a
 * parent (who follows a child on the child's page, apps/server/src/guardians).
 */
export function kindsFor(
  actor: Pick<UserRow, 'isTeacher' | 'isStaff' | 'isGuardian'>,
): NotificationKind[] {
  if (actor.isStaff) return [...NOTIFICATION_KINDS];
  if (actor.isGuardian && !actor.isTeacher) return [];
  const mine = new Set(actor.isTeacher ? TEACHER_NOTIFICATION_KINDS : STUDENT_NOTIFICATION_KINDS);
  return NOTIFICATION_KINDS.filter((kind) => mine.has(kind));
}

export async function preferencesOf(
  db: Executor,
  actor: UserRow,
): Promise<NotificationPreferences> {
  const chosen = new Map(
    (await mailChoicesOf(db, [actor.id])).map((choice) => [choice.kind, choice.mail]),
  );
  const mail = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? NOTIFICATION_MAIL_DEFAULTS[kind]]),
  ) as NotificationPreferences['mail'];
  return { has_email: Boolean(actor.email), kinds: kindsFor(actor), mail };
}

export async function choosePreferences(
  db: Executor,
  actor: UserRow,
  body: NotificationPreferencesBody,
): Promise<NotificationPreferences> {
  const choices = NOTIFICATION_KINDS.flatMap((kind) => {
    const mail = body.mail[kind];
    return mail === undefined ? [] : [{ kind, mail }];
  });
  await saveMailChoices(db, actor.id, choices);
  return preferencesOf(db, actor);
}

export function unreadCountOf(db: Executor, userId: number): Promise<number> {
  return countUnread(db, userId);
}

/** The message `user:<id>` hears when the unread count changes. */
export function unreadMessage(unread: number) {
  return { type: 'notifications' as const, unread };
}
