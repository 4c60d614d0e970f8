import type { FastifyInstance } from 'fastify';
import { userChannel } from '@bullpen/contract/realtime';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  classroomRewardBody,
  classroomRewardParams,
  classroomRewardPatch,
  equipBody,
  equippedOfQuery,
  equippedOfSchema,
  equippedSchema,
  redeemResultSchema,
  redemptionSchema,
  redemptionsPageSchema,
  redemptionsQuery,
  rewardListSchema,
  rewardParams,
  rewardSchema,
} from '@bullpen/contract/rewards';
import { api } from '@bullpen/contract/routes';
import { requireUser, requireUserHook } from '../auth/authenticate.ts';
import { pageOf, pageWindow } from '../platform/pagination.ts';
import {
  presentEquipped,
  presentRedemption,
  presentReward,
  presentRewards,
  presentRewardsChange,
} from './presenter.ts';
import {
  cancelRedemption,
  changeClassroomReward,
  classroomRedemptions,
  createClassroomReward,
  decideRedemption,
  equipRewards,
  equippedOf,
  equippedOfUsers,
  myRedemptions,
  redeemReward,
  retireRewardOfClassroom,
  rewardCatalogue,
  rewardsOfClassroom,
} from './service.ts';

/**
 * The redeem page (ours, spec section 1 "Redeem page for points"): the catalogue, buying,
 * the student's requests and the teacher's queue, a class's own rewards, and the frame and
 * badge a user shows. Every route needs a user.
 */
export async function rewardsRoutes(app: FastifyInstance, options: { now: () => Date }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const ledger = app.points;
  /** After the commit: each user whose requests changed refetches them (`user:<id>`). */
  const tellRewardsChanged = (userIds: number[]) => {
    for (const userId of userIds) {
      app.realtime.publish(userChannel(userId), presentRewardsChange());
    }
  };
  const tags = ['rewards'];
  app.addHook('preValidation', requireUserHook);

  route.get(
    api.rewards.pattern,
    { schema: { tags, response: { 200: rewardListSchema } } },
    async (request) => {
      const actor = requireUser(request);
      return presentRewards(await rewardCatalogue(db, actor));
    },
  );

  route.post(
    api.redeemReward.pattern,
    { schema: { tags, params: rewardParams, response: { 201: redeemResultSchema } } },
    async (request, reply) => {
      const actor = requireUser(request);
      const { redemption, availablePoints, tell } = await redeemReward(
        db,
        ledger,
        actor,
        request.params.id,
      );
      tellRewardsChanged(tell);
      reply.status(201);
      return { redemption: presentRedemption(redemption), available_points: availablePoints };
    },
  );

  route.get(
    api.redemptions.pattern,
    { schema: { tags, querystring: redemptionsQuery, response: { 200: redemptionsPageSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const { count, results } = await myRedemptions(
        db,
        actor,
        request.query,
        pageWindow(request.query),
      );
      return pageOf(
        results.map(presentRedemption),
        count,
        request.query,
        request.url,
        config.publicUrl,
      );
    },
  );

  for (const [path, decision] of [
    [api.approveRedemption.pattern, 'approved'],
    [api.declineRedemption.pattern, 'declined'],
  ] as const) {
    route.post(
      path,
      { schema: { tags, params: rewardParams, response: { 200: redemptionSchema } } },
      async (request) => {
        const actor = requireUser(request);
        const { redemption, tell } = await decideRedemption(
          db,
          ledger,
          actor,
          request.params.id,
          decision,
          options.now(),
        );
        tellRewardsChanged(tell);
        await app.deps.events.emit('rewardDecided', {
          userId: redemption.redemption.userId,
          reward: redemption.reward.name,
          approved: decision === 'approved',
        });
        return presentRedemption(redemption);
      },
    );
  }

  route.post(
    api.cancelRedemption.pattern,
    { schema: { tags, params: rewardParams, response: { 200: redemptionSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const { redemption, tell } = await cancelRedemption(
        db,
        ledger,
        actor,
        request.params.id,
        options.now(),
      );
      tellRewardsChanged(tell);
      return presentRedemption(redemption);
    },
  );

  route.get(
    api.equippedRewards.pattern,
    { schema: { tags, response: { 200: equippedSchema } } },
    async (request) => {
      const actor = requireUser(request);
      return presentEquipped(await equippedOf(db, actor.id));
    },
  );

  route.put(
    api.equippedRewards.pattern,
    { schema: { tags, body: equipBody, response: { 200: equippedSchema } } },
    async (request) => {
      const actor = requireUser(request);
      return presentEquipped(await equipRewards(db, actor, request.body));
    },
  );

  route.get(
    api.equippedOf.pattern,
    { schema: { tags, querystring: equippedOfQuery, response: { 200: equippedOfSchema } } },
    async (request) => {
      requireUser(request);
      return (await equippedOfUsers(db, request.query.users)).map((shown) => ({
        user: shown.user,
        ...presentEquipped(shown),
      }));
    },
  );

  // A class's own rewards and its teacher's queue of requests.
  route.get(
    api.classroomRewards.pattern,
    { schema: { tags, params: rewardParams, response: { 200: rewardListSchema } } },
    async (request) => {
      const actor = requireUser(request);
      return presentRewards(await rewardsOfClassroom(db, actor, request.params.id));
    },
  );

  route.post(
    api.classroomRewards.pattern,
    {
      schema: {
        tags,
        params: rewardParams,
        body: classroomRewardBody,
        response: { 201: rewardSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { reward, classroom } = await createClassroomReward(
        db,
        actor,
        request.params.id,
        request.body,
      );
      reply.status(201);
      return presentReward(
        { reward, owned: false, pending: 0 },
        new Map([[classroom.id, classroom.name]]),
      );
    },
  );

  route.patch(
    api.classroomReward.pattern,
    {
      schema: {
        tags,
        params: classroomRewardParams,
        body: classroomRewardPatch,
        response: { 200: rewardSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { reward, classroom } = await changeClassroomReward(
        db,
        actor,
        request.params.id,
        request.params.rewardId,
        request.body,
      );
      return presentReward(
        { reward, owned: false, pending: 0 },
        new Map([[classroom.id, classroom.name]]),
      );
    },
  );

  route.delete(
    api.classroomReward.pattern,
    { schema: { tags, params: classroomRewardParams } },
    async (request, reply) => {
      const actor = requireUser(request);
      await retireRewardOfClassroom(
        db,
        actor,
        request.params.id,
        request.params.rewardId,
        options.now(),
      );
      return reply.status(204).send();
    },
  );

  route.get(
    api.classroomRewardRequests.pattern,
    {
      schema: {
        tags,
        params: rewardParams,
        querystring: redemptionsQuery,
        response: { 200: redemptionsPageSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { count, results } = await classroomRedemptions(
        db,
        actor,
        request.params.id,
        request.query,
        pageWindow(request.query),
      );
      return pageOf(
        results.map(presentRedemption),
        count,
        request.query,
        request.url,
        config.publicUrl,
      );
    },
  );
}
