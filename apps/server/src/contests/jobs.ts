import type { FastifyInstance } from 'fastify';
import { intervalJob } from '../platform/jobs.ts';
import { payContestPlaces } from './places.ts';

/**
 * The contests' clock work, on the market's tick: pay the top places of contests whose values
 * became final. Several server processes may run it: each contest is claimed by marking it in
 * the transaction that pays it (see `payContestPlaces`), so a second run does nothing.
 */
export function contestJobs(app: FastifyInstance) {
  async function run(): Promise<{ settled: number[] }> {
    const { contestIds, written } = await payContestPlaces(app.deps.db, app.market.clock.now());
    for (const result of written) app.points.announce(result);
    return { settled: contestIds };
  }

  return { run, ...intervalJob(app.log, 'contest jobs', run) };
}
