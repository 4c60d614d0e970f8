import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  classroomContestListSchema,
  createClassroomContestSchemaAt,
  tradingSwitchResultSchema,
  tradingSwitchSchema,
} from '@bullpen/contract/classroom-contests';
import { classroomParams } from '@bullpen/contract/classrooms';
import { contestSchema } from '@bullpen/contract/contests';
import { pageQuery } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import { requireUser, requireUserHook } from '../../auth/authenticate.ts';
import { announceContestEvents } from '../../contests/live.ts';
import { rulesFromBody } from '../../contests/rules.ts';
import { paginate } from '../../platform/pagination.ts';
import { presentClassroomContests } from './presenter.ts';
import { classroomContests, startClassroomContest, switchClassroomTrading } from './service.ts';

/**
 * Class contests (members list them, the teacher starts one) and the class's trading switch.
 * Contests run on the market's clock, as every contest does.
 */
export async function classroomContestRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const now = () => app.market.clock.now();
  const { membership, tradingGates } = app.contests;
  const tags = ['classrooms'];
  app.addHook('preValidation', requireUserHook);

  route.get(
    api.classroomContests.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        querystring: pageQuery,
        response: { 200: classroomContestListSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const listed = await classroomContests(db, tradingGates, actor, request.params.id);
      const contests = presentClassroomContests(listed, actor.id, now());
      return paginate(contests, request.query, request.url, config.publicUrl);
    },
  );

  route.post(
    api.classroomContests.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: createClassroomContestSchemaAt(now),
        response: { 201: contestSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const contest = await startClassroomContest(
        db,
        membership,
        actor,
        request.params.id,
        request.body,
        rulesFromBody(app.market, request.body),
        now(),
      );
      const listed = await classroomContests(db, tradingGates, actor, request.params.id);
      const started = listed.filter(({ view }) => view.contest.id === contest.id);
      reply.status(201);
      return presentClassroomContests(started, actor.id, now())[0]!;
    },
  );

  route.patch(
    api.classroomTrading.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: tradingSwitchSchema,
        response: { 200: tradingSwitchResultSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { tradingEnabled, contestIds } = await switchClassroomTrading(
        db,
        actor,
        request.params.id,
        request.body.enabled,
        new Date(),
      );
      // Open pages of the class's contests refetch them and enable or disable trading.
      await announceContestEvents(
        app,
        contestIds.map((contest) => ({ type: 'contest' as const, contest })),
      );
      return { id: request.params.id, trading_enabled: tradingEnabled };
    },
  );
}
