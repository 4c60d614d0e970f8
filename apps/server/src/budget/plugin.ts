import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/domain.ts';
import { budgetRoutes } from './routes.ts';
import { deleteBudgetsOf } from './queries.ts';

/** Master budget: a student's own budgets, behind sign-in; it owns `master_budgets`. */
export async function budgetPlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  app.deps.erasure.erase('budget', (tx, account) => deleteBudgetsOf(tx, account.id));
  await app.register(budgetRoutes, { now: options.now ?? (() => new Date()) });
}
