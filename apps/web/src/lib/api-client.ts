import type { ZodType } from 'zod';
import { extractErrorText } from '@bullpen/contract/errors';
import { i18n } from './i18n.ts';
import { readToken } from './token-cookie.ts';
import { type MessageSource, translateMessage } from './translate-message.ts';

/** An HTTP error from the API, carrying the status, the parsed body and its display text. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, text: string) {
    super(text);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** Per-field messages (`{field: [messages]}`), when the body has that shape. */
  get fieldErrors(): Record<string, string[]> {
    const fields: Record<string, string[]> = {};
    if (!this.body || typeof this.body !== 'object' || Array.isArray(this.body)) return fields;
    for (const [key, value] of Object.entries(this.body as Record<string, unknown>)) {
      if (key === 'non_field_errors' || key === 'error' || key === 'errors' || key === 'detail') {
        continue;
      }
      if (Array.isArray(value)) fields[key] = value.map(String);
      else if (typeof value === 'string') fields[key] = [value];
    }
    return fields;
  }
}

/** Texts the client writes itself, in the reader's language (the server's come as they are). */
const unknownErrorText = () => i18n.t('validation:unknownError');

/**
 * The catalogue groups that hold the server's own English messages, so an error from the API
 * reads in the reader's language (a message no catalogue knows is shown as the server wrote it).
 */
const serverMessageSources: readonly MessageSource[] = [
  'auth:messages',
  'contests:serverMessages',
  'contests:orderTicket.messages',
  'market:serverMessages',
  'learn:serverMessages',
  'assignments:serverMessages',
  'classrooms:serverMessages',
  'redeem:serverMessages',
];
export const networkErrorText = () => i18n.t('common:networkError');

export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    return error.message
      ? translateMessage(error.message, serverMessageSources)
      : unknownErrorText();
  }
  return unknownErrorText();
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The session registers here so that a 401 on an authenticated call ends it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Send the `Authorization: JWT <token>` header from the cookie (default true). */
  auth?: boolean;
  /** Use this token instead of the cookie's (logout sends the token it is ending). */
  token?: string;
  /** Extra request headers (such as `Idempotency-Key`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Told the status of a successful response (201 "created" against 200 "already there"). */
  onStatus?: (status: number) => void;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Calls the API. A response schema is optional: the server already validates its responses
 * with the contract, and leaving zod out keeps it off the first page load.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
  schema?: ZodType<T>,
): Promise<T> {
  const { method = 'GET', body, auth = true, signal } = options;
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const token = options.token ?? (auth ? readToken() : undefined);
  if (token) headers.set('Authorization', `JWT ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: payload,
      signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, null, networkErrorText());
  }

  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && token && !options.token) unauthorizedHandler?.();
    const text = extractErrorText(data) || response.statusText || unknownErrorText();
    throw new ApiError(response.status, data, text);
  }
  options.onStatus?.(response.status);
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(response.status, data, unknownErrorText());
  }
  return parsed.data;
}

export const apiClient = {
  get: <T>(
    path: string,
    schema?: ZodType<T>,
    options: Omit<RequestOptions, 'method' | 'body'> = {},
  ) => apiRequest<T>(path, { ...options, method: 'GET' }, schema),
  post: <T>(
    path: string,
    body?: unknown,
    schema?: ZodType<T>,
    options: Omit<RequestOptions, 'method' | 'body'> = {},
  ) => apiRequest<T>(path, { ...options, method: 'POST', body }, schema),
  put: <T>(
    path: string,
    body?: unknown,
    schema?: ZodType<T>,
    options: Omit<RequestOptions, 'method' | 'body'> = {},
  ) => apiRequest<T>(path, { ...options, method: 'PUT', body }, schema),
  patch: <T>(
    path: string,
    body?: unknown,
    schema?: ZodType<T>,
    options: Omit<RequestOptions, 'method' | 'body'> = {},
  ) => apiRequest<T>(path, { ...options, method: 'PATCH', body }, schema),
  delete: <T>(
    path: string,
    schema?: ZodType<T>,
    options: Omit<RequestOptions, 'method' | 'body'> = {},
  ) => apiRequest<T>(path, { ...options, method: 'DELETE' }, schema),
};
