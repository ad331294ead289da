/**
 * Builds the app on a fresh database for server tests: PGlite `memory://` by default (a copy of the migrated
 * template, server/db/memory-template.ts: its own instance, shares nothing); with DATABASE_URL set
 * (`npm run test:server:pg`), a new PostgreSQL database with a random name (a copy of the migrated template database),
 * dropped on close.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { createDatabase } from '../../scripts/load/postgres-cluster';
import { buildApp, type Adapters, type BuildAppOptions } from '../../server/app';
import { ManualClock } from '../../server/clock';
import { loadConfig, type Config } from '../../server/config';
import type { Db } from '../../server/db/db';
import { memoryTemplateKey } from '../../server/db/memory-template';
import { captureTemplateState, resetToTemplateState, type ResetSql, type TemplateState } from '../../server/db/template-reset';
import { loadMigrations, migrate } from '../../server/db/migrate';
import { openDb } from '../../server/db/open';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ManualClock;
  config: Config;
  /** app.inject + parsed JSON body. */
  call(options: InjectOptions): Promise<{ status: number; body: any; headers: LightMyRequestResponse['headers'] }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  adapters?: Adapters;
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /** The module list (buildApp's `modules`). */
  modules?: BuildAppOptions['modules'];
}

export const usesPostgres = (): boolean => Boolean(process.env.DATABASE_URL);

/**
 * The migrated template database on the DATABASE_URL server (PostgreSQL's counterpart of server/db/memory-template.ts):
 * every migration applied once, in a database named after the migrations' key, shared by all test processes (an
 * advisory lock lets one build it; it gets its name only once complete). This process's promise of its name.
 */
let migratedTemplate: Promise<string> | undefined;
const migratedTemplateDatabase = (adminUrl: string): Promise<string> =>
  (migratedTemplate ??= (async () => {
    const name = `test_template_${(await memoryTemplateKey(await loadMigrations())).slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) {
        const building = await createDatabase(adminUrl, 'test_template_building');
        const db = await openDb({ databaseUrl: building.url, dataDir: 'memory://' });
        try {
          await migrate(db);
        } finally {
          await db.close();
        }
        await admin.query(`ALTER DATABASE ${new URL(building.url).pathname.slice(1)} RENAME TO ${name}`);
      }
    } finally {
      await admin.end(); // ends the session, and with it the advisory lock
    }
    return name;
  })());

/**
 * A fresh database: returns its URL (PostgreSQL) or undefined (PGlite memory) and a drop function. `migrated`: on
 * PostgreSQL, a copy of the migrated template database (a PGlite memory database is opened from its own template).
 */
export const createTestDatabase = async ({ migrated = false } = {}): Promise<{ databaseUrl: string | undefined; drop: () => Promise<void> }> => {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { databaseUrl: undefined, drop: async () => {} };
  if (migrated && process.env.TEST_DATABASE_REUSE === '1') return reusedTestDatabase(adminUrl);
  const { url, drop } = await createDatabase(adminUrl, 'test', migrated ? await migratedTemplateDatabase(adminUrl) : undefined);
  return { databaseUrl: url, drop };
};

/**
 * TEST_DATABASE_REUSE=1 (scripts/with-postgres.ts sets it: its cluster is deleted after the run): a migrated test
 * database is not dropped when its test is done but parked in this process, and the next test takes it back reset to
 * the template's state (server/db/template-reset.ts), a tenth of the cost of a new copy. One whose schema changed, or
 * that still has connections, is dropped instead.
 */
interface ParkedDatabase {
  url: string;
  drop: () => Promise<void>;
}
const parkedDatabases: ParkedDatabase[] = [];
let postgresTemplateState: Promise<TemplateState> | undefined;
const MAX_PARKED_DATABASES = 2;

const withClient = async <T>(url: string, fn: (sql: ResetSql) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async (text, params) => (await client.query(text, params)).rows);
  } finally {
    await client.end();
  }
};

const reusedTestDatabase = async (adminUrl: string): Promise<{ databaseUrl: string; drop: () => Promise<void> }> => {
  let database: ParkedDatabase | undefined;
  for (let parked = parkedDatabases.pop(); parked && !database; parked = parkedDatabases.pop()) {
    const state = await postgresTemplateState!;
    const reset = await withClient(parked.url, async (sql) => {
      const others = await sql('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      return Number(others[0]?.n) === 0 && (await resetToTemplateState(sql, state));
    }).catch(() => false);
    if (reset) database = parked;
    else await parked.drop();
  }
  if (!database) {
    database = await createDatabase(adminUrl, 'test', await migratedTemplateDatabase(adminUrl));
    const url = database.url;
    postgresTemplateState ??= withClient(url, captureTemplateState);
    await postgresTemplateState;
  }
  const taken = database;
  let released = false;
  return {
    databaseUrl: taken.url,
    drop: async () => {
      if (released) return;
      released = true;
      if (parkedDatabases.length < MAX_PARKED_DATABASES) parkedDatabases.push(taken);
      else await taken.drop();
    },
  };
};

/** TestApp.call for `app`: one injected request, its status, its body (parsed JSON when it is JSON) and headers. */
export const injectCall =
  (app: FastifyInstance) =>
  async (inject: InjectOptions): Promise<{ status: number; body: any; headers: LightMyRequestResponse['headers'] }> => {
    const response = await app.inject(inject);
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = response.body;
    }
    return { status: response.statusCode, body, headers: response.headers };
  };

export const createTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const { databaseUrl, drop } = await createTestDatabase({ migrated: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    STATIC_DIR: 'false',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...options.env,
  });
  // PGlite memory://: a copy of the migrated template (server/db/memory-template.ts); migrate() then checks it's complete.
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, memoryTemplate: true });
  await migrate(db);
  const clock = new ManualClock(new Date('2030-01-01T12:00:00Z'));
  const app = await buildApp({ config, db, clock, adapters: options.adapters, extraRoutes: options.extraRoutes, modules: options.modules });
  return {
    app,
    db,
    clock,
    config,
    call: injectCall(app),
    async close() {
      await app.close();
      await db.close();
      await drop();
    },
  };
};

let counter = 0;
/** A unique email per test, so tests in one file share an app without interfering. */
export const uniqueEmail = (label = 'user'): string => `${label}.${Date.now().toString(36)}.${counter++}@example.com`;
/** A unique client IP per test (the per-IP code limit is counted in the database). */
export const uniqueIp = (): string => `10.${(counter >> 8) & 255}.${counter++ & 255}.${Math.floor(Math.random() * 250) + 1}`;

export const registrationForm = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '+79991234567',
  country: 'RUS',
  email,
  ...extra,
});

/** The header that unlocks the sandbox mailbox of this app (its SANDBOX_TOKEN). */
export const sandboxHeaders = (t: TestApp): Record<string, string> => ({ 'x-sandbox-token': t.config.sandboxToken });

/** The latest code mailed to an address, read through the sandbox mailbox endpoint. */
export const latestCode = async (t: TestApp, email: string): Promise<string | null> => {
  const { body } = await t.call({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(email)}`, headers: sandboxHeaders(t) });
  return (body.data.messages[0]?.code as string | null | undefined) ?? null;
};

/** Full sign-up through the API; returns the tokens answer. */
export const signUp = async (t: TestApp, email = uniqueEmail(), extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
  const ip = uniqueIp();
  const sent = await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email, purpose: 'signup' }, remoteAddress: ip });
  if (sent.status !== 200) throw new Error(`send-code failed: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(t, email);
  const registered = await t.call({
    method: 'POST',
    url: '/api/auth/register',
    payload: { ...registrationForm(email, extra), code },
    headers,
    remoteAddress: ip,
  });
  if (registered.status !== 200) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  return { email, ...(registered.body.data as { accessToken: string; refreshToken: string; user: { id: string; name: string } }) };
};
