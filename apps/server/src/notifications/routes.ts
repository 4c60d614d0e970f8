import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationListSchema,
  notificationParams,
  notificationPreferencesBody,
  notificationPreferencesSchema,
  notificationSchema,
  readAllResultSchema,
  unreadCountSchema,
} from '@bullpen/contract/notifications';
import { userChannel } from '@bullpen/contract/realtime';
import { api } from '@bullpen/contract/routes';
import { requireUser } from '../auth/authenticate.ts';
import { presentNotification, presentNotifications } from './presenter.ts';
import {
  choosePreferences,
  notificationsOf,
  preferencesOf,
  readAllNotifications,
  readNotification,
  unreadCountOf,
  unreadMessage,
} from './service.ts';

/** The signed-in user's own notifications and mail choices; nobody reads another's. */
export async function notificationsRoutes(app: FastifyInstance, options: { now: () => Date }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['notifications'];

  route.get(
    api.notifications.pattern,
    { schema: { tags, response: { 200: notificationListSchema } } },
    async (request) => {
      const { rows, unread } = await notificationsOf(db, requireUser(request));
      return presentNotifications(rows, unread);
    },
  );

  route.get(
    api.unreadNotifications.pattern,
    { schema: { tags, response: { 200: unreadCountSchema } } },
    async (request) => ({ unread: await unreadCountOf(db, requireUser(request).id) }),
  );

  /** The user's other tabs hear the new count (the bell there follows). */
  const tellUnread = async (userId: number, unread?: number) =>
    app.realtime.publish(
      userChannel(userId),
      unreadMessage(unread ?? (await unreadCountOf(db, userId))),
    );

  route.post(
    api.readAllNotifications.pattern,
    { schema: { tags, response: { 200: readAllResultSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const result = await readAllNotifications(db, actor, options.now());
      if (result.read > 0) await tellUnread(actor.id, result.unread);
      return result;
    },
  );

  route.post(
    api.readNotification.pattern,
    { schema: { tags, params: notificationParams, response: { 200: notificationSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const row = await readNotification(db, actor, request.params.id, options.now());
      await tellUnread(actor.id);
      return presentNotification(row);
    },
  );

  route.get(
    api.notificationPreferences.pattern,
    { schema: { tags, response: { 200: notificationPreferencesSchema } } },
    async (request) => preferencesOf(db, requireUser(request)),
  );

  route.put(
    api.notificationPreferences.pattern,
    {
      schema: {
        tags,
        body: notificationPreferencesBody,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => choosePreferences(db, requireUser(request), request.body),
  );
}
