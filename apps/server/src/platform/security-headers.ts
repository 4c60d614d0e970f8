import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** Headers of a response itself, not of the security policy. */
const RESPONSE_HEADERS = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
]);

/**
 * Helmet's security headers on every answer. @fastify/helmet builds helmet's middleware again
 * for each request (parsing the Content-Security-Policy every time: a sixth of the CPU of a
 * signed-in read); with one configuration for every route they never vary, so they are worked
 * out once, by running the plugin on one request, and set as they are. A route that sets its
 * own (the API docs' CSP) still overrides them.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const response = await probe.inject({ url: '/' });
  await probe.close();
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !RESPONSE_HEADERS.has(name)),
  );
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
