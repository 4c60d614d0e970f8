import type { FastifyInstance } from 'fastify';
import { userChannel } from '@bullpen/contract/realtime';
import type { DomainOptions } from '../platform/domain.ts';
import type { NotificationKind, NotificationPayload } from '@bullpen/contract/notifications';
import type { DomainEventName, DomainEvents, LessonEvent } from '../platform/events.ts';
import { intervalJob } from '../platform/jobs.ts';
import { remindDueSoon } from './due-soon.ts';
import { deleteNotificationsOf } from './queries.ts';
import { notificationsRoutes } from './routes.ts';
import { deliver, unreadMessage, type Delivery } from './service.ts';

/** How often a process looks for lessons due within a day (each student hears it once). */
const DUE_SOON_INTERVAL_SECONDS = 10 * 60;

const lessonPayload = (event: LessonEvent) => ({
  classroom_id: event.classroomId,
  classroom: event.classroom,
  lesson_id: event.lessonId,
  lesson: event.lesson,
  course: event.course,
  due_at: event.dueAt ? event.dueAt.toISOString() : null,
});

/**
 * Notifications: the domains below announce what happened (platform/events.ts); this one
 * tells the people concerned, in the app (live on the bell, over `user:<id>`) and by mail
 * where they have an address and want that kind by mail. It owns `notifications` and
 * `notification_preferences`, and runs the day-before reminder of due lessons.
 */
export async function notificationsPlugin(
  app: FastifyInstance,
  options: DomainOptions,
): Promise<void> {
  const now = options.now ?? (() => new Date());
  app.deps.erasure.erase('notifications', (tx, account) => deleteNotificationsOf(tx, account.id));
  const delivery: Delivery = {
    db: app.deps.db,
    mailer: app.deps.mailer,
    config: app.deps.config,
    announce: (userId, unread) => app.realtime.publish(userChannel(userId), unreadMessage(unread)),
  };
  /** One event, told as one kind of notification: to whom, what it says, and once by what. */
  const tell = <Name extends DomainEventName, Kind extends NotificationKind>(
    name: Name,
    kind: Kind,
    told: (event: DomainEvents[Name]) => {
      userIds: number[];
      payload: NotificationPayload<Kind>;
      onceKey?: string;
    },
  ) =>
    app.deps.events.on(name, (event) => {
      const { userIds, payload, onceKey } = told(event);
      return deliver(delivery, userIds, kind, payload, now(), onceKey ?? null);
    });
  tell('lessonAssigned', 'lesson_assigned', (event) => ({
    userIds: event.userIds,
    payload: lessonPayload(event),
  }));
  tell('lessonReminded', 'lesson_reminder', (event) => ({
    userIds: event.userIds,
    payload: lessonPayload(event),
  }));
  tell('pointsAwarded', 'points_awarded', (event) => ({
    userIds: [event.userId],
    payload: { points: event.points, note: event.note },
  }));
  tell('rewardDecided', 'reward_decided', (event) => ({
    userIds: [event.userId],
    payload: { reward: event.reward, approved: event.approved },
  }));
  tell('resumeCommented', 'resume_comment', (event) => ({
    userIds: event.userIds,
    payload: { classroom_id: event.classroomId, classroom: event.classroom, by: event.by },
  }));
  tell('certificateGranted', 'certificate_granted', (event) => ({
    userIds: event.userIds,
    payload: { classroom: event.classroom, course: event.course },
  }));
  tell('postReported', 'post_reported', (event) => ({
    userIds: [event.userId],
    payload: { classroom_id: event.classroomId, classroom: event.classroom },
    onceKey: `post:${event.postId}`,
  }));
  tell('teacherTrusted', 'teacher_trusted', (event) => ({ userIds: [event.userId], payload: {} }));

  // On the real clock, like the other jobs: a due date is a moment in the real world.
  const dueSoon = intervalJob(
    app.log,
    'due-soon reminders',
    async () => {
      const reached = await remindDueSoon(delivery, new Date());
      if (reached > 0) app.log.info({ reached }, 'due-soon reminders');
    },
    app.deps.jobs,
  );
  app.addHook('onReady', async () => dueSoon.start(DUE_SOON_INTERVAL_SECONDS));
  app.addHook('onClose', async () => dueSoon.stop());
  await app.register(notificationsRoutes, { now });
}
