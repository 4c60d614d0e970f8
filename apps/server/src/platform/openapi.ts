import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  apiDocs,
  apiMethods,
  operationIdOf,
  type ApiMethod,
  type OperationDoc,
} from '@bullpen/contract/api-docs';
import { inputMessages } from '@bullpen/contract/input';
import { authMessages } from '@bullpen/contract/messages';
import { api } from '@bullpen/contract/routes';
import { exampleFor, type OpenApiSchema } from './openapi-examples.ts';

/**
 * The OpenAPI document, served under `api.docs` (Swagger UI, and the document itself at its
 * `json` subpath), generated from the contract: each route's zod schemas give its parameters,
 * body and answers; the contract's `apiDocs` (packages/contract/src/api-docs.ts) gives its
 * summary and operationId; its error answers are derived here from what the route is, in the
 * spec's error shapes; and its examples are made from its schemas (openapi-examples.ts).
 * See docs/api.md.
 */

/** What a route's options say about its errors, noted as it is registered. */
type RouteFacts = {
  /** Under @fastify/rate-limit (`config.rateLimit`): 429 past the limit. */
  rateLimited: boolean;
  /** Ignores the Authorization header (login, sign-up): no 401 or 403 from a token. */
  ignoresAuthorization: boolean;
  /** Open to an account waiting for a parent's consent: no 403 for it. */
  openBeforeConsent: boolean;
};

type MediaType = { schema?: OpenApiSchema; example?: unknown; examples?: unknown };
type Response = { description?: string; content?: Record<string, MediaType>; $ref?: string };
type Parameter = { name: string; in: string; schema?: OpenApiSchema; example?: unknown };
export type Operation = {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, Response>;
};
export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<ApiMethod, Operation>>>;
  components: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> } & Record<
    string,
    unknown
  >;
};

const errorMessage = {
  type: 'object',
  description: 'An error as one sentence.',
  properties: { error: { type: 'string' } },
  required: ['error'],
  additionalProperties: false,
};
const fieldErrors = {
  type: 'object',
  description:
    'Messages per field (each a non-empty list); `non_field_errors` for the request as a whole.',
  properties: { non_field_errors: { type: 'array', items: { type: 'string' }, minItems: 1 } },
  additionalProperties: { type: 'array', items: { type: 'string' }, minItems: 1 },
  minProperties: 1,
};
const errorMessageRef = { $ref: '#/components/schemas/ErrorMessage' };
const fieldErrorsRef = { $ref: '#/components/schemas/FieldErrors' };

function errorResponse(
  description: string,
  schema: object,
  examples: Record<string, unknown>,
  headers?: object,
) {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: {
      'application/json': {
        schema,
        examples: Object.fromEntries(
          Object.entries(examples).map(([name, value]) => [name, { value }]),
        ),
      },
    },
  };
}

/** The error answers, once each, in the spec's error shapes (platform/errors.ts). */
const errorResponses = {
  400: [
    'BadRequest',
    errorResponse(
      'The input is refused: messages per field, `non_field_errors`, or `{error}` for a body that is not JSON.',
      { oneOf: [fieldErrorsRef, errorMessageRef] },
      {
        field: { id: [inputMessages.invalidId] },
        request: { non_field_errors: [inputMessages.tooDeep] },
        malformed: { error: 'The request body is not valid JSON.' },
      },
    ),
  ],
  401: [
    'Unauthorized',
    errorResponse(
      'Not signed in, or the token sent is invalid, expired or ended (`Authorization: JWT <token>`).',
      errorMessageRef,
      {
        missing: { error: authMessages.notAuthenticated },
        invalid: { error: authMessages.tokenInvalid },
      },
    ),
  ],
  403: [
    'Forbidden',
    errorResponse(
      'Signed in, but not allowed: the user lacks the role or relation, or the account waits for a parent’s consent.',
      errorMessageRef,
      {
        forbidden: { error: authMessages.forbidden },
        consent: { error: authMessages.consentPending },
      },
    ),
  ],
  404: [
    'NotFound',
    errorResponse('No such thing, or not visible to this user.', errorMessageRef, {
      missing: { error: 'Not found.' },
    }),
  ],
  409: [
    'Conflict',
    errorResponse(
      'The request contradicts the current state (already done, taken, or no longer possible).',
      { oneOf: [fieldErrorsRef, errorMessageRef] },
      {
        state: { error: 'This request was already decided.' },
        field: { username: ['This username is taken.'] },
      },
    ),
  ],
  410: [
    'Gone',
    errorResponse('The link existed but has expired.', errorMessageRef, {
      expired: { error: 'This link has expired. Ask for a new one.' },
    }),
  ],
  413: [
    'PayloadTooLarge',
    errorResponse('The body or the uploaded file is too large.', errorMessageRef, {
      tooLarge: { error: 'The uploaded file is too large.' },
    }),
  ],
  422: [
    'Unprocessable',
    errorResponse(
      'Well formed, but contradicts an earlier request (an Idempotency-Key reused with another body).',
      errorMessageRef,
      { reused: { error: 'This Idempotency-Key was used for another request.' } },
    ),
  ],
  429: [
    'TooManyRequests',
    errorResponse(
      'Too many attempts: the message says how long to wait.',
      errorMessageRef,
      { wait: { error: authMessages.rateLimited(60) } },
      {
        'Retry-After': {
          description: 'Seconds to wait, when the limit knows it.',
          schema: { type: 'integer', minimum: 1 },
        },
      },
    ),
  ],
} as const;

type ErrorStatus = keyof typeof errorResponses;

const nameByPattern = new Map<string, keyof typeof api>(
  (Object.keys(api) as (keyof typeof api)[]).map((name) => [api[name].pattern, name]),
);

/** The contract's entry for an OpenAPI path and method (`{id}` spelt `:id` in the contract). */
export function contractEntryOf(
  openApiPath: string,
  method: ApiMethod,
): { name: keyof typeof api; doc: OperationDoc | undefined } | undefined {
  const name = nameByPattern.get(openApiPath.replace(/\{(\w+)\}/g, ':$1'));
  if (!name) return undefined;
  const methods: Partial<Record<ApiMethod, OperationDoc>> = apiDocs[name];
  return { name, doc: methods[method] };
}

/** The error answers of one operation: derived from the route, plus what its doc declares. */
export function errorStatusesOf(
  operation: Operation,
  facts: RouteFacts | undefined,
  doc: OperationDoc | undefined,
): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(doc?.errors ?? []);
  const parameters = operation.parameters ?? [];
  // Every route: the input checks (validation.ts) refuse a NUL character in any query parameter
  // and a body nested too deeply, before the route's own schema.
  statuses.add(400);
  if (!facts?.ignoresAuthorization) {
    statuses.add(401);
    if (!facts?.openBeforeConsent) statuses.add(403);
  }
  // An id in the path, and a query's page past the end or the contest, symbol or class it names.
  if (parameters.length > 0) statuses.add(404);
  if (facts?.rateLimited) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

function withExample(media: MediaType | undefined, name: string): void {
  if (!media?.schema || media.example !== undefined || media.examples !== undefined) return;
  const example = exampleFor(media.schema, name);
  if (example !== undefined) media.example = example;
}

/**
 * Two spellings zod writes that OpenAPI 3.0 does not allow: `nullable` beside `anyOf` without a
 * `type` (a nullable union: each variant becomes nullable instead), and a one-variant `oneOf` or
 * `anyOf` (a union of one kind, which is that kind).
 */
export function tidySchema(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) tidySchema(item);
    return;
  }
  const schema = node as Record<string, unknown>;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const variants = schema[key];
    if (!Array.isArray(variants)) continue;
    if (schema.nullable === true && schema.type === undefined) {
      schema[key] = variants.map((variant: Record<string, unknown>) =>
        variant.type === undefined ? variant : { ...variant, nullable: true },
      );
      delete schema.nullable;
    }
    const only = (schema[key] as unknown[])[0];
    if ((schema[key] as unknown[]).length === 1 && only && typeof only === 'object') {
      delete schema[key];
      Object.assign(schema, only);
    }
  }
  for (const value of Object.values(schema)) tidySchema(value);
}

/** Adds summaries, operationIds, error answers and examples to swagger's document. */
export function describeOperations(
  document: OpenApiDocument,
  routeFacts: ReadonlyMap<string, RouteFacts>,
): OpenApiDocument {
  document.components.schemas = {
    ...document.components.schemas,
    ErrorMessage: errorMessage,
    FieldErrors: fieldErrors,
  };
  document.components.responses = Object.fromEntries(Object.values(errorResponses));
  tidySchema(document.paths);
  const seen = new Set<Operation>();
  for (const [openApiPath, methods] of Object.entries(document.paths)) {
    const pattern = openApiPath.replace(/\{(\w+)\}/g, ':$1');
    for (const method of apiMethods) {
      const shared = methods[method];
      if (!shared) continue;
      // One route serving two methods (PUT and PATCH) hands swagger one object for both.
      const operation = seen.has(shared) ? structuredClone(shared) : shared;
      seen.add(shared);
      methods[method] = operation;
      const entry = contractEntryOf(openApiPath, method);
      // A route without a summary stays without one: openapi.test.ts names it.
      if (entry?.doc) {
        operation.summary = entry.doc.summary;
        operation.operationId = operationIdOf(entry.name, method);
        // Open to anyone; a signed-in caller sends its token and is answered as itself.
        if (entry.doc.anonymous) operation.security = [{}, { jwt: [] }];
      }
      const facts = routeFacts.get(`${method.toUpperCase()} ${pattern}`);
      for (const status of errorStatusesOf(operation, facts, entry?.doc)) {
        operation.responses[status] = {
          $ref: `#/components/responses/${errorResponses[status][0]}`,
        };
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.schema && parameter.example === undefined) {
          parameter.example = exampleFor(parameter.schema, parameter.name);
        }
      }
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        withExample(media, 'body');
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('2')) continue;
        withExample(response.content?.['application/json'], 'response');
      }
    }
  }
  return document;
}

export async function registerOpenApi(
  app: FastifyInstance,
  { publicUrl }: { publicUrl: string },
): Promise<void> {
  const routeFacts = new Map<string, RouteFacts>();
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as {
      rateLimit?: unknown;
      ignoreAuthorization?: boolean;
      openBeforeConsent?: boolean;
    };
    for (const method of [route.method].flat()) {
      routeFacts.set(`${method} ${route.url}`, {
        rateLimited: Boolean(config.rateLimit),
        ignoresAuthorization: config.ignoreAuthorization === true,
        openBeforeConsent: config.openBeforeConsent === true,
      });
    }
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Bullpen API',
        version: '0.1.0',
        description:
          'The API of Bullpen, a financial-literacy and stock-market game for schools. Errors come in three shapes: `{error}`, `{non_field_errors: [...]}` and `{field: [...]}`.',
      },
      servers: [{ url: publicUrl, description: 'This Bullpen server' }],
      components: {
        securitySchemes: {
          jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'JWT <token>' },
        },
      },
      security: [{ jwt: [] }],
    },
    // A form's fields (read by the handler, not by Fastify) are documented as its body.
    transform: (document) => {
      const { formBody, ...schema } = document.schema ?? {};
      return jsonSchemaTransform(
        formBody ? { ...document, schema: { ...schema, body: formBody } } : document,
      );
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      // Completed in place: swagger's own types know nothing of the parts added.
      describeOperations(document.openapiObject as unknown as OpenApiDocument, routeFacts);
      return document.openapiObject;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: api.docs.pattern,
    staticCSP: true,
    // Swagger UI sets a few inline styles of its own, as MUI does in the app.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
  });
}
