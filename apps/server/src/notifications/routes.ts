import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationListSchema,
  notificationParams,
  notificationSchema,
} from '@bullpen/contract/notifications';
import { api } from '@bullpen/contract/routes';
import { requireUser } from '../auth/authenticate.ts';
import { presentNotification, presentNotifications } from './presenter.ts';
import { notificationsOf, readNotification } from './service.ts';

/** The signed-in user's own notifications; nobody reads another's. */
export async function notificationsRoutes(app: FastifyInstance, options: { now: () => Date }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['notifications'];

  route.get(
    api.notifications.pattern,
    { schema: { tags, response: { 200: notificationListSchema } } },
    async (request) => presentNotifications(await notificationsOf(db, requireUser(request))),
  );

  route.post(
    api.readNotification.pattern,
    { schema: { tags, params: notificationParams, response: { 200: notificationSchema } } },
    async (request) => {
      const actor = requireUser(request);
      return presentNotification(
        await readNotification(db, actor, request.params.id, options.now()),
      );
    },
  );
}
