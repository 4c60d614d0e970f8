import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/domain.ts';
import { rewardsRoutes } from './routes.ts';
import { refundPendingOfClassroom, syncPlatformRewards } from './service.ts';

/**
 * Rewards: the redeem page. At start-up the platform rewards are brought in step with the
 * contract's catalogue (idempotent; nothing is written when they already are). Spends and
 * refunds go through the points ledger (`app.points`), so it registers after points and
 * classrooms.
 */
export async function rewardsPlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  const synced = await syncPlatformRewards(app.deps.db, now());
  if (synced.written > 0 || synced.retired > 0) {
    app.log.info(synced, `platform rewards: ${synced.written} written, ${synced.retired} retired`);
  }
  // A deleted class takes its requests with it: the pending ones are paid back first.
  app.classrooms.deleting.push(async (tx, classroomId, at) => {
    const refunds = await refundPendingOfClassroom(tx, app.points, classroomId, at);
    return refunds ? () => app.points.announce(refunds) : null;
  });
  await app.register(rewardsRoutes, { now });
}
