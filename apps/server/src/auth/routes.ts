import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  detailSchema,
  emailRequestSchema,
  endedSessionsSchema,
  loginSchema,
  resetPasswordSchema,
  sessionSchema,
  userSessionListSchema,
  userSessionParams,
  verifyEmailSchema,
  verifyTokenSchema,
} from '@bullpen/contract/auth';
import { api } from '@bullpen/contract/routes';
import { authMessages } from '@bullpen/contract/messages';
import { authRateLimit } from '../platform/rate-limit.ts';
import { deviceCookieHeader, deviceCookieKey, readDeviceCookie } from './device-cookies.ts';
import { requireUser } from './authenticate.ts';
import { presentUserSessions } from './presenter.ts';
import {
  logIn,
  requestPasswordReset,
  requestVerificationEmail,
  resetPassword,
  endOtherSessions,
  endOwnSession,
  endSession,
  sessionsOf,
  verifyEmail,
  verifySessionToken,
} from './service.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: authRateLimit(app), ignoreAuthorization: true };
  const deviceKey = deviceCookieKey(app.deps.signingKey);

  route.post(
    api.login.pattern,
    {
      schema: { tags: ['auth'], body: loginSchema, response: { 200: sessionSchema } },
      config: { ignoreAuthorization: true },
    },
    async (request, reply) => {
      const devices = readDeviceCookie(deviceKey, request.headers.cookie);
      const { session, device } = await logIn(app.deps, request.body, {
        address: request.ip,
        devices,
        userAgent: request.headers['user-agent'],
      });
      const secure = request.protocol === 'https';
      reply.header('set-cookie', deviceCookieHeader(deviceKey, devices, device, { secure }));
      return session;
    },
  );

  route.post(
    api.verifyToken.pattern,
    {
      schema: { tags: ['auth'], body: verifyTokenSchema, response: { 200: sessionSchema } },
      config: { ignoreAuthorization: true },
    },
    async (request) => verifySessionToken(app.deps, request.body.token),
  );

  route.post(
    api.logout.pattern,
    {
      schema: { tags: ['auth'], response: { 200: detailSchema } },
      config: { openBeforeConsent: true },
    },
    async (request) => {
      requireUser(request);
      await endSession(app.deps, request.session!);
      return { detail: authMessages.loggedOut };
    },
  );

  // The signed-in user's own sessions: nobody lists or ends another's (their ids are "not found").
  route.get(
    api.sessions.pattern,
    { schema: { tags: ['auth'], response: { 200: userSessionListSchema } } },
    async (request) => {
      const actor = requireUser(request);
      return presentUserSessions(await sessionsOf(app.deps, actor), request.session!);
    },
  );

  route.delete(
    api.session.pattern,
    { schema: { tags: ['auth'], params: userSessionParams, response: { 200: detailSchema } } },
    async (request) => {
      const actor = requireUser(request);
      await endOwnSession(app.deps, actor, request.params.id);
      return { detail: authMessages.sessionEnded };
    },
  );

  route.post(
    api.endOtherSessions.pattern,
    { schema: { tags: ['auth'], response: { 200: endedSessionsSchema } } },
    async (request) => {
      requireUser(request);
      const ended = await endOtherSessions(app.deps, request.session!);
      return { detail: authMessages.otherSessionsEnded, ended };
    },
  );

  route.post(
    api.sendVerificationEmail.pattern,
    {
      schema: {
        tags: ['auth'],
        body: emailRequestSchema.partial().optional(),
        response: { 200: detailSchema },
      },
      config: { rateLimit: authRateLimit(app) },
    },
    async (request) => ({
      detail: await requestVerificationEmail(app.deps, request.currentUser, request.body?.email),
    }),
  );

  route.post(
    api.verifyEmail.pattern,
    { schema: { tags: ['auth'], body: verifyEmailSchema, response: { 200: detailSchema } } },
    async (request) => ({ detail: await verifyEmail(app.deps, request.body.token) }),
  );

  route.post(
    api.sendResetPasswordEmail.pattern,
    {
      schema: { tags: ['auth'], body: emailRequestSchema, response: { 200: detailSchema } },
      config: limited,
    },
    async (request) => ({ detail: await requestPasswordReset(app.deps, request.body.email) }),
  );

  route.post(
    api.resetPassword.pattern,
    {
      schema: {
        tags: ['auth'],
        body: resetPasswordSchema,
        response: { 200: detailSchema },
      },
      config: limited,
    },
    async (request) => ({ detail: await resetPassword(app.deps, request.body) }),
  );
}
