/**
 * The bare baselines of `npm run bench:table`: Fastify + node-postgres and nothing else. Run as a process:
 * `node --import tsx scripts/load/bare-server.ts <DATABASE_URL>`; prints "listening <port>".
 *   - GET /bare/account/:id: one primary-key select (`SELECT balance, currency FROM ledger_accounts WHERE id = $1`,
 *     unprepared: the plain idiomatic call): the hot reads' baseline;
 *   - GET /bare/wallet with a bearer token (JWT_SECRET in the environment: the app's): the wallet read's whole work in
 *     one named prepared statement of its own (scripts/load/wallet-read-alternative.ts): the hot reads' best
 *     alternative, with no security headers, limiter, metrics or contract check;
 *   - POST /bare/exchange `{ user, amount }` with an Idempotency-Key: the whole exchange as ONE set-based statement
 *     (scripts/load/exchange-ceiling.ts, on its database), a named prepared statement, the FX shard picked at random:
 *     the exchanges' best alternative through HTTP, with no session, validation, limits or logging;
 *   - POST /bare/topup `{ user, amount }` with an Idempotency-Key, and, with `--topup-worker`, the jobs it queues: the
 *     card top-ups' best alternative (scripts/load/topup-alternative.ts, on the same database): the request in ONE
 *     statement, then a worker in this process (8 jobs at once, as the app's 2 processes × 4) claims the jobs in
 *     batches (vacuuming the jobs table as the app's workers do), has the sandbox issuer load each card and settles it
 *     in one statement each.
 *
 *   node --import tsx scripts/load/bare-server.ts <DATABASE_URL> [--topup-worker]
 */
import Fastify from 'fastify';
import pg from 'pg';
import { CEILING_SHARDS, exchangeCeilingStatement } from './exchange-ceiling';
import { tokenVerifier, walletAnswer, walletReadStatement, type WalletReadRow } from './wallet-read-alternative';
import { claimTopUpJobsStatement, issuerLoadStatement, settleTopUpStatement, topUpRequestStatement } from './topup-alternative';

const pool = new pg.Pool({ connectionString: process.argv[2], max: 10 });
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/bare/account/:id', async (request) => {
  const { rows } = await pool.query('SELECT balance, currency FROM ledger_accounts WHERE id = $1', [request.params.id]);
  return { success: true, data: rows[0] ?? null };
});
const verifyToken = process.env.JWT_SECRET ? tokenVerifier(process.env.JWT_SECRET) : async () => null;
app.get('/bare/wallet', async (request, reply) => {
  const claims = await verifyToken(request.headers.authorization);
  if (!claims) return reply.code(401).send({ success: false, error: { code: 'UNAUTHORIZED', message: 'Sign in required.' } });
  const { rows } = await pool.query<WalletReadRow>({ name: 'wallet', text: walletReadStatement, values: [claims.sessionId, claims.userId] });
  const row = rows[0];
  if (!row?.acts) return reply.code(401).send({ success: false, error: { code: 'UNAUTHORIZED', message: 'Sign in required.' } });
  if (row.locked) return reply.code(423).send({ success: false, error: { code: 'APP_LOCKED', message: 'The app is locked.' } });
  return { success: true, data: walletAnswer(row, new Date()) };
});
const exchange = exchangeCeilingStatement({ user: '$1::int', shard: '$2::int', amount: '$3::int', key: '$4::text' });
app.post<{ Body: { user: number; amount: number } }>('/bare/exchange', async (request, reply) => {
  const { rowCount } = await pool.query({
    name: 'exchange',
    text: exchange,
    values: [request.body.user, Math.floor(Math.random() * CEILING_SHARDS), request.body.amount, request.headers['idempotency-key']],
  });
  if (rowCount !== 5) return reply.code(409).send({ success: false, error: { code: 'NOT_POSTED', message: 'The exchange moved nothing.' } });
  return { success: true, data: { posted: true } };
});
const topUp = topUpRequestStatement();
app.post<{ Body: { user: number; amount: number } }>('/bare/topup', async (request, reply) => {
  const { rows } = await pool.query({
    name: 'topup',
    text: topUp,
    values: [request.body.user, Math.floor(Math.random() * CEILING_SHARDS), request.body.amount, request.headers['idempotency-key']],
  });
  if (!rows.length) return reply.code(409).send({ success: false, error: { code: 'NOT_CHARGED', message: 'The top-up charged nothing.' } });
  return { success: true, data: { transfer: { id: rows[0].id, status: 'pending' } } };
});

/** The top-ups' jobs: claimed in batches for the free slots; a finished job claims again at once; idle, a poll every 50 ms. */
const JOB_SLOTS = 8;
const workerId = `bare:${process.pid}`;
let running = 0;
let claiming = false;
let stopped = false;
let claimedSinceVacuum = 0;
let lastVacuumAt = -Infinity;
const runJob = async (job: { id: string; topup_id: string }) => {
  await pool.query({ name: 'issuer-load', text: issuerLoadStatement, values: [job.topup_id] });
  await pool.query({ name: 'settle', text: settleTopUpStatement, values: [job.topup_id, job.id, workerId] });
};
const claimJobs = async (): Promise<void> => {
  if (claiming || stopped) return;
  claiming = true;
  try {
    while (running < JOB_SLOTS && !stopped) {
      const free = JOB_SLOTS - running;
      const { rows } = await pool.query<{ id: string; topup_id: string }>({ name: 'claim', text: claimTopUpJobsStatement, values: [workerId, free] });
      claimedSinceVacuum += rows.length;
      if (claimedSinceVacuum >= 1_000 && performance.now() - lastVacuumAt >= 1_000) {
        // The same upkeep as the app's workers (JOBS_VACUUM_EVERY): claims walk the queue index's dead entries otherwise.
        claimedSinceVacuum = 0;
        lastVacuumAt = performance.now();
        void pool.query('VACUUM (ANALYZE, SKIP_LOCKED) jobs').catch((error: unknown) => console.error('bare jobs vacuum', error));
      }
      for (const job of rows) {
        running += 1;
        runJob(job)
          .catch((error: unknown) => console.error('bare top-up job', job.id, error))
          .finally(() => {
            running -= 1;
            void claimJobs();
          });
      }
      if (rows.length < free) break;
    }
  } finally {
    claiming = false;
  }
};
if (process.argv.includes('--topup-worker')) setInterval(() => void claimJobs().catch((error: unknown) => console.error('bare job claim', error)), 50).unref();

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
const stop = () => {
  stopped = true;
  void app.close().then(() => pool.end()).then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
