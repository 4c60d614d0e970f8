/**
 * What the server log may hold. Errors carry more than their message: a failed query
 * (drizzle's DrizzleQueryError) lists its parameters in its message, its stack and its
 * `params`, and a PostgreSQL error's `detail` quotes the conflicting value — a password hash,
 * an email address, a token. Errors are serialised here with those removed, and the logger
 * redacts the same fields wherever else they appear.
 */

/** Keys whose values never reach the log, wherever they are in a logged object or error. */
const SECRET_KEY = /params|password|hash|token|secret|email|authorization|cookie/i;

/** pino `redact` paths: request headers and secrets one or two levels down in a log line. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...['password', 'passwordHash', 'password_hash', 'token', 'email', 'params'].flatMap((key) => [
    key,
    `*.${key}`,
  ]),
];

const REDACTED = '[redacted]';

/** Values that look like secrets or personal data, in any text of an error. */
export function scrubText(text: string): string {
  return (
    text
      // drizzle: "Failed query: <sql>\nparams: <every value>"
      .replace(/(\bparams:)[^\n]*/g, `$1 ${REDACTED}`)
      // PostgreSQL detail: "Key (lower(email))=(ann@school.test) already exists."
      .replace(/\)=\((?:[^()]|\([^()]*\))*\)/g, `)=(${REDACTED})`)
      .replace(/\$argon2\w*\$[^\s,'")]*/g, REDACTED)
      .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, REDACTED)
      .replace(/[^\s@,;:'"()<>[\]]+@[^\s@,;:'"()<>[\]]+\.[a-z]{2,}/gi, REDACTED)
  );
}

/**
 * A request's URL as the log shows it: a link's token (`?token=`, a parent's consent link in
 * the path of /api/consents/{token}/) never reaches a log line.
 */
export function scrubUrl(url: string): string {
  return url
    .replace(/([?&]token=)[^&#]*/g, `$1${REDACTED}`)
    .replace(/^(\/api\/consents\/)(?!mine\/)[^/?#]+/, `$1${REDACTED}`);
}

/** pino's request line, Fastify's fields, with the URL scrubbed. */
export function serializeRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: scrubUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value instanceof Error) return serializeError(value, depth + 1);
  if (!value || typeof value !== 'object') return value;
  if (depth > 4) return '[object]';
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, item]) => [key, scrubValue(item, depth + 1)]),
  );
}

export type SerializedError = {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
};

/** pino's `err` serializer: type, message, stack, own fields and causes, all scrubbed. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: scrubText(String(error)), stack: '' };
  }
  const serialized: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message: scrubText(error.message),
    stack: scrubText(error.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || SECRET_KEY.test(key)) continue;
    serialized[key] = scrubValue(value, depth);
  }
  if (error.cause !== undefined && depth < 5) {
    serialized.cause = serializeError(error.cause, depth + 1);
  }
  return serialized;
}
