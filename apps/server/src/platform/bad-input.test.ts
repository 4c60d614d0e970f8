import { afterAll, describe, expect, it } from 'vitest';
import { buildContest, buildTestApp, buildUser } from '../test/app.ts';

/**
 * Walks the app's own OpenAPI document and sends every route the classes of bad input that
 * once reached a 500: odd ids in paths and queries, NUL bytes, object-member key names, wrong
 * types, malformed JSON and malformed multipart. A route added later is covered without being
 * listed here. Each request runs anonymously and as a signed-in user (so authorisation does
 * not hide validation); the answer must be below 500 and, when an error, in a spec shape and
 * among the operation's documented answers (platform/openapi.ts).
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };
type Attempt = {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
};

const BAD_IDS = ['-1', '0', 'abc', '1e20', '2147483648', '\u0000'];
/** Past the PostgreSQL `integer` of every id column, and past the 32-bit range altogether. */
const BIG_NUMBERS = [2147483648, 9999999999, 1e20, -1, 0];
/** Dates JavaScript reads but PostgreSQL cannot store: year zero, and the last day of Date. */
const BAD_DATES = [
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '+275760-09-13',
  '+275760-09-13T00:00:00Z',
];
/** Far deeper than any body the API takes; a recursive walk over it runs out of stack. */
const DEEP_JSON = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
const DEEP_LIST = '['.repeat(10_000) + ']'.repeat(10_000);
const MEMBER_KEYS = ['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty'];
const NUL_TEXT = 'Class\u00007B';
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

const t = await buildTestApp();
const owner = await buildUser(t.deps, { is_teacher: true, verified: true });
const contest = await buildContest(t, owner, { visibility: 'private' });
// A class of the owner's with one student, so classroom routes reach their services.
const classroom = (
  await t.app.inject({
    method: 'POST',
    url: '/api/classrooms/classrooms/',
    headers: owner.auth,
    payload: { name: 'Walker class' },
  })
).json() as { id: number; join_code: string };
const student = await buildUser(t.deps);
await t.app.inject({
  method: 'POST',
  url: '/api/classrooms/classrooms/join/',
  headers: student.auth,
  payload: { code: classroom.join_code },
});
let signedIn = owner;
afterAll(() => t.close());

const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, operation]) => ({ path, method, operation })),
);

/** A plausible value for a field, so that the one bad value is what the server judges. */
function sampleFor(name: string, schema: JsonSchema = {}, path = ''): unknown {
  const lower = name.toLowerCase();
  if (lower === 'id' || lower === 'userid') {
    if (path.includes('/classrooms/classrooms/')) return classroom.id;
    if (path.includes('contest-user')) return contest.my_contest_user;
    if (path.includes('contest')) return contest.id;
    if (path.includes('user') || path.includes('point')) return signedIn.user.id;
    return 1;
  }
  if (lower === 'contest') return contest.id;
  if (lower === 'contest_user') return contest.my_contest_user;
  if (lower === 'user') return signedIn.user.id;
  if (lower === 'student') return student.user.id;
  if (lower === 'code') return contest.join_code;
  if (lower === 'symbol') return 'AAPL';
  if (lower === 'email') return `walker${Date.now()}@school.test`;
  if (lower === 'username') return `walker${Date.now()}`;
  if (lower.includes('password')) return 'tall-maple-walker';
  if (lower === 'starts_at') return new Date(Date.now() - 86_400_000).toISOString();
  if (lower === 'ends_at') return new Date(Date.now() + 30 * 86_400_000).toISOString();
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return sampleFor(name, variant, path);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') {
    return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
  }
  if (type === 'boolean') return true;
  if (type === 'array') return [sampleFor(name, schema.items, path)];
  if (type === 'object') return sampleObject(schema, path);
  if (schema.format === 'email') return `walker${Date.now()}@school.test`;
  if (schema.format === 'date-time') return new Date().toISOString();
  return 'Sample text';
}

function sampleObject(schema: JsonSchema, path: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, value]) => [
      key,
      sampleFor(key, value, path),
    ]),
  );
}

function typeOf(schema: JsonSchema): string | undefined {
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return typeOf(variant);
  return Array.isArray(schema.type) ? schema.type[0] : schema.type;
}

function variantOf(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0] ?? schema;
}

/**
 * A field's sample with one number in it replaced by a bad one, for every number the field
 * holds: itself, the items of a list, the fields of an object; as [where, value] pairs.
 */
function badNumbersFor(schema: JsonSchema, sample: unknown): [string, unknown][] {
  return replacements(schema, sample, (inner) => {
    const type = typeOf(inner);
    return type === 'integer' || type === 'number' ? BIG_NUMBERS : [];
  });
}

/** The same for every date and date-time in a field. */
function badDatesFor(schema: JsonSchema, sample: unknown): [string, unknown][] {
  return replacements(schema, sample, (inner) => {
    const format = variantOf(inner).format;
    return format === 'date' || format === 'date-time' ? BAD_DATES : [];
  });
}

function replacements(
  schema: JsonSchema,
  sample: unknown,
  badValues: (schema: JsonSchema) => unknown[],
  depth = 0,
): [string, unknown][] {
  const own = badValues(schema).map((bad): [string, unknown] => [`=${String(bad)}`, bad]);
  if (depth > 3) return own;
  const inner = variantOf(schema);
  if (typeOf(inner) === 'array' && inner.items && Array.isArray(sample) && sample.length > 0) {
    return [
      ...own,
      ...replacements(inner.items, sample[0], badValues, depth + 1).map(
        ([where, bad]): [string, unknown] => [`[0]${where}`, [bad]],
      ),
    ];
  }
  if (typeOf(inner) === 'object' && sample && typeof sample === 'object') {
    const record = sample as Record<string, unknown>;
    return [
      ...own,
      ...Object.entries(inner.properties ?? {}).flatMap(([key, child]) =>
        replacements(child, record[key], badValues, depth + 1).map(
          ([where, bad]): [string, unknown] => [`.${key}${where}`, { ...record, [key]: bad }],
        ),
      ),
    ];
  }
  return own;
}

/** A value of another JSON type than the one the schema wants. */
function wrongType(schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') return { nested: true };
  if (type === 'array') return 'not a list';
  if (type === 'object') return ['not', 'an', 'object'];
  return 'not a number';
}

function bodySchemaOf(operation: Operation): JsonSchema | undefined {
  return operation.requestBody?.content?.['application/json']?.schema;
}

function isMultipart(operation: Operation): boolean {
  return Boolean(operation.requestBody?.content?.['multipart/form-data']);
}

function urlFor(path: string, params: Record<string, unknown>, query: Record<string, unknown>) {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name])),
  );
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  ).toString();
  return search ? `${filled}?${search}` : filled;
}

function multipartBody(boundary: string, fields: Record<string, unknown>): string {
  return (
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`
  );
}

/** Every bad request for one operation, built from its documented parameters and body. */
function attemptsFor(path: string, method: string, operation: Operation): Attempt[] {
  const parameters = operation.parameters ?? [];
  const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const params = Object.fromEntries(pathNames.map((name) => [name, sampleFor(name, {}, path)]));
  const query = Object.fromEntries(
    queryParameters
      .filter((parameter) => parameter.required)
      .map((parameter) => [parameter.name, sampleFor(parameter.name, parameter.schema, path)]),
  );
  const schema = bodySchemaOf(operation);
  const fields = schema?.properties ?? {};
  const body = schema ? sampleFor('body', schema, path) : {};
  const json = { 'content-type': 'application/json' };
  const hasBody = BODY_METHODS.has(method) && (schema !== undefined || isMultipart(operation));
  const base = (label: string, url: string, payload?: unknown): Attempt => ({
    label,
    method: method.toUpperCase(),
    url,
    ...(hasBody ? { headers: json, payload: JSON.stringify(payload ?? body) } : {}),
  });
  const attempts: Attempt[] = [];

  for (const name of pathNames) {
    for (const bad of BAD_IDS) {
      attempts.push(
        base(
          `path ${name}=${JSON.stringify(bad)}`,
          urlFor(path, { ...params, [name]: bad }, query),
        ),
      );
    }
  }
  for (const parameter of queryParameters) {
    for (const bad of [...BAD_IDS, NUL_TEXT]) {
      attempts.push(
        base(
          `query ${parameter.name}=${JSON.stringify(bad)}`,
          urlFor(path, params, { ...query, [parameter.name]: bad }),
        ),
      );
    }
  }
  if (!hasBody) return attempts;
  const url = urlFor(path, params, query);
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  for (const [name, fieldSchema] of Object.entries(fields)) {
    const type = Array.isArray(fieldSchema.type) ? fieldSchema.type[0] : fieldSchema.type;
    const items = fieldSchema.items;
    if (type === 'string' || fieldSchema.anyOf || fieldSchema.enum) {
      attempts.push(base(`body ${name} with NUL`, url, { ...record, [name]: NUL_TEXT }));
    }
    if (type === 'array' && (items?.type === 'string' || items?.format)) {
      attempts.push(base(`body ${name}[] with NUL`, url, { ...record, [name]: [NUL_TEXT] }));
    }
    for (const [where, bad] of badNumbersFor(fieldSchema, record[name])) {
      attempts.push(base(`body ${name}${where}`, url, { ...record, [name]: bad }));
    }
    for (const [where, bad] of badDatesFor(fieldSchema, record[name])) {
      attempts.push(base(`body ${name}${where}`, url, { ...record, [name]: bad }));
    }
    attempts.push(
      base(`body ${name} wrong type`, url, { ...record, [name]: wrongType(fieldSchema) }),
    );
  }
  for (const key of MEMBER_KEYS) {
    attempts.push({
      ...base(`body key ${key}`, url),
      payload: JSON.stringify(record).replace(
        /^\{/,
        `{"${key}":"x"${Object.keys(record).length ? ',' : ''}`,
      ),
    });
    attempts.push({ ...base(`body only key ${key}`, url), payload: `{"${key}":{"a":1}}` });
  }
  attempts.push({ ...base('malformed JSON', url), payload: '{"name": "unterminated' });
  attempts.push({ ...base('JSON 10,000 objects deep', url), payload: DEEP_JSON });
  attempts.push({ ...base('JSON 10,000 lists deep', url), payload: DEEP_LIST });
  for (const payload of ['[]', '"text"', 'null', '42']) {
    attempts.push({ ...base(`JSON ${payload}`, url), payload });
  }

  if (isMultipart(operation)) {
    const form = (label: string, contentType: string, payload: string) =>
      attempts.push({
        label: `multipart ${label}`,
        method: method.toUpperCase(),
        url,
        headers: { 'content-type': contentType },
        payload,
      });
    const boundary = 'walkerBoundary42';
    const full = multipartBody(boundary, record);
    form('missing boundary', 'multipart/form-data', full);
    form(
      'truncated body',
      `multipart/form-data; boundary=${boundary}`,
      full.slice(0, full.length / 2),
    );
    form('boundary mismatch', 'multipart/form-data; boundary=otherBoundary', full);
    form('empty body', `multipart/form-data; boundary=${boundary}`, '');
    for (const name of Object.keys(fields)) {
      form(
        `${name} with NUL`,
        `multipart/form-data; boundary=${boundary}`,
        multipartBody(boundary, { ...record, [name]: NUL_TEXT }),
      );
    }
    for (const key of MEMBER_KEYS) {
      form(
        `field ${key}`,
        `multipart/form-data; boundary=${boundary}`,
        multipartBody(boundary, { ...record, [key]: 'x' }),
      );
    }
  }
  return attempts;
}

/** `{non_field_errors: [..]}`, `{field: [..]}` or `{error: ".."}` — nothing else. */
function isSpecErrorShape(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  if (entries.length === 0) return false;
  if (entries.length === 1 && entries[0]![0] === 'error') return typeof entries[0]![1] === 'string';
  return entries.every(
    ([, value]) =>
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((message) => typeof message === 'string' && message.length > 0),
  );
}

async function stillSignedIn(): Promise<void> {
  const response = await t.app.inject({
    url: `/api/users/${signedIn.user.id}/`,
    headers: signedIn.auth,
  });
  // A route under test may have ended the session (logout, password change): start another.
  if (response.statusCode === 401) signedIn = await buildUser(t.deps);
}

describe('bad input on every route of the OpenAPI document', () => {
  it('finds the routes in the document', () => {
    const paths = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(paths).toContain('post /api/users/');
    expect(paths).toContain('put /api/users/{id}/');
    expect(paths).toContain('post /api/contest-user-orders/');
    expect(operations.length).toBeGreaterThan(30);
  });

  it.each(
    operations.map((operation) => [
      `${operation.method.toUpperCase()} ${operation.path}`,
      operation,
    ]),
  )(
    '%s never answers 5xx nor a shape outside the spec',
    { timeout: 120_000 },
    async (_name, { path, method, operation }) => {
      const failures: string[] = [];
      for (const who of ['anonymous', 'signed in'] as const) {
        if (who === 'signed in') await stillSignedIn();
        for (const attempt of attemptsFor(path, method, operation)) {
          const response = await t.app.inject({
            method: attempt.method as 'GET',
            url: attempt.url,
            headers: {
              ...attempt.headers,
              ...(who === 'signed in' ? signedIn.auth : {}),
            },
            payload: attempt.payload,
          });
          let body: unknown;
          try {
            body = response.json();
          } catch {
            body = response.body;
          }
          const problem =
            response.statusCode >= 500
              ? 'server error'
              : response.statusCode >= 400 && !isSpecErrorShape(body)
                ? 'error outside the spec shapes'
                : response.statusCode >= 400 && !operation.responses?.[response.statusCode]
                  ? 'an error answer the OpenAPI document does not list'
                  : undefined;
          if (problem) {
            failures.push(
              `${who} ${attempt.label}: ${problem} ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );
});

describe('the answers to bad input', () => {
  const idError = { id: ['A valid id is a whole number from 1 to 2147483647.'] };

  it('refuses a NUL character in stored text as a field error', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api-token-auth/',
      payload: { username: 'ann\u0000', password: 'whatever-it-is' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({
      username: ['Remove the NUL character (\\u0000): text cannot contain it.'],
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/contests/',
      headers: owner.auth,
      payload: {
        name: 'Class 7B',
        description: 'Weekly\u0000game',
        visibility: 'public',
        starts_at: new Date().toISOString(),
        ends_at: new Date(Date.now() + 86_400_000).toISOString(),
        starting_cash: 1_000_000,
      },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toHaveProperty('description');
    const search = await t.app.inject({ url: '/api/securities/?search=A%00B' });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toHaveProperty('search');
  });

  it('refuses a NUL character in a multipart sign-up field', async () => {
    const boundary = 'nulBoundary';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipartBody(boundary, {
        username: 'nul_user',
        email: 'nul@school.test',
        password: 'tall-maple-nul',
        first_name: 'A\u0000n',
        last_name: 'B',
        date_of_birth: '2000-01-01',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      first_name: ['Remove the NUL character (\\u0000): text cannot contain it.'],
    });
  });

  it.each(['-1', '0', 'abc', '1e20', '2147483648', '99999999999999'])(
    'answers the id %s with one clear message, in a path, a query and a body',
    async (bad) => {
      const inPath = await t.app.inject({ url: `/api/contests/${bad}/`, headers: owner.auth });
      expect(inPath.statusCode).toBe(400);
      expect(inPath.json()).toEqual(idError);
      const inQuery = await t.app.inject({
        url: `/api/contest-users/leaderboard/?contest=${bad}`,
        headers: owner.auth,
      });
      expect(inQuery.statusCode).toBe(400);
      expect(inQuery.json()).toEqual({ contest: idError.id });
      const inBody = await t.app.inject({
        method: 'POST',
        url: '/api/portfolio-stats/',
        headers: owner.auth,
        payload: { contest_user: Number(bad) },
      });
      expect(inBody.statusCode).toBe(400);
      expect(inBody.json()).toEqual({ contest_user: idError.id });
    },
  );

  it('refuses a body nested deeper than 32 levels with one message, and takes 32', async () => {
    const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/portfolio-stats/',
        headers: { ...owner.auth, 'content-type': 'application/json' },
        payload,
      });
    for (const levels of [33, 10_000]) {
      const deep = await send(nested(levels));
      expect(deep.statusCode).toBe(400);
      expect(deep.json()).toEqual({
        non_field_errors: [
          'The body is nested too deeply: use at most 32 levels of objects and lists.',
        ],
      });
    }
    // 32 levels pass the bound and meet the route's own schema.
    const deepest = await send(nested(32));
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json()).toHaveProperty('a');
  });

  it.each(['0000-01-01T00:00:00Z', '1899-12-31T23:00:00Z', '+275760-09-13T00:00:00Z'])(
    'answers the date %s on a contest with the field’s own message',
    async (date) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/contests/',
        headers: owner.auth,
        payload: {
          name: 'Class 7B',
          visibility: 'public',
          starts_at: date,
          ends_at: '2099-01-01T00:00:00Z',
          starting_cash: 1_000_000,
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ starts_at: ['Enter a date and time.'] });
    },
  );

  it.each([2147483648, 9999999999])(
    'answers the student %s in a points award as an id',
    async (bad) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/classrooms/classrooms/${classroom.id}/points-awards/`,
        headers: owner.auth,
        payload: { student: bad, points: 5, reason: 'Great work' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ student: idError.id });
    },
  );

  it('still says Required for a missing id', async () => {
    const response = await t.app.inject({
      url: '/api/contest-users/leaderboard/',
      headers: owner.auth,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ contest: ['Required'] });
  });

  it.each([
    ['missing boundary', 'multipart/form-data', (body: string) => body],
    [
      'truncated body',
      'multipart/form-data; boundary=formBoundary',
      (body: string) => body.slice(0, 40),
    ],
    ['boundary mismatch', 'multipart/form-data; boundary=otherBoundary', (body: string) => body],
  ])('answers a malformed form (%s) with 400 on sign-up and profile', async (_, type, cut) => {
    const payload = cut(multipartBody('formBoundary', { first_name: 'Ann', last_name: 'Lee' }));
    for (const [method, url, headers] of [
      ['POST', '/api/users/', {}],
      ['PUT', `/api/users/${signedIn.user.id}/`, signedIn.auth],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': type },
        payload,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json()).toEqual({
        non_field_errors: [
          'The form data is malformed (a missing or wrong boundary, or a cut-off body). Send it again.',
        ],
      });
    }
  });

  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])(
    'answers a field called %s in the spec shape, in JSON and in forms',
    async (key) => {
      const json = await t.app.inject({
        method: 'PATCH',
        url: `/api/contests/${contest.id}/freeze`,
        headers: { ...owner.auth, 'content-type': 'application/json' },
        payload: `{"frozen": false, "${key}": "x"}`,
      });
      expect(json.statusCode).toBe(400);
      // Fastify's JSON parser refuses `__proto__` itself, in the spec's `{error}` shape.
      if (key !== '__proto__')
        expect(json.json()).toEqual({ [key]: ['This field is not allowed.'] });
      else expect(isSpecErrorShape(json.json())).toBe(true);
      const boundary = 'keyBoundary';
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/users/',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: multipartBody(boundary, { [key]: 'x' }),
      });
      expect(form.statusCode).toBe(400);
      // The multipart parser refuses names of object members before any field is read.
      expect(isSpecErrorShape(form.json())).toBe(true);
    },
  );
});
