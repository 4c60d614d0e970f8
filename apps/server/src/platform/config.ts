import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { RETENTION_INACTIVE_DAYS, RETENTION_WARNING_DAYS } from '@bullpen/contract/privacy';
import { repoRoot } from './paths.ts';

/**
 * The only reader of process.env (docs/architecture.md section 12). Every variable is listed in the README's
 * configuration table; a bad value stops the server at boot with every problem listed.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const domainName = z
  .string()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/,
    'must be a comma-separated list of domains, e.g. school.edu,district.k12.us',
  );

const domainList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(domainName));

/** One entry of OIDC_PROVIDERS (docs/operations.md, "School sign-in"). */
const oidcProviderSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'must be lowercase letters, digits and dashes'),
  name: z.string().min(1).max(60).optional(),
  issuer: z.url(),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  allowed_domains: z.array(z.string().trim().toLowerCase().pipe(domainName)).min(1),
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Bullpen <no-reply@bullpen.local>'),
  SEED_DEMO: booleanFlag.default(false),
  MAIL_LOG_LINKS: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  CONTENT_DIR: z.string().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(100),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  SIGNUP_TAKEN_USERNAMES_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_DELAY_SECONDS: z.coerce.number().int().positive().max(900).default(30),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  JOIN_CODE_MISSES_PER_ACCOUNT: z.coerce.number().int().positive().default(20),
  JOIN_CODE_MISSES_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  JOIN_CODE_WINDOW_SECONDS: z.coerce.number().int().positive().max(86_400).default(600),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  TEACHER_EMAIL_DOMAINS: domainList.default([]),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).default('support@bullpen.local'),
  SUPPORT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  SUPPORT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  HUMAN_CHECK_COST: z.coerce.number().int().positive().max(1_000_000).default(1000),
  HUMAN_CHECK_COUNTER_MAX: z.coerce.number().int().min(2).max(10_000_000).default(6000),
  HUMAN_CHECK_EXPIRY_SECONDS: z.coerce.number().int().positive().max(86_400).default(1200),
  // At least twice the warning's lead, so nobody is warned the day after they last came.
  RETENTION_INACTIVE_DAYS: z.coerce
    .number()
    .int()
    .min(2 * RETENTION_WARNING_DAYS)
    .max(3650)
    .default(RETENTION_INACTIVE_DAYS),
  // School sign-in (OpenID Connect): one provider by its four variables, or several as JSON.
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ALLOWED_DOMAINS: domainList.optional(),
  OIDC_NAME: z.string().min(1).max(60).optional(),
  OIDC_PROVIDERS: z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
        return z.NEVER;
      }
    })
    .pipe(z.array(oidcProviderSchema).min(1))
    .optional(),
  OIDC_SOURCED_ID_CLAIM: z.string().min(1).max(100).optional(),
  MARKET_PROVIDER: z.enum(['simulated', 'replay']).default('simulated'),
  MARKET_SEED: z.string().min(1).max(100).default('bullpen'),
  MARKET_CALENDAR: z.enum(['nyse', 'always']).default('nyse'),
  MARKET_TICK_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  MARKET_CLOCK_START: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 instant, e.g. 2026-11-21T15:00:00Z' })
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  /**
   * The certificate chain and private key (PEM) when the server speaks HTTPS itself: HTTP/2, and
   * HTTP/1.1 for clients without it and for WebSockets. Without them it speaks plain HTTP/1.1,
   * for a proxy in front that terminates TLS.
   */
  tls?: { cert: string; key: string };
  dataDir: string;
  databaseUrl?: string;
  /** Connections each server process opens to PostgreSQL (DATABASE_URL) at most. */
  databasePoolMax: number;
  /**
   * Server processes on the one port (node:cluster, main.ts); more than one needs PostgreSQL,
   * through which they share every limit and event (docs/decisions/045-several-processes.md).
   */
  workers: number;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  /**
   * Without SMTP_URL, also print each held mail (recipient, subject, links) to the log: for a
   * developer's own machine only, since the links sign people in.
   */
  mailLogLinks: boolean;
  /** Demo accounts and class, on an empty database; off unless asked (`npm start` asks). */
  seedDemo: boolean;
  logLevel: string;
  webDist: string;
  /** The curriculum and articles (`content/`), read at start-up. */
  contentDir: string;
  trustProxy: boolean;
  /** Requests per window per client address on sign-up, verification mail and reset routes. */
  authRateLimit: { max: number; windowSeconds: number };
  /**
   * Failed logins: accounts that failed from one client address (in the auth window), and
   * failures per account or device cookie, after which each attempt waits a delay that doubles
   * with every further failure.
   */
  loginLimits: {
    failuresPerAddress: number;
    /** Sign-ups from one address told a username is taken, per window. */
    takenUsernamesPerAddress: number;
    windowSeconds: number;
    failuresPerAccount: number;
    delaySeconds: number;
  };
  bodyLimitBytes: number;
  /** WebSocket connections one client address may hold open at once. */
  realtimeMaxConnectionsPerAddress: number;
  /**
   * Email domains (lowercase; a subdomain matches too) whose verified teachers are trusted at
   * once to award points and define rewards; anyone else waits for staff approval.
   */
  teacherEmailDomains: string[];
  /**
   * Wrong class and contest join codes per account and per client address in one window
   * (docs/decisions/027-join-codes-and-attempt-limits.md).
   */
  joinCodeLimits: { perAccount: number; perAddress: number; windowSeconds: number };
  /** Support and contact tickets: where they are mailed, and tickets per client address. */
  support: {
    email: string;
    rateLimit: { max: number; windowSeconds: number };
  };
  /**
   * The ALTCHA human check: PBKDF2 iterations per try (`cost`), the largest secret counter a
   * visitor's browser may have to reach, and how long a challenge stays valid.
   */
  humanCheck: { cost: number; counterMax: number; expirySeconds: number };
  /** Days without use after which an account is erased (privacy/retention.ts). */
  retention: { inactiveDays: number };
  /**
   * The school's OpenID Connect providers (auth/oidc-service.ts), empty when school sign-in is
   * off, and the ID token claim that carries a roster's `sourcedId`, if the school names one.
   */
  oidc: { providers: OidcProviderConfig[]; sourcedIdClaim?: string };
  market: {
    provider: 'simulated' | 'replay';
    seed: string;
    calendar: 'nyse' | 'always';
    /** Seconds between live price pushes; 0 turns the timer off (ticks are then manual). */
    tickSeconds: number;
    /** When set, the market's clock starts at this instant and runs on from there. */
    clockStart?: Date;
  };
};

export type OidcProviderConfig = {
  /** In the sign-in paths (packages/contract/src/routes.ts `oidcStart`, `oidcCallback`). */
  id: string;
  /** Shown on the button ("Sign in with <name>"); without it, "your school account". */
  name?: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lowercase; an address on a subdomain matches too. */
  allowedDomains: string[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as they do in most .env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const tls = readTls(present.TLS_CERT_FILE, present.TLS_KEY_FILE, problems);
  const oidc = parsed.success ? readOidc(parsed.data, problems) : { providers: [] };
  if (parsed.success && parsed.data.WORKERS > 1 && !parsed.data.DATABASE_URL) {
    problems.push(
      'WORKERS: more than one server process needs PostgreSQL (DATABASE_URL); the embedded database serves one process',
    );
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const values = parsed.data;
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    publicUrl: (
      values.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${values.PORT}`
    ).replace(/\/$/, ''),
    tls,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databasePoolMax: values.DATABASE_POOL_MAX,
    workers: values.WORKERS,
    jwtSecret: values.JWT_SECRET,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    mailLogLinks: values.MAIL_LOG_LINKS,
    seedDemo: values.SEED_DEMO,
    logLevel: values.LOG_LEVEL,
    webDist: path.resolve(values.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    contentDir: path.resolve(values.CONTENT_DIR ?? path.join(repoRoot, 'content')),
    trustProxy: values.TRUST_PROXY,
    authRateLimit: {
      max: values.AUTH_RATE_LIMIT_MAX,
      windowSeconds: values.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    loginLimits: {
      failuresPerAddress: values.LOGIN_FAILURES_PER_ADDRESS,
      takenUsernamesPerAddress: values.SIGNUP_TAKEN_USERNAMES_PER_ADDRESS,
      windowSeconds: values.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      failuresPerAccount: values.LOGIN_FAILURES_PER_ACCOUNT,
      delaySeconds: values.LOGIN_DELAY_SECONDS,
    },
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    realtimeMaxConnectionsPerAddress: values.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
    teacherEmailDomains: values.TEACHER_EMAIL_DOMAINS,
    joinCodeLimits: {
      perAccount: values.JOIN_CODE_MISSES_PER_ACCOUNT,
      perAddress: values.JOIN_CODE_MISSES_PER_ADDRESS,
      windowSeconds: values.JOIN_CODE_WINDOW_SECONDS,
    },
    support: {
      email: values.SUPPORT_EMAIL,
      rateLimit: {
        max: values.SUPPORT_RATE_LIMIT_MAX,
        windowSeconds: values.SUPPORT_RATE_LIMIT_WINDOW_SECONDS,
      },
    },
    humanCheck: {
      cost: values.HUMAN_CHECK_COST,
      counterMax: values.HUMAN_CHECK_COUNTER_MAX,
      expirySeconds: values.HUMAN_CHECK_EXPIRY_SECONDS,
    },
    retention: { inactiveDays: values.RETENTION_INACTIVE_DAYS },
    oidc,
    market: {
      provider: values.MARKET_PROVIDER,
      seed: values.MARKET_SEED,
      calendar: values.MARKET_CALENDAR,
      tickSeconds: values.MARKET_TICK_SECONDS,
      clockStart: values.MARKET_CLOCK_START ? new Date(values.MARKET_CLOCK_START) : undefined,
    },
  };
}

/**
 * The PEM files of TLS_CERT_FILE and TLS_KEY_FILE: both or neither, each readable and PEM. What
 * is wrong goes into `problems`, with the rest of the configuration's.
 */
function readTls(
  certFile: string | undefined,
  keyFile: string | undefined,
  problems: string[],
): Config['tls'] {
  if (certFile === undefined && keyFile === undefined) return undefined;
  const read = (name: string, other: string, file: string | undefined): string => {
    if (file === undefined) {
      problems.push(`${name}: must be set with ${other}`);
      return '';
    }
    try {
      const text = fs.readFileSync(path.resolve(file), 'utf8');
      if (!text.includes('-----BEGIN ')) problems.push(`${name}: ${file} is not a PEM file`);
      return text;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      problems.push(`${name}: cannot read ${file} (${code})`);
      return '';
    }
  };
  const cert = read('TLS_CERT_FILE', 'TLS_KEY_FILE', certFile);
  const key = read('TLS_KEY_FILE', 'TLS_CERT_FILE', keyFile);
  return { cert, key };
}

/**
 * The OpenID providers: OIDC_ISSUER with its client and domains (id `school`), and each entry
 * of OIDC_PROVIDERS. Ids are unique; an issuer is HTTPS in production (a plain-HTTP issuer is
 * for a provider on the developer's own machine).
 */
function readOidc(values: z.infer<typeof envSchema>, problems: string[]): Config['oidc'] {
  const providers: OidcProviderConfig[] = [];
  const single = [
    values.OIDC_ISSUER,
    values.OIDC_CLIENT_ID,
    values.OIDC_CLIENT_SECRET,
    values.OIDC_ALLOWED_DOMAINS,
  ];
  if (single.some((value) => value !== undefined)) {
    if (single.some((value) => value === undefined) || values.OIDC_ALLOWED_DOMAINS?.length === 0) {
      problems.push(
        'OIDC_ISSUER: must be set with OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_ALLOWED_DOMAINS',
      );
    } else {
      providers.push({
        id: 'school',
        name: values.OIDC_NAME,
        issuer: values.OIDC_ISSUER!,
        clientId: values.OIDC_CLIENT_ID!,
        clientSecret: values.OIDC_CLIENT_SECRET!,
        allowedDomains: values.OIDC_ALLOWED_DOMAINS!,
      });
    }
  }
  for (const entry of values.OIDC_PROVIDERS ?? []) {
    providers.push({
      id: entry.id,
      name: entry.name,
      issuer: entry.issuer,
      clientId: entry.client_id,
      clientSecret: entry.client_secret,
      allowedDomains: entry.allowed_domains,
    });
  }
  const ids = providers.map((provider) => provider.id);
  for (const id of new Set(ids)) {
    if (ids.indexOf(id) !== ids.lastIndexOf(id)) {
      problems.push(`OIDC_PROVIDERS: the id ${id} is used twice`);
    }
  }
  if (values.NODE_ENV === 'production') {
    for (const provider of providers) {
      if (!provider.issuer.startsWith('https://')) {
        problems.push(`OIDC_PROVIDERS: the issuer of ${provider.id} must be an https:// URL`);
      }
    }
  }
  return { providers, sourcedIdClaim: values.OIDC_SOURCED_ID_CLAIM };
}
