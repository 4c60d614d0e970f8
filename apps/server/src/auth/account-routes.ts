import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionSchema } from '@bullpen/contract/auth';
import { api } from '@bullpen/contract/routes';
import {
  deletionStatusSchema,
  requestDeletionSchema,
  signupSchema,
  updateUserResultSchema,
  updateUserSchema,
  userIdParams,
  userSchema,
} from '@bullpen/contract/users';
import { requireUser } from './authenticate.ts';
import { startSession } from './service.ts';
import { forbidden } from '../platform/errors.ts';
import { formSchema, readForm } from '../platform/forms.ts';
import { authRateLimit } from '../platform/rate-limit.ts';
import { parseInput } from '../platform/validation.ts';
import { authMessages } from '@bullpen/contract/messages';
import { cancelDeletion, requestDeletion } from './deletion-requests.ts';
import { canManageAccount } from '../users/policies.ts';
import { presentUser } from '../users/presenter.ts';
import { registerUser, updateUser } from './accounts.ts';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    api.users.pattern,
    {
      schema: {
        ...formSchema(signupSchema),
        tags: ['users'],
        description: `Sign-up. Fields: ${Object.keys(signupSchema.shape).join(', ')}, optional avatar file.`,
        response: { 201: sessionSchema },
      },
      config: { rateLimit: authRateLimit(app), ignoreAuthorization: true },
    },
    async (request, reply) => {
      const form = await readForm(request, 'avatar');
      const data = parseInput(signupSchema, form.fields);
      const user = await registerUser(app.deps, data, form.file, { address: request.ip });
      reply.status(201);
      return startSession(app.deps, user, { userAgent: request.headers['user-agent'] });
    },
  );

  route.get(
    api.user.pattern,
    {
      schema: { tags: ['users'], params: userIdParams, response: { 200: userSchema } },
      // The session's own user: the web app reads it to show the consent page.
      config: { openBeforeConsent: true },
    },
    async (request) => {
      const actor = requireUser(request);
      if (!canManageAccount(actor, request.params.id)) throw forbidden();
      // The owner's own row, as authentication read it (or the session cache kept it, fresh).
      return presentUser(actor);
    },
  );

  // PUT is the spec's; PATCH is the same partial update (the language switch sends only that).
  route.route({
    method: ['PUT', 'PATCH'],
    url: api.user.pattern,
    schema: {
      ...formSchema(updateUserSchema),
      tags: ['users'],
      params: userIdParams,
      response: { 200: updateUserResultSchema },
    },
    handler: async (request) => {
      const actor = requireUser(request);
      if (!canManageAccount(actor, request.params.id)) throw forbidden();
      const form = await readForm(request, 'avatar');
      const data = parseInput(updateUserSchema, form.fields);
      const result = await updateUser(app.deps, actor, data, form.file);
      const body = { ...presentUser(result.user), detail: result.detail };
      if (!result.sessionsRevoked) return body;
      const session = await startSession(app.deps, result.user, {
        userAgent: request.headers['user-agent'],
      });
      return { ...body, token: session.token };
    },
  });

  route.post(
    api.userDeletion.pattern,
    {
      schema: {
        tags: ['users'],
        params: userIdParams,
        body: requestDeletionSchema,
        response: { 200: deletionStatusSchema },
      },
      config: { rateLimit: authRateLimit(app) },
    },
    async (request) => {
      const actor = requireUser(request);
      if (!canManageAccount(actor, request.params.id)) throw forbidden();
      return requestDeletion(app.deps, actor, request.body.password);
    },
  );

  route.delete(
    api.userDeletion.pattern,
    { schema: { tags: ['users'], params: userIdParams, response: { 200: deletionStatusSchema } } },
    async (request) => {
      const actor = requireUser(request);
      if (!canManageAccount(actor, request.params.id)) throw forbidden();
      await cancelDeletion(app.deps, actor.id);
      return { deletion_due_at: null, detail: authMessages.deletionCancelledByRequest };
    },
  );
}
