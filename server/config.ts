import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MEMORY_DATA_DIR } from './db/db';

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
  trustProxy: boolean;
  logLevel: string;
  /** Bearer token required by GET /api/metrics when set (METRICS_TOKEN); unset = open. */
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
  return {
    nodeEnv,
    port: toInt(env, 'PORT', 3000, 0, 65535),
    host: nonEmpty(env.HOST) ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
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
    trustProxy: toBool(env, 'TRUST_PROXY', false),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    metricsToken: toMetricsToken(env),
    supportToken: toSupportToken(env),
    apiPublicOrigins: toOrigins(env, 'API_PUBLIC_ORIGIN'),
    idempotencyPendingSeconds: toInt(env, 'IDEMPOTENCY_PENDING_SECONDS', 60, 1, 3600),
    idempotencyRetentionHours: toInt(env, 'IDEMPOTENCY_RETENTION_HOURS', 24, 1, 24 * 365),
    refreshReuseGraceSeconds: toInt(env, 'REFRESH_REUSE_GRACE_SECONDS', 30, 0, 300),
  };
};
