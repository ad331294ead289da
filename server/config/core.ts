import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { MEMORY_DATA_DIR } from '../db/db';
import { ConfigError, parseVars, type NodeEnv } from './section';
import { Invalid, parseOrigins, v, variable } from './vars';

/** The core settings: process, HTTP, database, auth secrets, sandbox switch (flat on Config). */
export interface CoreConfig {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /** PostgreSQL URL; when unset the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** PGlite data directory, or `memory://`. */
  dataDir: string;
  /** Secret for access-token signatures and email-code hashes. */
  jwtSecret: string;
  /** Where the secret came from (logged at start, never the value). */
  jwtSecretSource: 'env' | 'data-dir' | 'generated-memory';
  /** Without it, X-Telegram-Init-Data is NOT verified, Telegram accounts are not linked and Telegram login is refused. */
  telegramBotToken: string | undefined;
  smtpUrl: string | undefined;
  /** Sender of SMTP mail (MAIL_FROM). */
  mailFrom: string;
  /** Sandbox: mail goes to the DB mailbox, new accounts verify themselves, /api/dev/* is on. */
  sandbox: boolean;
  verificationDelaySeconds: number;
  /** Allowed CORS origins; empty = same origin only. */
  appOrigins: string[];
  /** Built Vite app to serve, or false. */
  staticDir: string | false;
  /**
   * Which proxies' X-Forwarded-* headers are believed (TRUST_PROXY): false (none), a number of hops counted from the
   * server (`1` = the one proxy in front of it; `true` means 1), or addresses / CIDRs of the proxies. Never "trust all".
   */
  trustProxy: false | number | string[];
  /**
   * The origin the public reaches this server on (PUBLIC_ORIGIN): every absolute URL the server builds (SBP payment
   * and callback URLs, default return pages) starts with it; the Host header is never used. Required in production;
   * elsewhere the default is http://<HOST>:<PORT> (localhost when HOST is 0.0.0.0 or ::).
   */
  publicOrigin: string;
  /** PUBLIC_ORIGIN was given (false: the local default, which startServer fixes up to the real port when PORT=0). */
  publicOriginSet: boolean;
  /** HTTP timeouts (ms): whole request incl. body (REQUEST_TIMEOUT_MS), headers (HEADERS_TIMEOUT_MS), idle socket (CONNECTION_TIMEOUT_MS), keep-alive (KEEP_ALIVE_TIMEOUT_MS). */
  timeouts: { requestMs: number; headersMs: number; connectionMs: number; keepAliveMs: number };
  /**
   * Secret that unlocks the sandbox mailbox (SANDBOX_TOKEN, header X-Sandbox-Token); with the sandbox on and no value
   * set, a random one per run (the test harnesses read it from the config).
   */
  sandboxToken: string;
  logLevel: string;
  /** Bearer token required by GET /api/metrics when set (METRICS_TOKEN); unset = open (refused in production). */
  metricsToken: string | undefined;
  /** Bearer token of support's tools (SUPPORT_TOKEN, ≥ 16 chars): enables GET /api/support/parked-deposits; unset = off. */
  supportToken: string | undefined;
  /** Origins the built app calls the API on besides its own (API_PUBLIC_ORIGIN): added to the CSP connect-src. */
  apiPublicOrigins: string[];
  /**
   * How long an Idempotency-Key claimed by a request that never finished (its process was killed) blocks a retry
   * with IDEMPOTENCY_IN_PROGRESS before another request may take it over (IDEMPOTENCY_PENDING_SECONDS, default 60).
   */
  idempotencyPendingSeconds: number;
  /** Idempotency-Key records older than this are purged, hourly, by every process (IDEMPOTENCY_RETENTION_HOURS, default 24). */
  idempotencyRetentionHours: number;
  /**
   * A refresh token presented again this many seconds after its rotation gets the same successor instead of
   * revoking its family (two tabs refreshing at once; REFRESH_REUSE_GRACE_SECONDS, default 30, 0 = off).
   */
  refreshReuseGraceSeconds: number;
  /** MIGRATE_ON_START: apply pending migrations at start (default); off: refuse to start while any is pending (`npm run migrate` applies them). */
  migrateOnStart: boolean;
  /** RATE_LIMIT_PER_MINUTE: API requests per minute per client address, counted across all processes on PostgreSQL. */
  rateLimitPerMinute: number;
}

const NODE_ENVS = ['development', 'production', 'test'] as const;

/** TRUST_PROXY (see CoreConfig.trustProxy). */
const trustProxy = (raw: string | undefined): CoreConfig['trustProxy'] => {
  const value = raw?.toLowerCase();
  if (!value || ['0', 'false', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Invalid(`hop count must be 0..10, got "${value}"`);
    return hops || false;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const address = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(?:\/\d{1,3})?$/;
  for (const entry of entries) {
    if (!address.test(entry)) throw new Invalid(`must be false, a hop count (1, 2, ...) or a comma list of proxy addresses/CIDRs, got "${entry}"`);
  }
  return entries;
};

/** The core variables (docs/server.md "Configuration"); their defaults that depend on NODE_ENV are applied in resolveCore. */
export const coreVars = {
  NODE_ENV: variable({ default: 'development', doc: '`production` turns SANDBOX off by default and refuses to start without what it needs ("Production refusals" below)' }, (raw) => {
    const value = raw ?? 'development';
    if (!(NODE_ENVS as readonly string[]).includes(value)) throw new Invalid(`must be development, production or test, got "${value}"`);
    return value as NodeEnv;
  }),
  PORT: v.int(3000, 0, 65535, { doc: '`0` = random free port' }),
  HOST: v.text({ default: '127.0.0.1 (0.0.0.0 in production)', doc: 'listen address' }),
  DATABASE_URL: v.text({ doc: 'PostgreSQL; unset = embedded PGlite' }),
  DATA_DIR: v.textOr('.data/pglite', { doc: 'PGlite directory, or `memory://`' }),
  MIGRATE_ON_START: v.flag({
    default: 'on',
    doc: '`off`: the server applies no migration at start, and refuses to start while the database lacks one of its release (`npm run migrate` is then its own deploy step: docs/deploy.md)',
  }),
  JWT_SECRET: v.text({ default: 'dev: generated, saved in `DATA_DIR/jwt-secret`', doc: '≥ 32 chars; signs access tokens, keys code hashes; required in production' }),
  TELEGRAM_BOT_TOKEN: v.text({ doc: 'without it init data is NOT verified (logged at start); required in production' }),
  REFRESH_REUSE_GRACE_SECONDS: v.int(30, 0, 300, {
    doc: '0..300: a rotated refresh token presented again this soon after its rotation gets the same successor instead of revoking the session (see "Tokens and sessions"); `0` = every duplicate is a reuse',
  }),
  SMTP_URL: v.text({ doc: 'SMTP server for real email (nodemailer URL, e.g. `smtps://user:pass@smtp.example.com:465`); unset = sandbox mailbox (refused in production)' }),
  MAIL_FROM: v.textOr('Tonic Wallet <no-reply@localhost>', { doc: 'Sender of SMTP mail' }),
  SANDBOX: v.flag({ default: 'on unless production', doc: 'the sandbox (server/sandbox): sandbox mailbox, auto-verification, simulated outside world, `/api/dev/*`; refused in production' }),
  SANDBOX_TOKEN: variable({ default: 'random per run', doc: '16–128 chars of `A-Za-z0-9._~-`: the sandbox mailbox answers only with `X-Sandbox-Token: <token>` ("Sandbox controls")' }, (raw) => {
    if (raw !== undefined && !/^[A-Za-z0-9._~-]{16,128}$/.test(raw)) throw new Invalid('must be 16..128 characters of A-Z a-z 0-9 . _ ~ -');
    return raw;
  }),
  PUBLIC_ORIGIN: variable(
    {
      default: '`http://<HOST>:<PORT>` (localhost for 0.0.0.0/::; required in production)',
      doc: 'the one origin users reach the server on (`https://wallet.example.com`): SBP payment and callback URLs, default return pages and the return-URL allow-list are built on it, never on `Host` / `X-Forwarded-*`',
    },
    (raw) => {
      if (raw === undefined) return undefined;
      const origins = parseOrigins(raw);
      if (origins.length !== 1) throw new Invalid(`must be one origin like https://wallet.example.com, got "${raw}"`);
      return origins[0];
    },
  ),
  VERIFICATION_DELAY_SECONDS: v.int(20, 0, 86_400 * 30, { doc: 'sandbox: seconds until a new account is verified' }),
  APP_ORIGIN: variable({ doc: 'comma-separated CORS origins; unset = same origin only' }, (raw) =>
    (raw ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
  ),
  STATIC_DIR: v.textOr('dist', { doc: 'built app to serve; `false` = API only' }),
  TRUST_PROXY: variable(
    {
      default: 'false',
      doc: 'proxies whose `X-Forwarded-For` is believed: a hop count (`1` = one load balancer in front; `true` means `1`), or a comma list of proxy addresses/CIDRs (`10.0.0.0/8,192.168.1.5`). Never "trust every entry": the client address is the one the nearest trusted proxy appended, so a client cannot pick its IP (and its per-IP limits) with a leftmost entry of its own',
    },
    trustProxy,
  ),
  REQUEST_TIMEOUT_MS: v.int(30_000, 100, 600_000, { doc: 'a request (headers and body) must arrive within this; else 408 `REQUEST_TIMEOUT` in the envelope and the connection is closed' }),
  HEADERS_TIMEOUT_MS: v.int(10_000, 100, 600_000, { doc: 'the headers must arrive within this (≤ REQUEST_TIMEOUT_MS); same answer' }),
  CONNECTION_TIMEOUT_MS: v.int(60_000, 100, 3_600_000, { doc: 'an idle socket (nothing sent either way) is closed after this' }),
  KEEP_ALIVE_TIMEOUT_MS: v.int(5_000, 100, 600_000, {
    doc: 'an idle keep-alive connection is closed after this; behind a load balancer that reuses connections, set it above the balancer\'s idle timeout',
  }),
  RATE_LIMIT_PER_MINUTE: v.int(600, 1, 1_000_000, {
    doc: 'API requests per minute per client address (the app\'s own files are not counted); with `DATABASE_URL` counted in PostgreSQL across every server process, on the embedded database in the one process',
  }),
  LOG_LEVEL: v.text({ default: 'info (silent in test)', doc: 'pino level' }),
  SUPPORT_TOKEN: v.token(16, {
    doc: '≥ 16 chars: enables the support listing `GET /api/support/parked-deposits` (bearer this token; 401 otherwise); unset = the route does not exist (404). Not a user role: only support\'s tools hold it',
  }),
  METRICS_TOKEN: v.token(16, {
    doc: '≥ 16 chars: `GET /api/metrics` requires `Authorization: Bearer <token>` (401 `UNAUTHORIZED` otherwise); unset = open (development only: required in production)',
  }),
  API_PUBLIC_ORIGIN: v.origins({ doc: 'comma-separated origins (`https://api.example.com`) the built app calls the API on besides its own (`VITE_API_BASE_URL`): added to the app\'s CSP `connect-src`' }),
  IDEMPOTENCY_RETENTION_HOURS: v.int(24, 1, 24 * 365, {
    doc: 'Idempotency-Key records older than this are deleted (`server/maintenance.ts`: every process, a minute after start and then hourly, in batches of 5 000); a retry with a purged key runs its handler again, which each money handler answers from its own record of the key',
  }),
  IDEMPOTENCY_PENDING_SECONDS: v.int(60, 1, 3600, {
    doc: 'how long the claim of a request that never finished (its process died) blocks retries with 409 IDEMPOTENCY_IN_PROGRESS before another request takes it over',
  }),
};

export type CoreValues = { [K in keyof typeof coreVars]: z.output<(typeof coreVars)[K]> };

const JWT_SECRET_FILE = 'jwt-secret';

/** Dev convenience: a random secret persisted in the data dir, so tokens survive restarts. */
const resolveJwtSecret = (fromEnv: string | undefined, nodeEnv: NodeEnv, dataDir: string, usesPglite: boolean): Pick<CoreConfig, 'jwtSecret' | 'jwtSecretSource'> => {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
    return { jwtSecret: fromEnv, jwtSecretSource: 'env' };
  }
  if (nodeEnv === 'production') throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  if (dataDir === MEMORY_DATA_DIR || !usesPglite) {
    return { jwtSecret: randomBytes(32).toString('base64url'), jwtSecretSource: 'generated-memory' };
  }
  const file = join(dataDir, JWT_SECRET_FILE);
  if (existsSync(file)) return { jwtSecret: readFileSync(file, 'utf8').trim(), jwtSecretSource: 'data-dir' };
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return { jwtSecret: secret, jwtSecretSource: 'data-dir' };
};

/** The core settings from the parsed variables (defaults that depend on NODE_ENV, the JWT secret, cross checks). */
export const resolveCore = (values: CoreValues): CoreConfig => {
  const nodeEnv = values.NODE_ENV;
  const databaseUrl = values.DATABASE_URL;
  const dataDir = values.DATA_DIR === MEMORY_DATA_DIR ? values.DATA_DIR : resolve(values.DATA_DIR);
  const sandbox = values.SANDBOX ?? nodeEnv !== 'production';
  const host = values.HOST ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1');
  const config: CoreConfig = {
    nodeEnv,
    port: values.PORT,
    host,
    databaseUrl,
    dataDir,
    ...resolveJwtSecret(values.JWT_SECRET, nodeEnv, dataDir, !databaseUrl),
    telegramBotToken: values.TELEGRAM_BOT_TOKEN,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    sandbox,
    verificationDelaySeconds: values.VERIFICATION_DELAY_SECONDS,
    appOrigins: values.APP_ORIGIN,
    staticDir: values.STATIC_DIR === 'false' || values.STATIC_DIR === 'off' ? false : resolve(values.STATIC_DIR),
    trustProxy: values.TRUST_PROXY,
    publicOrigin: values.PUBLIC_ORIGIN ?? localOrigin(host, values.PORT),
    publicOriginSet: values.PUBLIC_ORIGIN !== undefined,
    timeouts: {
      requestMs: values.REQUEST_TIMEOUT_MS,
      headersMs: values.HEADERS_TIMEOUT_MS,
      connectionMs: values.CONNECTION_TIMEOUT_MS,
      keepAliveMs: values.KEEP_ALIVE_TIMEOUT_MS,
    },
    sandboxToken: values.SANDBOX_TOKEN ?? (sandbox ? randomBytes(24).toString('base64url') : ''),
    logLevel: values.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    metricsToken: values.METRICS_TOKEN,
    supportToken: values.SUPPORT_TOKEN,
    apiPublicOrigins: values.API_PUBLIC_ORIGIN,
    idempotencyPendingSeconds: values.IDEMPOTENCY_PENDING_SECONDS,
    idempotencyRetentionHours: values.IDEMPOTENCY_RETENTION_HOURS,
    refreshReuseGraceSeconds: values.REFRESH_REUSE_GRACE_SECONDS,
    migrateOnStart: values.MIGRATE_ON_START ?? true,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
  };
  if (config.timeouts.headersMs > config.timeouts.requestMs) {
    throw new ConfigError('HEADERS_TIMEOUT_MS must not be larger than REQUEST_TIMEOUT_MS');
  }
  return config;
};

/** The default public origin outside production: the address the server listens on (localhost for 0.0.0.0 / ::). */
export const localOrigin = (host: string, port: number): string => {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
};

/** Production refuses settings that would lose money or let people in (docs/server.md "Production refusals"). */
export const coreProductionProblems = (config: CoreConfig): string[] => {
  const problems: string[] = [];
  if (!config.publicOriginSet) problems.push('PUBLIC_ORIGIN is required (the https origin users reach the server on, e.g. https://wallet.example.com)');
  if (!config.databaseUrl) problems.push('DATABASE_URL is required (PostgreSQL); the embedded database is for development only');
  if (!config.telegramBotToken) problems.push('TELEGRAM_BOT_TOKEN is required (without it Telegram init data is not verified)');
  if (config.sandbox) problems.push('SANDBOX must be off (it opens /api/dev/*: fake money, simulated issuer, sandbox mailbox)');
  if (!config.metricsToken) problems.push('METRICS_TOKEN is required (16+ characters; GET /api/metrics would be open)');
  if (!config.sandbox && !config.smtpUrl) problems.push('SMTP_URL is required with SANDBOX off (no mail transport: codes could not be delivered)');
  return problems;
};


/** What `npm run migrate` needs (server/cli/migrate.ts): the database, and NODE_ENV (the sandbox's tables everywhere but production). */
export interface DatabaseConfig {
  nodeEnv: NodeEnv;
  databaseUrl: string | undefined;
  dataDir: string;
}

/** The database variables alone, parsed by the same declarations: migrating needs no secrets of the server. */
export const loadDatabaseConfig = (env: Record<string, string | undefined>): DatabaseConfig => {
  const values = parseVars(z.object(coreVars).pick({ NODE_ENV: true, DATABASE_URL: true, DATA_DIR: true }), env);
  const nodeEnv = values.NODE_ENV;
  if (nodeEnv === 'production' && !values.DATABASE_URL) throw new ConfigError('DATABASE_URL is required with NODE_ENV=production (PostgreSQL); the embedded database is for development only');
  return {
    nodeEnv,
    databaseUrl: values.DATABASE_URL,
    dataDir: values.DATA_DIR === MEMORY_DATA_DIR ? values.DATA_DIR : resolve(values.DATA_DIR),
  };
};
