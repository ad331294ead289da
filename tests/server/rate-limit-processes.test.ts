/**
 * The global per-IP rate limit holds across server processes (issue #33): two real `server/main.ts` processes on one
 * PostgreSQL database let one client address through RATE_LIMIT_PER_MINUTE times in all, not that many per process.
 * On a real PostgreSQL of its own, in the PGlite run only (tests/server/jobs-postgres.ts, fixed-database-files.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { LoadClient } from '../../scripts/load/http-client';
import { sandboxServerEnv, startServerProcess, stopServerProcess, type ServerProcess } from '../../scripts/load/server-process';
import { realPostgresDatabase } from './jobs-postgres';

const LIMIT = 12;
let servers: ServerProcess[] = [];
let drop: () => Promise<void>;
let databaseUrl: string;
const client = new LoadClient(3);

beforeAll(async () => {
  ({ databaseUrl, drop } = await realPostgresDatabase());
  const db = await openPostgres({ connectionString: databaseUrl, maxConnections: 2 });
  await migrate(db); // once, before both start (they would wait for each other anyway)
  await db.close();
  const env = sandboxServerEnv({ DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: String(LIMIT), JWT_SECRET: 'rate-limit-test-secret-rate-limit-test-secret' });
  servers = await Promise.all([startServerProcess('server-a', env), startServerProcess('server-b', env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => stopServerProcess(server)));
  client.destroy();
  await drop?.();
});

describe('the global rate limit across processes (PostgreSQL)', () => {
  it('one client address gets RATE_LIMIT_PER_MINUTE answers in all from two processes, then 429 with Retry-After from both; another address is not affected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT * 2; i++) {
      const answer = await client.request(servers[i % 2]!.url, 0, 'GET', '/api/config');
      statuses.push(answer.status);
    }
    const allowed = statuses.filter((status) => status !== 429).length;
    expect(allowed).toBe(LIMIT); // counted per process this was 2 × LIMIT
    expect(statuses.slice(LIMIT)).toEqual(Array(LIMIT).fill(429));
    for (const server of servers) {
      const refused = await client.request(server.url, 0, 'GET', '/api/config');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    }
    // Another client (another loopback source address) has its own window.
    expect((await client.request(servers[1]!.url, 1, 'GET', '/api/config')).status).toBe(401);
    // Probes are never refused by the limiter.
    expect((await client.request(servers[0]!.url, 0, 'GET', '/api/ready')).status).toBe(200);
  });
});
