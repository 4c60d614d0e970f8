import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { detailSchema } from '@bullpen/contract/auth';
import { api } from '@bullpen/contract/routes';
import {
  consentDecisionSchema,
  consentRequestSchema,
  consentTokenParams,
  myConsentSchema,
  resendConsentSchema,
} from '@bullpen/contract/users';
import { authMessages } from '@bullpen/contract/messages';
import { requireUser } from './authenticate.ts';
import { authRateLimit } from '../platform/rate-limit.ts';
import {
  consentRequestFor,
  decideParentConsent,
  myConsent,
  resendParentConsent,
} from './consent.ts';

/**
 * A parent's consent to an under-13's direct sign-up. The parent's routes are anonymous: the
 * link's token is the authority, whoever's device opens it. The child's routes stay open
 * while the account waits (auth/authenticate.ts).
 */
export async function consentRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const asParent = { rateLimit: authRateLimit(app), ignoreAuthorization: true };

  route.get(
    api.myConsent.pattern,
    {
      schema: { tags: ['users'], response: { 200: myConsentSchema } },
      config: { openBeforeConsent: true },
    },
    async (request) => myConsent(requireUser(request)),
  );

  route.post(
    api.resendConsent.pattern,
    {
      schema: {
        tags: ['users'],
        body: resendConsentSchema.optional(),
        response: { 200: detailSchema },
      },
      config: { openBeforeConsent: true, rateLimit: authRateLimit(app) },
    },
    async (request) => {
      const user = requireUser(request);
      await resendParentConsent(app.deps, user, request.body?.parent_email);
      return { detail: authMessages.consentSent };
    },
  );

  route.get(
    api.consent.pattern,
    {
      schema: {
        tags: ['users'],
        params: consentTokenParams,
        response: { 200: consentRequestSchema },
      },
      config: asParent,
    },
    async (request) => {
      const { childFirstName } = await consentRequestFor(app.deps, request.params.token);
      return { child_first_name: childFirstName };
    },
  );

  route.post(
    api.consent.pattern,
    {
      schema: {
        tags: ['users'],
        params: consentTokenParams,
        body: consentDecisionSchema,
        response: { 200: detailSchema },
      },
      config: asParent,
    },
    async (request) => ({
      detail: await decideParentConsent(app.deps, request.params.token, request.body.decision),
    }),
  );
}
