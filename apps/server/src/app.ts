import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES } from '@bullpen/contract/constants';
import fastifyPlugin from 'fastify-plugin';
import { authPlugin } from './auth/plugin.ts';
import { budgetPlugin } from './budget/plugin.ts';
import { classroomsPlugin } from './classrooms/plugin.ts';
import { registerAuthentication, userForToken } from './auth/authenticate.ts';
import { loadSigningKey } from './auth/jwt.ts';
import { SessionCache } from './auth/session-cache.ts';
import { contentPlugin } from './content/plugin.ts';
import { contestsPlugin } from './contests/plugin.ts';
import { guardiansPlugin } from './guardians/plugin.ts';
import { rostersPlugin } from './rosters/plugin.ts';
import { homePlugin } from './home/plugin.ts';
import { learnPlugin } from './learn/plugin.ts';
import { marketPlugin } from './market/plugin.ts';
import { notificationsPlugin } from './notifications/plugin.ts';
import { registerRealtime } from './realtime/plugin.ts';
import { tradingPlugin } from './trading/plugin.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { createMailer } from './mail/mailer.ts';
import { mailPlugin } from './mail/plugin.ts';
import type { Config } from './platform/config.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { registerHealth } from './platform/health.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerRateLimit } from './platform/rate-limit.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerInputChecks } from './platform/validation.ts';
import { redactPaths, serializeError, serializeRequest } from './platform/logging.ts';
import type { DomainPlugin } from './platform/domain.ts';
import { registerWeb } from './platform/web.ts';
import { Erasure } from './platform/erasure.ts';
import { JobRegistry } from './platform/jobs.ts';
import { DomainEventBus } from './platform/events.ts';
import { pointsPlugin } from './points/plugin.ts';
import { resumesPlugin } from './resumes/plugin.ts';
import { privacyPlugin } from './privacy/plugin.ts';
import { rewardsPlugin } from './rewards/plugin.ts';
import { supportPlugin } from './support/plugin.ts';
import { usersPlugin } from './users/plugin.ts';
import { zogoPlugin } from './zogo/plugin.ts';

/**
 * The domains, in one order: each may use what the ones before it decorate the app with
 * (contests use `app.market`'s clock, trading joins `app.contests.membership`). Registered
 * without encapsulation (fastify-plugin), so those decorators are visible app-wide; each
 * domain's routes stay encapsulated inside its plugin. See docs/decisions/009.
 */
const domainPlugins = (
  [
    ['users', usersPlugin],
    ['auth', authPlugin],
    ['market', marketPlugin],
    ['contests', contestsPlugin],
    ['trading', tradingPlugin],
    ['points', pointsPlugin],
    ['learn', learnPlugin],
    ['zogo', zogoPlugin],
    ['classrooms', classroomsPlugin],
    ['rewards', rewardsPlugin],
    ['resumes', resumesPlugin],
    ['content', contentPlugin],
    ['support', supportPlugin],
    ['budget', budgetPlugin],
    ['notifications', notificationsPlugin],
    ['mail', mailPlugin],
    ['privacy', privacyPlugin],
    ['guardians', guardiansPlugin],
    ['rosters', rostersPlugin],
    ['home', homePlugin],
  ] satisfies [string, DomainPlugin][]
).map(([name, plugin]) => fastifyPlugin(plugin, { name: `bullpen-${name}` }));

const contentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // MUI (emotion) writes its styles into <style> tags at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    // The ALTCHA widget solves its proof of work in Web Workers it starts from blob: URLs.
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  },
};

export async function buildApp(options: {
  config: Config;
  database: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write: (line: string) => void };
  /** The market's clock (tests pin it); defaults to the system clock. */
  now?: () => Date;
  /**
   * One of several processes (WORKERS, main.ts): while it closes, a request that still comes on
   * an open connection is answered, with `Connection: close` so the client's next request goes
   * to another process, instead of Fastify's 503.
   */
  drainOnClose?: boolean;
}): Promise<FastifyInstance> {
  const { config, database } = options;
  // With a certificate, HTTPS: HTTP/2 for browsers (a page's chunks share one connection instead
  // of queueing six at a time, issue #13) and HTTP/1.1 for older clients and WebSockets. Typed as
  // a plain object: the app reads Fastify's request and reply only, the same over both, so it
  // keeps Fastify's HTTP/1.1 types rather than its HTTP/2 server's.
  const transport: object = config.tls
    ? { http2: true, https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key } }
    : {};
  const app = Fastify({
    ...transport,
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: redactPaths,
            serializers: { err: serializeError, req: serializeRequest },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    return503OnClosing: !options.drainOnClose,
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  if (options.drainOnClose) {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    // HTTP/2 has no Connection header: its sessions are closed by Fastify itself.
    app.addHook('onSend', async (request, reply) => {
      if (closing && request.raw.httpVersionMajor === 1) reply.header('Connection', 'close');
    });
  }

  const mailer = createMailer({
    db: database.db,
    log: app.log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logLinks: config.mailLogLinks,
  });
  const events = new DomainEventBus();
  events.useLogger(app.log);
  app.decorate('deps', {
    config,
    db: database.db,
    mailer,
    signingKey: await loadSigningKey(database.db, config.jwtSecret),
    sessions: new SessionCache(),
    erasure: new Erasure(),
    events,
    jobs: new JobRegistry(),
  });
  app.addHook('onClose', async () => {
    mailer.close();
  });

  registerErrorHandler(app);
  registerInputChecks(app);
  await registerSecurityHeaders(app, { contentSecurityPolicy, crossOriginEmbedderPolicy: false });
  await registerRateLimit(app);
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 25 },
    throwFileSizeLimit: true,
  });
  await registerOpenApi(app, { publicUrl: config.publicUrl });

  // Platform for every domain: the session of each request, and the realtime hub.
  await registerAuthentication(app, database);
  await registerHealth(app);
  await registerRealtime(app, {
    identify: async (token) => (await userForToken(app.deps, token))?.user.id ?? null,
  });
  for (const plugin of domainPlugins) await app.register(plugin, { now: options.now });
  await registerWeb(app);
  return app;
}
