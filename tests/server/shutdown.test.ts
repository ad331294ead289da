import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server';
import { createTestDatabase } from './harness';

/**
 * Graceful stop (server/main.ts on SIGINT/SIGTERM calls close()): requests already in flight finish with their
 * answer, new connections are refused, then the database closes. The client keeps its connection alive (fetch does):
 * without server/http/graceful-close.ts close() would wait for that idle keep-alive connection to time out. That the worker releases its job leases on stop is
 * tested in jobs.test.ts ("a graceful stop waits for running jobs, then releases the leases…").
 */
describe('RunningServer.close()', () => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
  });

  it('lets an in-flight request finish with 200, then stops listening', async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));

    const server: RunningServer = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: 'memory://',
      ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
      staticDir: false,
      env: { NODE_ENV: 'test', SANDBOX: 'true', JWT_SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'silent', TRON_POLL_MS: '0' },
      extraRoutes: (app) => {
        app.get('/api/test/slow', async () => {
          arrived();
          await released;
          const [row] = await server.db.query<{ one: number }>('SELECT 1 AS one'); // the database is still open
          return { success: true, data: { one: row!.one } };
        });
      },
    });

    const inFlight = fetch(`${server.url}/api/test/slow`);
    await requestArrived;
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false); // waits for the request

    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { one: 1 } });
    await closing;
    expect(closed).toBe(true);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
