import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { api } from '@bullpen/contract/routes';
import {
  humanChallengeSchema,
  inboxQuery,
  ticketCreatedSchema,
  ticketPageSchema,
  ticketParams,
  ticketSchema,
  ticketSchemaOut,
  ticketStatusBody,
  type TicketKind,
} from '@bullpen/contract/support';
import { optionalUser, requireUser } from '../auth/authenticate.ts';
import { forbidden } from '../platform/errors.ts';
import { pageOf, pageWindow } from '../platform/pagination.ts';
import { parseInput } from '../platform/validation.ts';
import { humanCheckKeys, issueChallenge } from './human-check.ts';
import { canReadSupportInbox, ticketAudience } from './policies.ts';
import { presentTicket, presentTicketCreated } from './presenter.ts';
import { inboxPage, markTicket, sendTicket } from './service.ts';

/** Challenges per client address and minute: far more than any person filling in a form. */
const CHALLENGES_PER_MINUTE = 30;

/**
 * Support (spec section 7): three ways to send a ticket, open to anyone, with the rules of
 * spec section 5 for a visitor or a signed-in user; the human check's challenges; and the
 * staff inbox.
 */
export async function supportRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const keys = humanCheckKeys(deps.signingKey);
  const tags = ['support'];

  const ticketEndpoints: [string, TicketKind][] = [
    [api.supportTickets.pattern, 'support'],
    [api.contactSalesTickets.pattern, 'contact_sales'],
    [api.schoolEventTickets.pattern, 'school_event'],
  ];
  for (const [pattern, kind] of ticketEndpoints) {
    route.post(
      pattern,
      {
        schema: {
          tags,
          // Documented with a visitor's rules; which rules apply depends on the session, so
          // the handler validates.
          formBody: ticketSchema(kind, 'guest'),
          response: { 201: ticketCreatedSchema },
        },
      },
      async (request, reply) => {
        const actor = optionalUser(request);
        const input = parseInput(ticketSchema(kind, ticketAudience(actor)), bodyOf(request));
        const ticket = await sendTicket(deps, {
          kind,
          actor,
          input,
          senderAddress: request.ip,
          humanCheckKeys: keys,
        });
        reply.status(201);
        return presentTicketCreated(ticket);
      },
    );
  }

  route.get(
    api.humanChallenge.pattern,
    {
      config: { rateLimit: { max: CHALLENGES_PER_MINUTE, timeWindow: 60_000 } },
      schema: { tags, security: [], response: { 200: humanChallengeSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return issueChallenge(keys, deps.config.humanCheck);
    },
  );

  route.get(
    api.supportInbox.pattern,
    {
      preValidation: requireStaffHook,
      schema: { tags, querystring: inboxQuery, response: { 200: ticketPageSchema } },
    },
    async (request) => {
      requireStaff(request);
      const { count, results } = await inboxPage(
        deps,
        request.query.status,
        pageWindow(request.query),
      );
      return pageOf(
        results.map(presentTicket),
        count,
        request.query,
        request.url,
        deps.config.publicUrl,
      );
    },
  );

  route.patch(
    api.supportTicket.pattern,
    {
      preValidation: requireStaffHook,
      schema: {
        tags,
        params: ticketParams,
        body: ticketStatusBody,
        response: { 200: ticketSchemaOut },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return presentTicket(await markTicket(deps, staff, request.params.id, request.body.status));
    },
  );
}

/** Staff only: 401 without a session, 403 for anyone else, before the input is read. */
async function requireStaffHook(request: FastifyRequest): Promise<void> {
  requireStaff(request);
}

function requireStaff(request: FastifyRequest) {
  const actor = requireUser(request);
  if (!canReadSupportInbox(actor)) throw forbidden();
  return actor;
}

/** A JSON body, or an empty form when none was sent. */
function bodyOf(request: FastifyRequest): unknown {
  return request.body === undefined || request.body === null ? {} : request.body;
}
