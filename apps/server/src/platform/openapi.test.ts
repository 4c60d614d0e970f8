import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { apiDocs, apiMethods, type ApiMethod, type PathDoc } from '@bullpen/contract/api-docs';
import { authMessages } from '@bullpen/contract/messages';
import { api } from '@bullpen/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { exampleFor } from './openapi-examples.ts';
import { contractEntryOf, type OpenApiDocument, type Operation } from './openapi.ts';

/**
 * The OpenAPI document (platform/openapi.ts) as clients read it at /api/docs/json: every
 * operation has the contract's summary and a unique operationId, its error answers in the
 * spec's shapes, and examples that its own schemas accept; what it says about signing in and
 * about bad input is what the server does.
 */
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

let t: TestApp;
let document: OpenApiDocument;
let operations: { path: string; method: ApiMethod; operation: Operation; label: string }[];
beforeAll(async () => {
  t = await buildTestApp();
  document = (await t.app.inject({ url: `${api.docs.pattern}/json` })).json() as OpenApiDocument;
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    apiMethods
      .filter((method) => methods[method])
      .map((method) => ({
        path,
        method,
        operation: methods[method]!,
        label: `${method.toUpperCase()} ${path}`,
      })),
  );
});
afterAll(async () => {
  await t.close();
});

type Json = Record<string, unknown>;

/** `{$ref: '#/components/…'}` replaced by what it points at, through the whole value. */
function resolved(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolved);
  if (!value || typeof value !== 'object') return value;
  const ref = (value as Json).$ref;
  if (typeof ref === 'string') {
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Json)[key], document);
    return resolved(target);
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolved(inner)]));
}

/** OpenAPI 3.0's boolean `exclusiveMinimum` in the JSON Schema spelling Ajv reads. */
function asJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const schema = Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, asJsonSchema(inner)]),
  );
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (schema[flag] === true) {
      schema[flag] = schema[bound];
      delete schema[bound];
    } else if (schema[flag] === false) delete schema[flag];
  }
  return schema;
}

const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));

/** Every example of an operation, with the schema it must fit: [where, example, schema]. */
function examplesOf(operation: Operation): [string, unknown, unknown][] {
  const found: [string, unknown, unknown][] = [];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.example !== undefined) {
      found.push([`parameter ${parameter.name}`, parameter.example, parameter.schema]);
    }
  }
  const media = (where: string, content: Json | undefined) => {
    for (const [type, entry] of Object.entries(content ?? {})) {
      const { schema, example, examples } = entry as Json;
      if (example !== undefined) found.push([`${where} ${type}`, example, schema]);
      for (const [name, named] of Object.entries((examples ?? {}) as Json)) {
        found.push([`${where} ${type} ${name}`, (named as Json).value, schema]);
      }
    }
  };
  media('request', operation.requestBody?.content as Json | undefined);
  for (const [status, response] of Object.entries(operation.responses)) {
    // The shared error answers are checked once, in components.responses.
    if (!response.$ref) media(`response ${status}`, response.content as Json | undefined);
  }
  return found;
}

/** A validator per distinct schema: many operations share theirs. */
const validators = new Map<string, ReturnType<typeof ajv.compile>>();
function validatorFor(schema: unknown) {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(asJsonSchema(resolved(schema)) as object);
    validators.set(key, validate);
  }
  return validate;
}

function invalidExamples(label: string, examples: [string, unknown, unknown][]): string[] {
  return examples.flatMap(([where, example, schema]) => {
    if (schema === undefined) return [];
    const validate = validatorFor(schema);
    return validate(example)
      ? []
      : [
          `${label} ${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(example).slice(0, 300)}`,
        ];
  });
}

describe('the OpenAPI document', () => {
  it('has the operations the server serves', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it('gives every operation a summary from the contract', () => {
    const missing = operations
      .filter(({ operation }) => !operation.summary)
      .map(({ path, method, label }) => {
        const entry = contractEntryOf(path, method);
        return entry
          ? `${label}: add \`${method}: { summary: '…' }\` to apiDocs.${entry.name} in packages/contract/src/api-docs.ts`
          : `${label}: add its path to \`api\` in packages/contract/src/routes.ts, then its summary to packages/contract/src/api-docs.ts`;
      });
    expect(missing).toEqual([]);
  });

  it('documents no method the server does not serve', () => {
    const stale = (Object.entries(apiDocs) as [keyof typeof api, PathDoc][]).flatMap(
      ([name, methods]) =>
        apiMethods
          .filter((method) => methods[method])
          .filter(
            (method) => !t.app.hasRoute({ method: method.toUpperCase(), url: api[name].pattern }),
          )
          .map((method) => `apiDocs.${name}.${method}`),
    );
    expect(stale).toEqual([]);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(document.paths['/api/users/{id}/']?.put?.operationId).toBe('putUser');
    expect(document.paths['/api/users/{id}/']?.patch?.operationId).toBe('patchUser');
  });

  it('gives every operation its 4xx answers in the spec’s error shapes', () => {
    const shapes = new Set([
      '#/components/schemas/ErrorMessage',
      '#/components/schemas/FieldErrors',
    ]);
    const problems: string[] = [];
    for (const { operation, label } of operations) {
      const errors = Object.keys(operation.responses).filter((status) => /^4\d\d$/.test(status));
      if (errors.length === 0) problems.push(`${label}: no 4xx answer`);
      for (const status of errors) {
        const name = String(operation.responses[status]?.$ref).split('/').pop() ?? '';
        const component = (document.components.responses ?? {})[name] as
          { content?: { 'application/json'?: { schema: Json } } } | undefined;
        const schema = component?.content?.['application/json']?.schema;
        const refs = (schema?.oneOf as Json[] | undefined)?.map((part) => part.$ref) ?? [
          schema?.$ref,
        ];
        if (!refs.every((ref) => shapes.has(String(ref)))) {
          problems.push(`${label}: ${status} is not in an error shape`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('derives the error answers from what the route is', () => {
    const statuses = (path: string, method: ApiMethod) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {}).filter((status) =>
        status.startsWith('4'),
      );
    // Signed in, with an id in the path: refused input, no token, not allowed, no such contest.
    expect(statuses('/api/contests/{id}/', 'get')).toEqual(['400', '401', '403', '404']);
    // Login ignores the Authorization header and is throttled in its service.
    expect(statuses('/api-token-auth/', 'post')).toEqual(['400', '429']);
    // Sign-up is under the request limit, and the contract adds an avatar file too large.
    expect(statuses('/api/users/', 'post')).toEqual(['400', '413', '429']);
    // Logout stays open before a parent's consent: no 403.
    expect(statuses('/api/auth/logout/', 'post')).toEqual(['400', '401']);
    const sectors = document.paths['/api/sectors/']?.get;
    expect(sectors?.security).toEqual([{}, { jwt: [] }]);
    expect(document.paths['/api/contests/']?.get?.security).toBeUndefined();
  });

  it('gives every operation an example', () => {
    expect(
      operations
        .filter(({ operation }) => examplesOf(operation).length === 0)
        .map(({ label }) => label),
    ).toEqual([]);
    // Bodies and answers have their own, not only parameters and errors.
    const created = document.paths['/api/contests/']?.post;
    expect(created?.requestBody?.content?.['application/json']?.example).toMatchObject({
      name: expect.any(String),
      visibility: 'public',
    });
    expect(created?.responses['201']?.content?.['application/json']?.example).toMatchObject({
      id: 42,
    });
  });

  it('has examples that their own schemas accept', { timeout: 120_000 }, () => {
    const invalid = operations.flatMap(({ operation, label }) =>
      invalidExamples(label, examplesOf(operation)),
    );
    for (const [name, response] of Object.entries(document.components.responses ?? {})) {
      invalid.push(
        ...invalidExamples(name, examplesOf({ responses: { error: response as never } })),
      );
    }
    expect(invalid).toEqual([]);
  });

  it('makes examples its schemas refuse visible to that check', () => {
    // The check above is only worth something if it refuses what does not fit.
    const schema = { type: 'string', pattern: '^[a-z]+$', minLength: 3 };
    const validate = ajv.compile(schema);
    expect(validate(exampleFor(schema))).toBe(true);
    expect(validate('AB')).toBe(false);
    expect(exampleFor({ type: 'integer', minimum: 5, maximum: 9 }, 'id')).toBe(9);
    expect(exampleFor({ type: 'string', format: 'date' })).toBe('2027-03-15');
    expect(exampleFor({ type: 'string', format: 'date-time' }, 'ends_at')).toBe(
      '2027-04-30T15:00:00.000Z',
    );
  });
});

describe('what the document says, the server does', () => {
  /** The operation's URL with its parameter examples, and its JSON body example. */
  function requestFor(path: string, operation: Operation) {
    const parameters = operation.parameters ?? [];
    const value = (name: string) =>
      encodeURIComponent(String(parameters.find((parameter) => parameter.name === name)?.example));
    const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => value(name));
    const query = parameters
      .filter((parameter) => parameter.in === 'query' && parameter.example !== undefined)
      .map((parameter) => `${parameter.name}=${value(parameter.name)}`)
      .join('&');
    const body = operation.requestBody?.content?.['application/json']?.example;
    return { url: query ? `${url}?${query}` : url, body };
  }

  it('answers 401 to an anonymous call exactly where the contract says to sign in', async () => {
    const wrong: string[] = [];
    for (const { path, method, operation, label } of operations) {
      const doc = contractEntryOf(path, method)?.doc;
      const { url, body } = requestFor(path, operation);
      const response = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      // The refusal of a missing sign-in (a route may refuse a token in its body with 401 too).
      const refused =
        response.statusCode === 401 &&
        response.json<{ error?: string }>().error === authMessages.notAuthenticated;
      if (doc?.anonymous && refused) wrong.push(`${label} is documented open but asks to sign in`);
      if (!doc?.anonymous && !refused) {
        wrong.push(`${label} is documented signed-in but answered ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 to a NUL character in the query on every operation', async () => {
    const wrong: string[] = [];
    for (const { path, method, operation, label } of operations) {
      const { url } = requestFor(path, operation);
      const response = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: `${url}${url.includes('?') ? '&' : '?'}note=%00`,
      });
      if (response.statusCode !== 400) wrong.push(`${label} answered ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
