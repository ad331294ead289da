import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { SANDBOX_TEST_TOKEN } from '../../../scripts/load/server-process';
import { createTestDatabase } from '../../server/harness';
import { startServer, type RunningServer as FullServer } from '../../../server/server';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const DIST_DIR = resolve(ROOT, 'dist');

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  port: number;
  close(): Promise<void>;
  /** The server's own handle (Fastify app, db, config) for tests that need to reach in. */
  raw: FullServer;
}

export interface TestServerOptions {
  /** Extra environment for the server (docs/server.md names), on top of NODE_ENV=test and SANDBOX=true. */
  env?: Record<string, string>;
  /** Serve the built app from dist/ (default true). */
  serveDist?: boolean;
  /** Another static directory (e.g. a benchmark page). */
  staticDir?: string;
}

/**
 * Starts the real API server on a random port with a fresh database, serving the built app. Each call is independent:
 * tests get no data from one another. With DATABASE_URL set (`npm run test:e2e` runs the files against a throwaway
 * PostgreSQL cluster, scripts/with-postgres.ts), a new database copied from the migrated template database
 * (tests/server/harness.ts), dropped on close; without it, a `memory://` PGlite copy of the migrated template.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<RunningServer> {
  const staticDir = options.staticDir ?? (options.serveDist === false ? undefined : DIST_DIR);
  if (staticDir === DIST_DIR && !existsSync(resolve(DIST_DIR, 'index.html'))) {
    throw new Error('dist/index.html is missing: build first (`npm run test:e2e` runs `vite build` before vitest).');
  }
  const database = await createTestDatabase({ migrated: true });
  let server: FullServer;
  try {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: 'memory://',
      ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
      staticDir: staticDir ?? false,
      env: { NODE_ENV: 'test', SANDBOX: 'true', SANDBOX_TOKEN: SANDBOX_TEST_TOKEN, ...options.env },
    });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const close = async () => {
    await server.close();
    await database.drop();
  };
  return { url: server.url.replace(/\/$/, ''), port: server.port, close, raw: server };
}
