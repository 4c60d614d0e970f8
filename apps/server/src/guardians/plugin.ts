import type { FastifyInstance } from 'fastify';
import { CHILD_CHANNEL_PREFIX, childChannel } from '@bullpen/contract/realtime';
import { presentPointsChange } from '../points/presenter.ts';
import {
  deleteSpentInvitations,
  eraseGuardianRowsOf,
  deleteInvitationsTo,
  isLinked,
} from './queries.ts';
import { guardiansRoutes } from './routes.ts';
import { exportChildrenOf, exportGuardiansOf } from './service.ts';

/**
 * Guardians (the parent view): links between a parent's account and the children they follow,
 * the invitations that make them, and what a child shares. It erases all three with either
 * account, adds both sides to the data export, deletes spent invitations in the daily
 * retention run, and relays a followed child's points on the `child:<id>` channel, which only
 * a linked guardian may hear (asked again on every subscription and when a link ends).
 */
export async function guardiansPlugin(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  app.deps.erasure.erase('guardians', async (tx, account) => {
    await eraseGuardianRowsOf(tx, account.id);
    if (account.email) await deleteInvitationsTo(tx, account.email);
  });
  app.privacy.exportSection('guardians', exportGuardiansOf);
  app.privacy.exportSection('children_followed', exportChildrenOf);
  app.privacy.retain('guardians', deleteSpentInvitations);

  app.realtime.defineChannel(`${CHILD_CHANNEL_PREFIX}{id}`, {
    clusterWide: true,
    authorize: async (subscriber, { id }) =>
      subscriber.userId !== null &&
      /^\d{1,9}$/.test(id) &&
      (await isLinked(db, subscriber.userId, Number(id))),
    refusal: 'Only a guardian who follows this student may listen to this channel.',
  });
  app.points.onBalance((userId, balance) => {
    app.realtime.publish(childChannel(userId), presentPointsChange(balance));
  });

  await app.register(guardiansRoutes, { now: () => new Date() });
}
