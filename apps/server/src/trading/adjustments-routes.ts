import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { api } from '@bullpen/contract/routes';
import {
  adjustmentListQuery,
  adjustmentListSchema,
  adjustmentParams,
  adjustmentSchema,
  cashAdjustmentSchema,
  portfolioResetSchema,
  resetResultSchema,
} from '@bullpen/contract/portfolio-adjustments';
import { requireUser, requireUserHook } from '../auth/authenticate.ts';
import { memberUserIds } from '../contests/queries.ts';
import { announceContestEvents } from '../contests/live.ts';
import { findUsersByIds } from '../users/queries.ts';
import type { AdjustmentRow } from './adjustments-queries.ts';
import {
  adjustCash,
  readableAdjustments,
  requireManagedContest,
  resetPortfolios,
} from './adjustments-service.ts';
import { presentAdjustment } from './presenter.ts';

/** The managers' cash adjustments and resets, and the history they write (decision 049). */
export async function adjustmentRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const { membership } = app.contests;
  const now = () => app.market.clock.now();
  const tags = ['trading'];
  app.addHook('preValidation', requireUserHook);

  async function present(lines: AdjustmentRow[]) {
    const members = await memberUserIds(db, [...new Set(lines.map((line) => line.contestUserId))]);
    const people = await findUsersByIds(db, [
      ...new Set([
        ...members.values(),
        ...lines.flatMap((line) => (line.actorId === null ? [] : [line.actorId])),
      ]),
    ]);
    return lines.map((line) =>
      presentAdjustment(
        line,
        people.get(members.get(line.contestUserId) ?? 0),
        line.actorId === null ? undefined : people.get(line.actorId),
      ),
    );
  }

  /** After the commit: the board and open pages of the contest refetch. */
  async function announce(contestId: number) {
    void app.trading.announce([contestId]);
    await announceContestEvents(app, [{ type: 'contest', contest: contestId }]);
  }

  route.get(
    api.contestAdjustments.pattern,
    {
      schema: {
        tags,
        params: adjustmentParams,
        querystring: adjustmentListQuery,
        response: { 200: adjustmentListSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const lines = await readableAdjustments(
        db,
        membership,
        actor,
        request.params.id,
        request.query.contest_user,
      );
      return { results: await present(lines) };
    },
  );

  route.post(
    api.contestAdjustments.pattern,
    {
      schema: {
        tags,
        params: adjustmentParams,
        body: cashAdjustmentSchema,
        response: { 201: adjustmentSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const contest = await requireManagedContest(db, membership, actor, request.params.id, now());
      const line = await adjustCash(db, app.market, contest, actor, {
        contestUserId: request.body.contest_user,
        amountCents: request.body.amount,
        reason: request.body.reason,
      });
      await announce(contest.id);
      reply.status(201);
      return (await present([line]))[0]!;
    },
  );

  route.post(
    api.contestResets.pattern,
    {
      schema: {
        tags,
        params: adjustmentParams,
        body: portfolioResetSchema,
        response: { 201: resetResultSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const contest = await requireManagedContest(db, membership, actor, request.params.id, now());
      const lines = await resetPortfolios(db, app.market, contest, actor, {
        contestUserId: request.body.contest_user ?? null,
        reason: request.body.reason,
      });
      await announce(contest.id);
      reply.status(201);
      return { results: await present(lines) };
    },
  );
}
