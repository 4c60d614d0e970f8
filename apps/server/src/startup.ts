import type { FastifyInstance } from 'fastify';
import { seedDemoClassroom } from './classrooms/core/service.ts';
import { seedDemoRewards } from './rewards/service.ts';
import { seedDemoAccounts, warnOfDemoAccounts } from './auth/demo.ts';

/**
 * What a start does to the data before it listens: the demo data only when SEED_DEMO asks for
 * it (never by default, as its passwords are public), then the warning of auth/demo.ts.
 */
export async function prepareData(app: FastifyInstance): Promise<void> {
  if (app.deps.config.seedDemo) {
    await seedDemoAccounts(app.deps, app.log);
    const demoClass = await seedDemoClassroom(app.deps.db, app.classrooms.membership, app.log);
    if (demoClass) await seedDemoRewards(app.deps.db, demoClass);
  }
  await warnOfDemoAccounts(app.deps, app.log);
}
