/**
 * One user's passcode storm against another user's unlock (issue #31 item 4; docs/auth.md "App lock"): prints the
 * other user's unlock time idle and under 200 concurrent passcode re-sets by the first user, with the limits as
 * configured (most of the storm is refused at once) and with the limits lifted (the fair hash pool alone). Figures,
 * never asserts; the bar is "within 2x" of idle. Before the pool: 122 ms idle → median 9.8 s under the storm.
 *
 *   npm run bench:hash-storm            (BENCH_STORM=200 calls, BENCH_PROBES=8 unlocks of the other user)
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { systemClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { openDb } from '../../server/db/open';

const STORM = Number(process.env.BENCH_STORM ?? 200);
// The other user's own limit (20 passcode calls a minute) bounds the probes: 1 set + 2 × 8.
const PROBES = Number(process.env.BENCH_PROBES ?? 8);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const call = async (app: FastifyInstance, token: string, url: string, payload: object, remoteAddress: string) => {
  const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload, remoteAddress });
  return { status: res.statusCode, body: res.json() as { data?: { result?: string } } };
};

/** A user signed up through the sandbox mailbox, with a passcode set. */
const userWithLock = async (app: FastifyInstance, sandboxToken: string, passcode: string): Promise<string> => {
  const email = `storm-${randomUUID()}@example.com`;
  const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  await app.inject({ method: 'POST', url: '/api/auth/send-code', payload: { email, purpose: 'signup' }, remoteAddress: ip });
  const mailbox = await app.inject({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(email)}`, headers: { 'x-sandbox-token': sandboxToken } });
  const code = (mailbox.json() as { data: { messages: Array<{ code: string }> } }).data.messages[0]!.code;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { firstName: 'Storm', lastName: 'Bench', phoneNumber: '+79991234567', country: 'RUS', email, code },
    remoteAddress: ip,
  });
  const token = (registered.json() as { data: { accessToken: string } }).data.accessToken;
  await call(app, token, '/api/app-lock/passcode', { passcode }, ip);
  return token;
};

const run = async (label: string, env: Record<string, string>) => {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', STATIC_DIR: 'false', LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0', ...env });
  const db = await openDb({ databaseUrl: undefined, dataDir: config.dataDir, memoryTemplate: true });
  await migrate(db);
  const app = await buildApp({ config, db, clock: systemClock });
  try {
    const stormer = await userWithLock(app, config.sandboxToken, '111111');
    const other = await userWithLock(app, config.sandboxToken, '222222');
    const unlockOther = async () => {
      const started = performance.now();
      const res = await call(app, other, '/api/app-lock/unlock', { passcode: '222222' }, '10.78.0.1');
      if (res.body.data?.result !== 'ok') throw new Error(`the other user's unlock: ${res.status} ${JSON.stringify(res.body)}`);
      return performance.now() - started;
    };
    const idle: number[] = [];
    for (let i = 0; i < PROBES; i++) idle.push(await unlockOther());
    // The storm: STORM concurrent passcode re-sets (change with the current one: never counted as tries).
    const statuses = new Map<number, number>();
    const storm = Promise.all(
      Array.from({ length: STORM }, async () => {
        const { status } = await call(app, stormer, '/api/app-lock/passcode', { passcode: '111111', currentPasscode: '111111' }, '10.79.0.1');
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }),
    );
    const underStorm: number[] = [];
    for (let i = 0; i < PROBES; i++) underStorm.push(await unlockOther());
    await storm;
    const ratio = median(underStorm) / median(idle);
    console.log(
      `${label.padEnd(42)} idle median ${median(idle).toFixed(0).padStart(5)} ms · under the storm median ${median(underStorm).toFixed(0).padStart(5)} ms, ` +
        `max ${Math.max(...underStorm).toFixed(0)} ms · ${ratio.toFixed(2)}× · storm answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  } finally {
    await app.close();
    await db.close();
  }
};

console.log(`Another user's unlock (${PROBES} probes) beside ${STORM} concurrent passcode re-sets by one user:`);
await run('limits as configured (defaults)', {});
await run('limits lifted: the fair hash pool alone', { APP_LOCK_HASH_PER_USER_PER_MINUTE: '10000', APP_LOCK_HASH_PER_IP_PER_MINUTE: '100000', APP_LOCK_HASH_QUEUE_PER_USER: '100' });
