import type { FastifyInstance } from 'fastify';
import { buildApp, type Adapters } from './app';
import { systemClock, type Clock } from './clock';
import { startMaintenance, type Maintenance } from './maintenance';
import { loadConfig, localOrigin, type Config } from './config';
import type { Db } from './db/db';
import { consoleMigrateOptions, migrate, migrationDirs, requireMigrated } from './db/migrate';
import { openDb } from './db/open';
import { startAppWorker, type Worker } from './jobs';
import { startTracing } from './tracing/sdk';
import { tracedDb } from './tracing/spans';

/**
 * How long a stop (SIGTERM/SIGINT) may take before the process exits anyway (server/main.ts). A platform's grace period
 * must be longer (docs/deploy.md: Kubernetes' terminationGracePeriodSeconds, compose's stop_grace_period).
 */
export const STOP_TIMEOUT_MS = 10_000;

export interface StartServerOptions {
  /** 0 = a random free port. */
  port?: number;
  host?: string;
  databaseUrl?: string;
  /** PGlite directory, or 'memory://' for a fresh throwaway database. */
  dataDir?: string;
  /** Built app to serve, or false for API only. */
  staticDir?: string | false;
  /** Environment overrides on top of process.env (same names as docs/server.md). */
  env?: Record<string, string>;
  adapters?: Adapters;
  clock?: Clock;
  /** Extra routes (tests), registered after the modules. */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
  app: FastifyInstance;
  db: Db;
  config: Config;
}

const logStartNotes = (app: FastifyInstance, config: Config, db: Db, applied: string[]) => {
  app.log.info(
    `database: ${db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`}; ` +
      (config.migrateOnStart
        ? `migrations applied now: ${applied.length ? applied.join(', ') : 'none (up to date)'}`
        : 'not migrating at start (MIGRATE_ON_START=off): the schema is up to date'),
  );
  if (!config.telegramBotToken) {
    app.log.warn(
      'TELEGRAM_BOT_TOKEN is not set: Telegram init data is NOT verified, Telegram accounts are not linked and Telegram login is refused.',
    );
  }
  if (config.sandbox) {
    app.log.info(
      `sandbox on: emails go to GET /api/dev/mailbox, new accounts verify after ${config.verificationDelaySeconds} s, /api/dev/* enabled`,
    );
  }
  if (!config.metricsToken) {
    app.log.warn('METRICS_TOKEN is not set: GET /api/metrics is open (refused with NODE_ENV=production).');
  }
  app.log.info(`public origin (payment and callback URLs): ${config.publicOrigin}; trusted proxies: ${JSON.stringify(config.trustProxy)}`);
  if (config.jwtSecretSource === 'generated-memory') {
    app.log.warn('JWT_SECRET is not set: using a random secret for this run (tokens do not survive a restart).');
  }
};

/** Opens the database, migrates it, builds the app and listens. */
export const startServer = async (options: StartServerOptions = {}): Promise<RunningServer> => {
  const env: Record<string, string | undefined> = { ...process.env, ...options.env };
  if (options.port !== undefined) env.PORT = String(options.port);
  if (options.host !== undefined) env.HOST = options.host;
  if (options.databaseUrl !== undefined) env.DATABASE_URL = options.databaseUrl;
  if (options.dataDir !== undefined) env.DATA_DIR = options.dataDir;
  if (options.staticDir !== undefined) env.STATIC_DIR = options.staticDir === false ? 'false' : options.staticDir;
  const config = loadConfig(env);

  let poolErrorLog: (error: Error) => void = (error) => console.error('database pool error', error);
  // Tracing (OTEL_EXPORTER_OTLP_ENDPOINT): the SDK first, so the requests and statements below are traced.
  const tracing = await startTracing(config.tracing);
  const opened = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (e) => poolErrorLog(e),
    // Tests (e2e: a server per test): memory:// opens as a copy of the migrated template.
    memoryTemplate: config.nodeEnv === 'test',
  });
  const db = tracing ? tracedDb(opened) : opened;
  let app: FastifyInstance;
  let applied: string[];
  let worker: Worker | null = null;
  let maintenance: Maintenance | null = null;
  try {
    // Migrations (docs/deploy.md "Migrations"): applied here, or by `npm run migrate` before the servers start.
    const dirs = migrationDirs({ sandbox: config.nodeEnv !== 'production' });
    if (config.migrateOnStart) {
      applied = await migrate(db, dirs, consoleMigrateOptions);
    } else {
      await requireMigrated(db, dirs);
      applied = [];
    }
    app = await buildApp({ config, db, adapters: options.adapters, clock: options.clock, extraRoutes: options.extraRoutes });
    poolErrorLog = (error) => app.log.error({ err: error }, 'database pool error');
    await app.listen({ port: config.port, host: config.host });
    if (!config.publicOriginSet) {
      // The local default names the port really listened on (PORT=0 picks a free one).
      const listening = app.server.address();
      if (typeof listening === 'object' && listening) config.publicOrigin = localOrigin(config.host, listening.port);
    }
    logStartNotes(app, config, db, applied);
    worker = startAppWorker(app, db, config.jobs); // background jobs (server/jobs): one worker per process
    maintenance = startMaintenance(db, options.clock ?? systemClock, { retentionHours: config.idempotencyRetentionHours }, app.log);
  } catch (error) {
    await db.close();
    await tracing?.shutdown();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const displayHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${displayHost}:${port}`,
    port,
    app,
    db,
    config,
    close: () =>
      (closing ??= (async () => {
        try {
          await worker?.stop(); // finishes or releases its running jobs before the database closes
          await maintenance?.stop();
          await app.close();
        } finally {
          await db.close();
          await tracing?.shutdown(); // the last spans leave
        }
      })()),
  };
};
