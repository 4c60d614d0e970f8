import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { classroomParams } from '@bullpen/contract/classrooms';
import {
  CLASSROOM_CHANNEL_PREFIX,
  classroomChannel,
  classroomPostBody,
  classroomPostMessages,
  classroomPostSchema,
  classroomPostsPageSchema,
  classroomPostsQuery,
  type ClassroomPostEvent,
} from '@bullpen/contract/classroom-posts';
import { MAX_ID } from '@bullpen/contract/input';
import { api } from '@bullpen/contract/routes';
import { requireUser, requireUserHook } from '../../auth/authenticate.ts';
import { pageOf } from '../../platform/pagination.ts';
import { presentClassroomPost } from './presenter.ts';
import { classroomBoard, mayHearClassroom, postToClassroom } from './service.ts';

/**
 * The discussion board (issue 11): `GET` and `POST …/{id}/posts/` for the class's members,
 * and the live channel `classroom:<id>` on which every new post is published to them.
 */
export async function classroomPostsRoutes(app: FastifyInstance, options: { now: () => Date }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['classrooms'];

  // Every process delivers to its own sockets, so a post reaches members on any of them.
  app.realtime.defineChannel(`${CLASSROOM_CHANNEL_PREFIX}{id}`, {
    clusterWide: true,
    authorize: async (subscriber, { id }) => {
      if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > MAX_ID) return false;
      return mayHearClassroom(db, Number(id), subscriber.userId);
    },
    // A class is not revealed to those who may not see it: the same sentence as the API's 404.
    refusal: classroomPostMessages.channelRefused,
  });

  app.addHook('preValidation', requireUserHook);

  route.get(
    api.classroomPosts.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        querystring: classroomPostsQuery,
        response: { 200: classroomPostsPageSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { count, results, mutedUntil } = await classroomBoard(
        db,
        actor,
        request.params.id,
        request.query,
        options.now(),
      );
      return {
        ...pageOf(
          results.map(presentClassroomPost),
          count,
          request.query,
          request.url,
          config.publicUrl,
        ),
        mutedUntil: mutedUntil?.toISOString() ?? null,
      };
    },
  );

  route.post(
    api.classroomPosts.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: classroomPostBody,
        response: { 201: classroomPostSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const post = presentClassroomPost(
        await postToClassroom(db, actor, request.params.id, request.body.message, options.now()),
      );
      const event: Omit<ClassroomPostEvent, 'channel'> = { type: 'post', post };
      app.realtime.publish(classroomChannel(request.params.id), event);
      reply.status(201);
      return post;
    },
  );
}
