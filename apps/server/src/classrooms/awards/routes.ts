import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { classroomParams } from '@bullpen/contract/classrooms';
import {
  AWARD_POINTS_PER_TEACHER_PER_DAY,
  pointsAllowanceSchema,
  pointsAwardBody,
  pointsAwardSchema,
} from '@bullpen/contract/points';
import { api } from '@bullpen/contract/routes';
import { requireUser, requireUserHook } from '../../auth/authenticate.ts';
import { presentPointsAward } from './presenter.ts';
import { awardAllowance, awardClassroomPoints } from './service.ts';

/** Points awards: the class's teacher gives a student points, with a reason. */
export async function classroomAwardRoutes(app: FastifyInstance, options: { now: () => Date }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['classrooms'];
  app.addHook('preValidation', requireUserHook);

  route.get(
    api.classroomPointsAwards.pattern,
    { schema: { tags, params: classroomParams, response: { 200: pointsAllowanceSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const left = await awardAllowance(db, actor, request.params.id, options.now());
      return { left_today: left, daily_max: AWARD_POINTS_PER_TEACHER_PER_DAY };
    },
  );

  route.post(
    api.classroomPointsAwards.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: pointsAwardBody,
        response: { 201: pointsAwardSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const awarded = await awardClassroomPoints(
        db,
        actor,
        request.params.id,
        request.body,
        options.now(),
      );
      app.points.announce(awarded.written);
      await app.deps.events.emit('pointsAwarded', {
        userId: awarded.entry.userId,
        points: awarded.entry.points,
        note: awarded.entry.note,
      });
      reply.status(201);
      return presentPointsAward(awarded, actor);
    },
  );
}
