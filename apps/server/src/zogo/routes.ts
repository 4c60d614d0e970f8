import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { api } from '@bullpen/contract/routes';
import {
  cardStartSchema,
  checkAnswerBody,
  checkAnswerSchema,
  completeModuleBody,
  completeModuleSchema,
  completedBySkillsBody,
  completedModuleListSchema,
  zogoCardParams,
  zogoCategorySchema,
  zogoModuleDetailSchema,
  zogoModuleParams,
  zogoModuleSchema,
  zogoModulesQuery,
  zogoSkillSchema,
  zogoTodaySchema,
  zogoTokenSchema,
} from '@bullpen/contract/zogo';
import { lessonParams, linkedModuleListSchema } from '@bullpen/contract/learn';
import { requireUser, requireUserHook } from '../auth/authenticate.ts';
import { unauthorized } from '../platform/errors.ts';
import {
  presentCardStart,
  presentCategory,
  presentCompletedModule,
  presentCompletion,
  presentModule,
  presentModuleDetail,
  presentSkill,
  presentToday,
} from './presenter.ts';
import {
  awardModulePoints,
  categoryList,
  checkAnswer,
  completedInSkills,
  issueZogoToken,
  lessonModules,
  moduleList,
  moduleView,
  pointsToday,
  skillList,
  startModuleCard,
} from './service.ts';

/**
 * Learn and earn (spec section 7 "Zogo" and "Auth"): every route needs a signed-in user; the
 * player's answers are checked on the server and a finished module pays through the points
 * ledger (`app.points`), announced after the commit.
 */
export async function zogoRoutes(
  app: FastifyInstance,
  options: { clock: { now: () => Date }; tokenKey: Uint8Array },
): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const { clock, tokenKey } = options;
  const tags = ['zogo'];
  app.addHook('preValidation', requireUserHook);

  route.get(
    api.zogoToken.pattern,
    { schema: { tags, response: { 200: zogoTokenSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const session = request.session;
      if (!session) throw unauthorized();
      return { zogo_token: await issueZogoToken(tokenKey, actor, session, clock.now()) };
    },
  );

  route.get(
    api.zogoCategories.pattern,
    { schema: { tags, response: { 200: z.array(zogoCategorySchema) } } },
    async (request) => {
      requireUser(request);
      return (await categoryList(db)).map(presentCategory);
    },
  );

  route.get(
    api.zogoSkills.pattern,
    { schema: { tags, response: { 200: z.array(zogoSkillSchema) } } },
    async (request) => {
      requireUser(request);
      return (await skillList(db)).map(presentSkill);
    },
  );

  route.get(
    api.zogoModules.pattern,
    {
      schema: { tags, querystring: zogoModulesQuery, response: { 200: z.array(zogoModuleSchema) } },
    },
    async (request) => {
      const actor = requireUser(request);
      const views = await moduleList(db, actor, request.query);
      return views.map(({ module, lessons, completed }) =>
        presentModule(module, lessons, completed),
      );
    },
  );

  route.get(
    api.zogoModule.pattern,
    { schema: { tags, params: zogoModuleParams, response: { 200: zogoModuleDetailSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const { module, lessons, completed } = await moduleView(db, actor, request.params.id);
      return presentModuleDetail(module, lessons, completed);
    },
  );

  route.post(
    api.zogoCheckAnswer.pattern,
    {
      schema: {
        tags,
        params: zogoModuleParams,
        body: checkAnswerBody,
        response: { 200: checkAnswerSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return checkAnswer(db, actor, request.params.id, request.body, clock.now());
    },
  );

  route.post(
    api.zogoCardStart.pattern,
    {
      config: { changesNoSession: true },
      schema: { tags, params: zogoCardParams, response: { 200: cardStartSchema } },
    },
    async (request) => {
      const actor = requireUser(request);
      const { id, card } = request.params;
      return presentCardStart(await startModuleCard(db, actor, id, card, clock.now()));
    },
  );

  route.get(
    api.zogoToday.pattern,
    { schema: { tags, response: { 200: zogoTodaySchema } } },
    async (request) => {
      const actor = requireUser(request);
      return presentToday(await pointsToday(db, actor, clock.now()));
    },
  );

  route.post(
    api.zogoCompletedBySkills.pattern,
    {
      schema: { tags, body: completedBySkillsBody, response: { 200: completedModuleListSchema } },
    },
    async (request) => {
      const actor = requireUser(request);
      return (await completedInSkills(db, actor, request.body.skills)).map(presentCompletedModule);
    },
  );

  route.put(
    api.zogoPoints.pattern,
    { schema: { tags, body: completeModuleBody, response: { 200: completeModuleSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const completion = await awardModulePoints(
        db,
        app.points,
        tokenKey,
        actor,
        request.session,
        request.body,
        clock.now(),
      );
      app.points.announce(completion.pointsWritten);
      return presentCompletion(completion);
    },
  );

  route.get(
    api.lessonCompletedModules.pattern,
    {
      schema: { tags: ['learn'], params: lessonParams, response: { 200: linkedModuleListSchema } },
    },
    async (request) => lessonModules(db, requireUser(request), request.params.id),
  );
}
