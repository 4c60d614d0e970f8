import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  holdingsSchema,
  orderListSchema,
  orderParams,
  orderSchema,
  placeOrderSchema,
  portfolioQuery,
  portfolioStatsRequest,
  portfolioStatsSchema,
  valuesSchema,
} from '@bullpen/contract/trading';
import { api } from '@bullpen/contract/routes';
import { contestReviewSchema, reviewParams } from '@bullpen/contract/contest-review';
import { coachFactsQuery, coachFactsSchema } from '@bullpen/contract/coach';
import { tradingMessages } from '@bullpen/contract/trading-messages';
import { requireUser, requireUserHook } from '../auth/authenticate.ts';
import { requireReadablePortfolio } from '../contests/portfolios-service.ts';
import { badRequest, forbidden } from '../platform/errors.ts';
import { idempotencyHeaders, REPLAYED_HEADER } from '../platform/idempotency.ts';
import { paginate } from '../platform/pagination.ts';
import { coachFactsOf, holdingsOf, statsOf } from './portfolio.ts';
import { canTradeIn } from './policies.ts';
import { requireReviewablePortfolio, reviewOf } from './review-service.ts';
import { presentActionLine, presentOrder } from './presenter.ts';
import { ordersOf, valuesOf } from './queries.ts';
import { entriesOf } from './actions-queries.ts';
import { cancelPendingOrder, placeOrder } from './orders-service.ts';

export async function tradingRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['trading'];
  app.addHook('preValidation', requireUserHook);
  // An order, a cancel or a stats request writes no user and ends no session.
  const noSessionChange = { changesNoSession: true } as const;

  route.post(
    api.orders.pattern,
    {
      config: noSessionChange,
      schema: {
        tags,
        headers: idempotencyHeaders,
        body: placeOrderSchema,
        response: { 200: orderSchema, 201: orderSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { order, replayed, contestId } = await placeOrder(
        db,
        app.market,
        app.contests.tradingGates,
        actor,
        request.body,
        request.headers['idempotency-key'],
      );
      reply.status(replayed ? 200 : 201);
      // After the commit, without waiting for it: announcements go at most every 50 ms.
      if (!replayed && order.status === 'filled') void app.trading.announce([contestId]);
      if (replayed) reply.header(REPLAYED_HEADER, 'true');
      return presentOrder(order);
    },
  );

  route.get(
    api.orders.pattern,
    { schema: { tags, querystring: portfolioQuery, response: { 200: orderListSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const { contestUser } = await requireReadablePortfolio(db, actor, request.query.contest_user);
      // Orders and dividend/split lines, newest first.
      const [placed, entries] = await Promise.all([
        ordersOf(db, contestUser.id, {}),
        entriesOf(db, contestUser.id),
      ]);
      const lines = [...placed.map(presentOrder), ...entries.map(presentActionLine)].sort(
        (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
      );
      return paginate(lines, request.query, request.url, config.publicUrl);
    },
  );

  route.get(
    api.pendingOrders.pattern,
    { schema: { tags, querystring: portfolioQuery, response: { 200: orderListSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const { contestUser } = await requireReadablePortfolio(db, actor, request.query.contest_user);
      const pending = await ordersOf(db, contestUser.id, { pendingOnly: true });
      const page = paginate(pending, request.query, request.url, config.publicUrl);
      return { ...page, results: page.results.map(presentOrder) };
    },
  );

  route.delete(
    api.pendingOrder.pattern,
    {
      config: noSessionChange,
      schema: { tags, params: orderParams, response: { 200: orderSchema } },
    },
    async (request) => {
      const actor = requireUser(request);
      return presentOrder(
        await cancelPendingOrder(db, actor, request.params.id, app.market.clock.now()),
      );
    },
  );

  route.get(
    api.holdings.pattern,
    {
      schema: {
        tags,
        querystring: portfolioQuery.pick({ contest_user: true }),
        response: { 200: holdingsSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { contestUser } = await requireReadablePortfolio(db, actor, request.query.contest_user);
      return holdingsOf(db, app.market, contestUser);
    },
  );

  route.get(
    api.tradeCoach.pattern,
    { schema: { tags, querystring: coachFactsQuery, response: { 200: coachFactsSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const { contestUser } = await requireReadablePortfolio(db, actor, request.query.contest_user);
      // The coach speaks to the one who trades: other members see the portfolio, not this.
      if (!canTradeIn(actor, contestUser)) throw forbidden(tradingMessages.notYourPortfolio);
      return coachFactsOf(db, app.market, contestUser, request.query.security);
    },
  );

  route.get(
    api.values.pattern,
    {
      schema: {
        tags,
        querystring: portfolioQuery.pick({ contest_user: true }),
        response: { 200: valuesSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { contestUser } = await requireReadablePortfolio(db, actor, request.query.contest_user);
      const values = await valuesOf(db, contestUser.id);
      return {
        results: values.map((point) => ({
          created_at: point.createdAt.toISOString(),
          value: point.valueCents,
        })),
      };
    },
  );

  route.post(
    api.portfolioStats.pattern,
    {
      config: noSessionChange,
      schema: { tags, body: portfolioStatsRequest, response: { 200: portfolioStatsSchema } },
    },
    async (request) => {
      const actor = requireUser(request);
      const { contestUser, view } = await requireReadablePortfolio(
        db,
        actor,
        request.body.contest_user,
      );
      if (!view) throw badRequest('No such portfolio.');
      return statsOf(db, app.market, contestUser, view.contest);
    },
  );

  route.get(
    api.contestUserReview.pattern,
    {
      config: noSessionChange,
      schema: { tags, params: reviewParams, response: { 200: contestReviewSchema } },
    },
    async (request) => {
      const actor = requireUser(request);
      const { contestUser, contest } = await requireReviewablePortfolio(
        db,
        actor,
        request.params.id,
        app.market.clock.now(),
      );
      return reviewOf(db, app.market, contestUser, contest);
    },
  );
}
