import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { classroomParams } from '@bullpen/contract/classrooms';
import {
  classroomChannel,
  classroomMuteBody,
  classroomMuteParams,
  classroomMuteSchema,
  classroomMutesSchema,
  classroomPostParams,
  classroomPostReportBody,
  classroomPostReportSchema,
  classroomReportsSchema,
  type ClassroomPostDeletedEvent,
} from '@bullpen/contract/classroom-posts';
import { api } from '@bullpen/contract/routes';
import { requireUser, requireUserHook } from '../../auth/authenticate.ts';
import { presentMute, presentReportedPost } from './moderation-presenter.ts';
import {
  classroomMutesNow,
  classroomReports,
  deleteClassroomPost,
  dismissPostReports,
  liftMute,
  muteStudent,
  reportClassroomPost,
} from './moderation-service.ts';

/**
 * The board's moderation (docs/decisions/032-board-moderation.md): deleting a post (published
 * on the class's channel so every open board drops it), reports to the teacher, and mutes.
 */
export async function classroomModerationRoutes(
  app: FastifyInstance,
  options: { now: () => Date },
) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['classrooms'];
  app.addHook('preValidation', requireUserHook);

  /** A DELETE of the signed-in actor that answers 204 once `action` has done its work. */
  function removal<Params extends z.ZodType>(
    pattern: string,
    params: Params,
    action: (actor: ReturnType<typeof requireUser>, params: z.infer<Params>) => Promise<void>,
  ) {
    route.delete(pattern, { schema: { tags, params } }, async (request, reply) => {
      // The type provider cannot narrow a generic schema; `params` has validated the value.
      await action(requireUser(request), request.params as z.infer<Params>);
      return reply.status(204).send();
    });
  }

  removal(api.classroomPost.pattern, classroomPostParams, async (actor, { id, postId }) => {
    await deleteClassroomPost(db, actor, id, postId, options.now());
    const event: Omit<ClassroomPostDeletedEvent, 'channel'> = { type: 'post_deleted', postId };
    app.realtime.publish(classroomChannel(id), event);
  });

  route.post(
    api.reportClassroomPost.pattern,
    {
      schema: {
        tags,
        params: classroomPostParams,
        body: classroomPostReportBody,
        response: { 200: classroomPostReportSchema, 201: classroomPostReportSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { id, postId } = request.params;
      const { stored, classroom } = await reportClassroomPost(
        db,
        actor,
        id,
        postId,
        request.body.reason,
        options.now(),
      );
      if (stored) {
        // Never who reported it: the teacher hears that a post of the class was reported.
        await app.deps.events.emit('postReported', {
          userId: classroom.teacherId,
          classroomId: classroom.id,
          classroom: classroom.name,
          postId,
        });
      }
      reply.status(stored ? 201 : 200);
      return { postId };
    },
  );

  removal(api.classroomPostReports.pattern, classroomPostParams, (actor, { id, postId }) =>
    dismissPostReports(db, actor, id, postId),
  );

  route.get(
    api.classroomReports.pattern,
    { schema: { tags, params: classroomParams, response: { 200: classroomReportsSchema } } },
    async (request) => {
      const actor = requireUser(request);
      return (await classroomReports(db, actor, request.params.id)).map(presentReportedPost);
    },
  );

  route.get(
    api.classroomMutes.pattern,
    { schema: { tags, params: classroomParams, response: { 200: classroomMutesSchema } } },
    async (request) => {
      const actor = requireUser(request);
      return (await classroomMutesNow(db, actor, request.params.id, options.now())).map(
        presentMute,
      );
    },
  );

  route.post(
    api.classroomMutes.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: classroomMuteBody,
        response: { 201: classroomMuteSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const mute = await muteStudent(db, actor, request.params.id, request.body, options.now());
      reply.status(201);
      return presentMute(mute);
    },
  );

  removal(api.classroomMute.pattern, classroomMuteParams, (actor, { id, userId }) =>
    liftMute(db, actor, id, userId),
  );
}
