import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  budgetBodySchema,
  budgetPageSchema,
  budgetParams,
  budgetSchema,
} from '@bullpen/contract/budget';
import { pageQuery } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import { requireUser, requireUserHook } from '../auth/authenticate.ts';
import { pageOf, pageWindow } from '../platform/pagination.ts';
import { presentBudget } from './presenter.ts';
import { budgetOf, createBudget, myBudgets, removeBudget, updateBudget } from './service.ts';

/**
 * Master budgets (spec section 7 "Budget"): every route needs a user, and each user sees and
 * changes only their own budgets.
 */
export async function budgetRoutes(app: FastifyInstance, options: { now: () => Date }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['budget'];
  app.addHook('preValidation', requireUserHook);

  route.get(
    api.masterBudgets.pattern,
    { schema: { tags, querystring: pageQuery, response: { 200: budgetPageSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const { count, results } = await myBudgets(db, actor, pageWindow(request.query));
      return pageOf(
        results.map(presentBudget),
        count,
        request.query,
        request.url,
        config.publicUrl,
      );
    },
  );

  route.post(
    api.masterBudgets.pattern,
    { schema: { tags, body: budgetBodySchema, response: { 201: budgetSchema } } },
    async (request, reply) => {
      const actor = requireUser(request);
      reply.status(201);
      return presentBudget(await createBudget(db, actor, request.body, options.now()));
    },
  );

  route.get(
    api.masterBudget.pattern,
    { schema: { tags, params: budgetParams, response: { 200: budgetSchema } } },
    async (request) => {
      const actor = requireUser(request);
      return presentBudget(await budgetOf(db, actor, request.params.id));
    },
  );

  route.put(
    api.masterBudget.pattern,
    {
      schema: {
        tags,
        params: budgetParams,
        body: budgetBodySchema,
        response: { 200: budgetSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return presentBudget(
        await updateBudget(db, actor, request.params.id, request.body, options.now()),
      );
    },
  );

  route.delete(
    api.masterBudget.pattern,
    { schema: { tags, params: budgetParams } },
    async (request, reply) => {
      const actor = requireUser(request);
      await removeBudget(db, actor, request.params.id);
      return reply.status(204).send();
    },
  );
}
