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
  const { url, drop } = await createDatabase(adminUrl, 'test', migrated ? await migratedTemplateDatabase(adminUrl) : undefined);
  return { databaseUrl: url, drop };
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
