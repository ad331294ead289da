import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MEMORY_DATA_DIR } from './db/db';
import { loadTronConfig, tronProductionProblems, type TronConfig } from './adapters/tron/config';
import { AdapterConfigError, adaptersProductionProblems, loadAdaptersConfig, type AdaptersConfig } from './adapters/config';

export type NodeEnv = 'development' | 'production' | 'test';

export interface Config {
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
  /** USDT deposit source (TRON_ADAPTER, TRONGRID_*): server/adapters/tron/config.ts. */
  tron: TronConfig;
  /** Which adapter each outside integration uses (RATES_PROVIDER, CARD_ISSUER_ADAPTER, ...: server/adapters/config.ts). */
  adapters: AdaptersConfig;
}

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const toInt = (env: Env, name: string, fallback: number, min: number, max: number): number => {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer ${min}..${max}, got "${raw}"`);
  return n;
};

const toBool = (env: Env, name: string, fallback: boolean): boolean => {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
};

const nonEmpty = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

const toMetricsToken = (env: Env): string | undefined => {
  const token = nonEmpty(env.METRICS_TOKEN);
  if (token !== undefined && token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  return token;
};

const toSupportToken = (env: Env): string | undefined => {
  const token = nonEmpty(env.SUPPORT_TOKEN);
  if (token !== undefined && token.length < 16) throw new ConfigError('SUPPORT_TOKEN must be at least 16 characters');
  return token;
};

/** Comma-separated origins (`https://api.example.com`); anything with a path or another scheme is refused. */
const toOrigins = (env: Env, name: string): string[] =>
  (env[name] ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw new ConfigError(`${name} must be a comma-separated list of origins like https://api.example.com, got "${value}"`);
      }
      if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value.replace(/\/$/, '')) {
        throw new ConfigError(`${name} must be a comma-separated list of origins like https://api.example.com, got "${value}"`);
      }
      return url.origin;
    });

const toSandboxToken = (env: Env, sandbox: boolean): string => {
  const token = nonEmpty(env.SANDBOX_TOKEN);
  if (token !== undefined && !/^[A-Za-z0-9._~-]{16,128}$/.test(token)) {
    throw new ConfigError('SANDBOX_TOKEN must be 16..128 characters of A-Z a-z 0-9 . _ ~ -');
  }
  return token ?? (sandbox ? randomBytes(24).toString('base64url') : '');
};

const JWT_SECRET_FILE = 'jwt-secret';

/** Dev convenience: a random secret persisted in the data dir, so tokens survive restarts. */
const resolveJwtSecret = (env: Env, nodeEnv: NodeEnv, dataDir: string, usesPglite: boolean): Pick<Config, 'jwtSecret' | 'jwtSecretSource'> => {
  const fromEnv = nonEmpty(env.JWT_SECRET);
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

/**
 * TRUST_PROXY: `false`/unset = no proxy; a hop count (`1`, `2`: that many proxies in front of the server, the client
 * address is the one they appended); `true` = 1 hop (never "trust every X-Forwarded-For entry", which would let a
 * client choose its own IP); or a comma list of proxy addresses / CIDRs (`10.0.0.1,192.168.0.0/16`).
 */
const toTrustProxy = (env: Env): Config['trustProxy'] => {
  const raw = env.TRUST_PROXY?.trim().toLowerCase();
  if (!raw || ['0', 'false', 'no', 'off'].includes(raw)) return false;
  if (['true', 'yes', 'on'].includes(raw)) return 1;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY hop count must be 0..10, got "${raw}"`);
    return hops || false;
  }
  const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
  const address = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(?:\/\d{1,3})?$/;
  for (const entry of entries) {
    if (!address.test(entry)) {
      throw new ConfigError(`TRUST_PROXY must be false, a hop count (1, 2, ...) or a comma list of proxy addresses/CIDRs, got "${entry}"`);
    }
  }
  return entries;
};

/** The default public origin outside production: the address the server listens on (localhost for 0.0.0.0 / ::). */
export const localOrigin = (host: string, port: number): string => {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
};

const toPublicOrigin = (env: Env): string | undefined => {
  const raw = nonEmpty(env.PUBLIC_ORIGIN);
  if (!raw) return undefined;
  const origins = toOrigins({ PUBLIC_ORIGIN: raw }, 'PUBLIC_ORIGIN');
  if (origins.length !== 1) throw new ConfigError(`PUBLIC_ORIGIN must be one origin like https://wallet.example.com, got "${raw}"`);
  return origins[0]!;
};

const toAdapters = (env: Env, sandbox: boolean, nodeEnv: NodeEnv): AdaptersConfig => {
  try {
    return loadAdaptersConfig(env, { sandbox, production: nodeEnv === 'production' });
  } catch (error) {
    if (error instanceof AdapterConfigError) throw new ConfigError(error.message);
    throw error;
  }
};

/** Production refuses settings that would lose money or let people in (docs/server.md "Production refusals"). */
const assertProductionSafe = (config: Config): void => {
  if (config.nodeEnv !== 'production') return;
  const problems: string[] = [];
  if (!config.publicOriginSet) problems.push('PUBLIC_ORIGIN is required (the https origin users reach the server on, e.g. https://wallet.example.com)');
  if (!config.databaseUrl) problems.push('DATABASE_URL is required (PostgreSQL); the embedded database is for development only');
  if (!config.telegramBotToken) problems.push('TELEGRAM_BOT_TOKEN is required (without it Telegram init data is not verified)');
  if (config.sandbox) problems.push('SANDBOX must be off (it opens /api/dev/*: fake money, simulated issuer, sandbox mailbox)');
  if (!config.metricsToken) problems.push('METRICS_TOKEN is required (16+ characters; GET /api/metrics would be open)');
  problems.push(...tronProductionProblems(config.tron));
  problems.push(...adaptersProductionProblems(config.adapters));
  if (problems.length) throw new ConfigError(`Refusing to start with NODE_ENV=production:\n- ${problems.join('\n- ')}`);
};

/** Reads the configuration from environment variables (see docs/server.md). */
export const loadConfig = (env: Env = process.env): Config => {
  const rawEnv = env.NODE_ENV?.trim() || 'development';
  if (rawEnv !== 'development' && rawEnv !== 'production' && rawEnv !== 'test') {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${rawEnv}"`);
  }
  const nodeEnv: NodeEnv = rawEnv;
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  const rawDataDir = nonEmpty(env.DATA_DIR) ?? '.data/pglite';
  const dataDir = rawDataDir === MEMORY_DATA_DIR ? rawDataDir : resolve(rawDataDir);
  const sandbox = toBool(env, 'SANDBOX', nodeEnv !== 'production');
  const staticRaw = nonEmpty(env.STATIC_DIR) ?? 'dist';
  const port = toInt(env, 'PORT', 3000, 0, 65535);
  const host = nonEmpty(env.HOST) ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1');
  const publicOrigin = toPublicOrigin(env);
  const config: Config = {
    nodeEnv,
    port,
    host,
    databaseUrl,
    dataDir,
    ...resolveJwtSecret(env, nodeEnv, dataDir, !databaseUrl),
    telegramBotToken: nonEmpty(env.TELEGRAM_BOT_TOKEN),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Tonic Wallet <no-reply@localhost>',
    sandbox,
    verificationDelaySeconds: toInt(env, 'VERIFICATION_DELAY_SECONDS', 20, 0, 86_400 * 30),
    appOrigins: (env.APP_ORIGIN ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    staticDir: staticRaw === 'false' || staticRaw === 'off' ? false : resolve(staticRaw),
    trustProxy: toTrustProxy(env),
    publicOrigin: publicOrigin ?? localOrigin(host, port),
    publicOriginSet: publicOrigin !== undefined,
    timeouts: {
      requestMs: toInt(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
      headersMs: toInt(env, 'HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
      connectionMs: toInt(env, 'CONNECTION_TIMEOUT_MS', 60_000, 100, 3_600_000),
      keepAliveMs: toInt(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
    },
    sandboxToken: toSandboxToken(env, sandbox),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    metricsToken: toMetricsToken(env),
    supportToken: toSupportToken(env),
    apiPublicOrigins: toOrigins(env, 'API_PUBLIC_ORIGIN'),
    idempotencyPendingSeconds: toInt(env, 'IDEMPOTENCY_PENDING_SECONDS', 60, 1, 3600),
    idempotencyRetentionHours: toInt(env, 'IDEMPOTENCY_RETENTION_HOURS', 24, 1, 24 * 365),
    refreshReuseGraceSeconds: toInt(env, 'REFRESH_REUSE_GRACE_SECONDS', 30, 0, 300),
    tron: loadTronConfig(env, { production: nodeEnv === 'production' }),
    adapters: toAdapters(env, sandbox, nodeEnv),
  };
  if (config.timeouts.headersMs > config.timeouts.requestMs) {
    throw new ConfigError('HEADERS_TIMEOUT_MS must not be larger than REQUEST_TIMEOUT_MS');
  }
  assertProductionSafe(config);
  return config;
};
