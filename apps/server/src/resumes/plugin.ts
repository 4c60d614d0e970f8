import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/domain.ts';
import { resumeRoutes } from './routes.ts';
import { deleteResumesOf } from './queries.ts';

/** Résumés: a student's résumé written in a class, and the teacher's comments on it. */
export async function resumesPlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  app.deps.erasure.erase('resumes', (tx, account) => deleteResumesOf(tx, account.id));
  await app.register(resumeRoutes, { now: options.now ?? (() => new Date()) });
}
