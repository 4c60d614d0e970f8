import type { FastifyInstance } from 'fastify';
import { userChannel } from '@bullpen/contract/realtime';
import type { DomainOptions } from '../platform/domain.ts';
import type { LessonEvent } from '../platform/events.ts';
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
  const { events } = app.deps;
  events.on('lessonAssigned', (event) =>
    deliver(delivery, event.userIds, 'lesson_assigned', lessonPayload(event), now()),
  );
  events.on('lessonReminded', (event) =>
    deliver(delivery, event.userIds, 'lesson_reminder', lessonPayload(event), now()),
  );
  events.on('pointsAwarded', (event) =>
    deliver(
      delivery,
      [event.userId],
      'points_awarded',
      { points: event.points, note: event.note },
      now(),
    ),
  );
  events.on('rewardDecided', (event) =>
    deliver(
      delivery,
      [event.userId],
      'reward_decided',
      { reward: event.reward, approved: event.approved },
      now(),
    ),
  );
  events.on('resumeCommented', (event) =>
    deliver(
      delivery,
      event.userIds,
      'resume_comment',
      { classroom_id: event.classroomId, classroom: event.classroom, by: event.by },
      now(),
    ),
  );
  events.on('certificateGranted', (event) =>
    deliver(
      delivery,
      event.userIds,
      'certificate_granted',
      { classroom: event.classroom, course: event.course },
      now(),
    ),
  );
  events.on('postReported', (event) =>
    deliver(
      delivery,
      [event.userId],
      'post_reported',
      { classroom_id: event.classroomId, classroom: event.classroom },
      now(),
      `post:${event.postId}`,
    ),
  );
  events.on('teacherTrusted', (event) =>
    deliver(delivery, [event.userId], 'teacher_trusted', {}, now()),
  );

  // On the real clock, like the other jobs: a due date is a moment in the real world.
  const dueSoon = intervalJob(app.log, 'due-soon reminders', async () => {
    const reached = await remindDueSoon(delivery, new Date());
    if (reached > 0) app.log.info({ reached }, 'due-soon reminders');
  });
  app.addHook('onReady', async () => dueSoon.start(DUE_SOON_INTERVAL_SECONDS));
  app.addHook('onClose', async () => dueSoon.stop());
  await app.register(notificationsRoutes, { now });
}
