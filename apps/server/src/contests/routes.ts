import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contestListQuery,
  contestListSchema,
  contestParams,
  contestRulesSchema,
  contestSchema,
  contestUserListQuery,
  contestUserListSchema,
  contestUserParams,
  contestUserSchema,
  createContestSchemaAt,
  descriptionSchema,
  freezeSchema,
  inviteResultSchema,
  inviteSchema,
  joinContestSchema,
  leaderboardQuery,
  leaderboardSchema,
} from '@bullpen/contract/contests';
import { coachSwitchSchema } from '@bullpen/contract/coach';
import {
  riskBoardQuery,
  riskBoardSchema,
  riskBoardSettingBody,
} from '@bullpen/contract/risk-board';
import { api } from '@bullpen/contract/routes';
import { requireUser, requireUserHook } from '../auth/authenticate.ts';
import { joinCodeLimits } from '../platform/attempt-limits.ts';
import { pageOf, pageWindow, paginate } from '../platform/pagination.ts';
import { announceContestEvents } from './live.ts';
import type { UserRow } from '../users/presenter.ts';
import { findUsersByIds } from '../users/queries.ts';
import {
  presentContest,
  presentContestUser,
  returnRatio,
  avatarUrl,
  type ContestUserRow,
  type ContestView,
} from './presenter.ts';
import {
  canManageContest,
  contestView,
  createContest,
  deleteContest,
  ensureChallengeContest,
  joinContest,
  requireVisibleContest,
  setContestCoach,
  setContestFrozen,
  setContestRiskBoard,
  setContestRules,
  tradingPausedReasons,
} from './service.ts';
import { rulesFromBody } from './rules.ts';
import { contestViews, listContestIds } from './catalogue-queries.ts';
import { leaderboardPage, myContestUsers } from './members-queries.ts';
import { leaveContest, requireReadablePortfolio, updateDescription } from './portfolios-service.ts';
import { inviteToContest } from './invitations.ts';
import { riskBoardOf } from './risk-board-service.ts';

export async function contestRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const now = () => app.market.clock.now();
  const { membership, tradingGates } = app.contests;
  const tags = ['contests'];
  app.addHook('preValidation', requireUserHook);

  /** Contests with what the trading gates say about each. */
  async function presentViews(viewer: UserRow, views: ContestView[]) {
    const [reasons, managed] = await Promise.all([
      tradingPausedReasons(
        db,
        tradingGates,
        views.map((view) => view.contest),
      ),
      Promise.all(views.map((view) => canManageContest(db, membership, viewer, view.contest))),
    ]);
    return views.map((view, index) =>
      presentContest(view, viewer.id, now(), reasons.get(view.contest.id) ?? null, managed[index]!),
    );
  }

  async function presentOne(viewer: UserRow, contestId: number) {
    return (await presentViews(viewer, [(await contestView(db, contestId, viewer.id))!]))[0]!;
  }

  async function presentMembers(viewer: UserRow, rows: ContestUserRow[]) {
    const views = await contestViews(db, [...new Set(rows.map((row) => row.contestId))], viewer.id);
    const presented = new Map(
      (await presentViews(viewer, [...views.values()])).map((contest) => [contest.id, contest]),
    );
    const people = await findUsersByIds(db, [...new Set(rows.map((row) => row.userId))]);
    return rows.map((row) =>
      presentContestUser(row, people.get(row.userId)!, presented.get(row.contestId)!, viewer.id),
    );
  }

  route.post(
    api.contests.pattern,
    {
      schema: {
        tags,
        // With the end-in-the-future rule on the market clock: one 400 lists every problem.
        body: createContestSchemaAt(now),
        response: { 201: contestSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const rules = rulesFromBody(app.market, request.body);
      const contest = await createContest(db, membership, actor, request.body, rules, now());
      reply.status(201);
      return presentOne(actor, contest.id);
    },
  );

  route.get(
    api.contests.pattern,
    { schema: { tags, querystring: contestListQuery, response: { 200: contestListSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const ids = await listContestIds(db, actor.id, request.query.type, now());
      const page = paginate(ids, request.query, request.url, config.publicUrl);
      const views = await contestViews(db, page.results, actor.id);
      return {
        ...page,
        results: await presentViews(
          actor,
          page.results.map((id) => views.get(id)!),
        ),
      };
    },
  );

  route.get(
    api.challenge.pattern,
    { schema: { tags, response: { 200: contestSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const challenge = await ensureChallengeContest(db, now());
      return presentOne(actor, challenge.id);
    },
  );

  route.get(
    api.contest.pattern,
    { schema: { tags, params: contestParams, response: { 200: contestSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const view = await requireVisibleContest(db, actor, request.params.id);
      return (await presentViews(actor, [view]))[0]!;
    },
  );

  route.delete(
    api.contest.pattern,
    { schema: { tags, params: contestParams } },
    async (request, reply) => {
      const actor = requireUser(request);
      await deleteContest(db, actor, request.params.id, now());
      return reply.status(204).send();
    },
  );

  route.patch(
    api.freezeContest.pattern,
    {
      schema: { tags, params: contestParams, body: freezeSchema, response: { 200: contestSchema } },
    },
    async (request) => {
      const actor = requireUser(request);
      await setContestFrozen(db, actor, request.params.id, request.body.frozen, now());
      // Open pages of the contest refetch it and see trading paused or resumed.
      await announceContestEvents(app, [{ type: 'contest', contest: request.params.id }]);
      return presentOne(actor, request.params.id);
    },
  );

  route.patch(
    api.contestCoach.pattern,
    {
      schema: {
        tags,
        params: contestParams,
        body: coachSwitchSchema,
        response: { 200: contestSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      await setContestCoach(db, membership, actor, request.params.id, request.body.coach);
      // Open tickets of the contest refetch it and show or hide the coach.
      await announceContestEvents(app, [{ type: 'contest', contest: request.params.id }]);
      return presentOne(actor, request.params.id);
    },
  );

  route.put(
    api.contestRules.pattern,
    {
      schema: {
        tags,
        params: contestParams,
        body: contestRulesSchema,
        response: { 200: contestSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      await setContestRules(
        db,
        membership,
        app.market,
        actor,
        request.params.id,
        request.body,
        now(),
      );
      // Open pages of the contest refetch it and show the new rules.
      await announceContestEvents(app, [{ type: 'contest', contest: request.params.id }]);
      return presentOne(actor, request.params.id);
    },
  );

  route.patch(
    api.contestRiskBoard.pattern,
    {
      schema: {
        tags,
        params: contestParams,
        body: riskBoardSettingBody,
        response: { 200: contestSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      await setContestRiskBoard(db, membership, actor, request.params.id, request.body, now());
      // Open pages of the contest refetch it and show or hide the board.
      await announceContestEvents(app, [{ type: 'contest', contest: request.params.id }]);
      return presentOne(actor, request.params.id);
    },
  );

  route.get(
    api.contestRiskBoard.pattern,
    {
      schema: {
        tags,
        params: contestParams,
        querystring: riskBoardQuery,
        response: { 200: riskBoardSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { results, count, setting } = await riskBoardOf(
        db,
        actor,
        request.params.id,
        pageWindow(request.query),
        app.market.clock.now(),
      );
      return {
        ...pageOf(results, count, request.query, request.url, config.publicUrl),
        setting,
      };
    },
  );

  route.post(
    api.inviteToContest.pattern,
    {
      schema: {
        tags,
        params: contestParams,
        body: inviteSchema,
        response: { 200: inviteResultSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return {
        invited: await inviteToContest(
          app.deps,
          actor,
          request.params.id,
          request.body.emails,
          // Mail limits run on real time, not the market's (which a replay can move).
          new Date(),
        ),
      };
    },
  );

  route.post(
    api.contestUsers.pattern,
    {
      schema: {
        tags,
        body: joinContestSchema,
        response: { 200: contestUserSchema, 201: contestUserSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { contestUser, created } = await joinContest(
        db,
        membership,
        actor,
        request.body,
        now(),
        app.deps.config.teacherEmailDomains,
        joinCodeLimits(config, actor.id, request.ip),
      );
      reply.status(created ? 201 : 200);
      return (await presentMembers(actor, [contestUser]))[0]!;
    },
  );

  route.get(
    api.contestUsers.pattern,
    {
      schema: { tags, querystring: contestUserListQuery, response: { 200: contestUserListSchema } },
    },
    async (request) => {
      const actor = requireUser(request);
      const rows = (await myContestUsers(db, actor.id, request.query.type)).map(
        (row) => row.contestUser,
      );
      const page = paginate(rows, request.query, request.url, config.publicUrl);
      return { ...page, results: await presentMembers(actor, page.results) };
    },
  );

  route.get(
    api.leaderboard.pattern,
    { schema: { tags, querystring: leaderboardQuery, response: { 200: leaderboardSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const view = await requireVisibleContest(db, actor, request.query.contest);
      const { rows, count } = await leaderboardPage(
        db,
        view.contest,
        pageWindow(request.query),
        request.query.user,
      );
      const results = rows.map((row) => ({
        rank: row.rank,
        contest_user: row.contestUserId,
        user: {
          id: row.userId,
          username: row.username,
          first_name: row.firstName,
          avatar: avatarUrl(row.avatarPath),
        },
        value: row.valueCents,
        return_ratio: returnRatio(row.valueCents, view.contest.startingCashCents),
      }));
      return pageOf(results, count, request.query, request.url, config.publicUrl);
    },
  );

  route.get(
    api.contestUser.pattern,
    { schema: { tags, params: contestUserParams, response: { 200: contestUserSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const { contestUser } = await requireReadablePortfolio(db, actor, request.params.id);
      return (await presentMembers(actor, [contestUser]))[0]!;
    },
  );

  route.delete(
    api.contestUser.pattern,
    { schema: { tags, params: contestUserParams } },
    async (request, reply) => {
      const actor = requireUser(request);
      await leaveContest(db, membership, actor, request.params.id, now());
      return reply.status(204).send();
    },
  );

  route.patch(
    api.contestUserDescription.pattern,
    {
      schema: {
        tags,
        params: contestUserParams,
        body: descriptionSchema,
        response: { 200: contestUserSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const updated = await updateDescription(
        db,
        actor,
        request.params.id,
        request.body.description,
      );
      return (await presentMembers(actor, [updated]))[0]!;
    },
  );
}
