import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/domain.ts';
import { budgetRoutes } from './routes.ts';

/** Master budget: a student's own budgets, behind sign-in; it owns `master_budgets`. */
export async function budgetPlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  await app.register(budgetRoutes, { now: options.now ?? (() => new Date()) });
}
