/**
 * Load benchmark (`npm run bench:load`): the hot reads and the money writes on the embedded database (PGlite,
 * one server process: it owns its folder) and on PostgreSQL (two server processes on one throwaway cluster, the
 * production shape), with each server's resident memory at the end, the exactly-once audit, and the ratio to
 * pgbench's TPC-B-like rate on the same database in the same run. Figures are printed, never asserted; the exit
 * code is 1 only when the audit fails.
 *
 *   npm run bench:load                                   # both databases
 *   BENCH_DATABASES=postgres BENCH_USERS=40 BENCH_READ_SECONDS=20 BENCH_WRITE_SECONDS=30 npm run bench:load
 *
 * For each database: sign up BENCH_USERS users (sandbox mailbox), fund each with USDT (sandbox chain), issue each a
 * virtual card; then
 *   - hot reads for BENCH_READ_SECONDS: every user loops GET /api/wallet and GET /api/cards;
 *   - money writes for BENCH_WRITE_SECONDS: every user loops USD⇄RUB exchanges (70 %) and card top-ups (30 %),
 *     each with its Idempotency-Key;
 * then the audit (scripts/load/wallet-workload.ts), and pgbench on that same database: for PostgreSQL `pgbench -i -s 10`
 * and `-T BENCH_PGBENCH_SECONDS -c 8 -j 2`; for PGlite, once its server has stopped, the same folder opened here and
 * served over the PostgreSQL wire protocol (@electric-sql/pglite-socket), `pgbench -i -I dtGvp -s 1` (data generated
 * server-side: the socket has no COPY) and the same run. Needs the PostgreSQL server binaries and pgbench
 * (Debian: postgresql-15), as `npm test` does.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { openPglite, pgliteInstance } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { LoadClient, LoadStats } from '../load/http-client';
import { createDatabase, findPostgresBinary, freePort, startPostgresCluster } from '../load/postgres-cluster';
import { residentMemory, sandboxServerEnv, startServerProcess, stopServerProcess, waitForIdleJobs, type ServerProcess } from '../load/server-process';
import { auditWorkload, waitForJobs, WalletWorkload, type LoadUser } from '../load/wallet-workload';

const USERS = Number(process.env.BENCH_USERS ?? 20);
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 15);
const WRITE_SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 20);
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((d) => d.trim());

const mb = (bytes: number) => (Number.isNaN(bytes) ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const line = (label: string, value: string) => console.log(`  ${label.padEnd(40)} ${value}`);

interface PhaseResult {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  perKind: Array<{ kind: string; count: number; p50: number; p99: number }>;
  outcomes: Map<string, number>;
}

const phase = async (workload: WalletWorkload, users: LoadUser[], seconds: number, mix: Parameters<WalletWorkload['runFor']>[2]): Promise<PhaseResult> => {
  workload.stats.reset();
  const run = await workload.runFor(users, seconds, mix);
  const all = workload.stats.summary();
  return {
    requests: workload.stats.requests,
    seconds: run.seconds,
    p50: all.p50,
    p99: all.p99,
    perKind: [...workload.stats.latencies.keys()].map((kind) => ({ kind, ...workload.stats.summary([kind]) })),
    outcomes: new Map(workload.stats.outcomes),
  };
};

/** Runs pgbench asynchronously: for PGlite the database it talks to is served by this very process. */
const pgbench = (args: string[], connection: string[]): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn(findPostgresBinary('pgbench'), [...args, ...connection], { env: { ...process.env, PGPASSWORD: 'bench' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`pgbench ${args.join(' ')} failed (${code}): ${stderr || stdout}`))));
  });
const tpsOf = (output: string): number => Number((/tps = ([\d.]+) \(without initial connection time\)/.exec(output) ?? /tps = ([\d.]+)/.exec(output))?.[1] ?? NaN);

interface Target {
  label: string;
  servers: ServerProcess[];
  /** The audit's database connection (PGlite: opened after the server stopped). */
  openAuditDb(): Promise<Db>;
  /** pgbench on the same database; returns tps. */
  pgbench(db: Db): Promise<{ tps: number; how: string }>;
  cleanup(): Promise<void>;
}

const startPglite = async (): Promise<Target> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  const env = sandboxServerEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'error', TRON_POLL_MS: '1000' });
  // The first start on an empty folder runs initdb and the migrations (a peak of ~800 MB RSS, then ~360 MB); measure a
  // server as it normally runs: started again on its existing data (~240 MB idle, docs/performance.md "Performance").
  await stopServerProcess(await startServerProcess('pglite-init', env));
  const server = await startServerProcess('pglite-server', env);
  return {
    label: 'embedded PGlite, 1 server process',
    servers: [server],
    openAuditDb: () => openPglite(dataDir),
    async pgbench(db) {
      const port = await freePort();
      const socket = new PGLiteSocketServer({ db: pgliteInstance(db)!, port, host: '127.0.0.1', maxConnections: 16 });
      await socket.start();
      try {
        const connection = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'postgres'];
        await pgbench(['-i', '-I', 'dtGvp', '-s', '1', '-q'], connection);
        return { tps: tpsOf(await pgbench(['-T', String(PGBENCH_SECONDS), '-c', '8', '-j', '2', '-n'], connection)), how: 'scale 1 over pglite-socket, 8 clients' };
      } finally {
        await socket.stop();
      }
    },
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

const startPostgres = async (): Promise<Target> => {
  const cluster = await startPostgresCluster({ name: 'bench-postgres' });
  const { url: databaseUrl } = await createDatabase(cluster.url, 'bench');
  const setup = await openPostgres({ connectionString: databaseUrl, maxConnections: 2 });
  await migrate(setup);
  await setup.close();
  const env = sandboxServerEnv({ DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(32).toString('base64url'), LOG_LEVEL: 'error', TRON_POLL_MS: '1000' });
  const servers = await Promise.all([startServerProcess('postgres-server-a', env), startServerProcess('postgres-server-b', env)]);
  return {
    label: 'PostgreSQL 15, 2 server processes',
    servers,
    openAuditDb: () => openPostgres({ connectionString: databaseUrl, maxConnections: 4 }),
    async pgbench() {
      const connection = [databaseUrl];
      await pgbench(['-i', '-s', '10', '-q'], connection);
      return { tps: tpsOf(await pgbench(['-T', String(PGBENCH_SECONDS), '-c', '8', '-j', '2', '-n'], connection)), how: 'scale 10, 8 clients' };
    },
    async cleanup() {
      cluster.destroy();
    },
  };
};

const benchmark = async (target: Target): Promise<boolean> => {
  // 1 000 source addresses, one per request in turn: the simulated users stand for many more real ones (see rotateAddresses).
  const client = new LoadClient(1_000);
  const workload = new WalletWorkload({ client, servers: () => target.servers.map((s) => s.url), stats: new LoadStats(), rotateAddresses: true });
  let ok = false;
  try {
    const setupStarted = performance.now();
    const users = await workload.signUp(USERS);
    await Promise.all(users.map((user) => workload.usdtDeposit(user, 5_000)));
    await workload.pickCardProduct(users[0]!);
    await Promise.all(users.map((user) => workload.issueCard(user)));
    const rssStart = target.servers.map((s) => residentMemory(s.pid));
    console.log(`\n${target.label}: ${users.length} users signed up, funded and given a card in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

    const reads = await phase(workload, users, READ_SECONDS, { walletRead: 1, cardsRead: 1 });
    const rssAfterReads = target.servers.map((s) => residentMemory(s.pid));
    const writes = await phase(workload, users, WRITE_SECONDS, { exchange: 7, cardTopUp: 3 });
    const rssEnd = target.servers.map((s) => residentMemory(s.pid));

    // The audit needs everything settled; PGlite's folder opens only once its server has stopped.
    let db: Db | null = null;
    if (target.servers.length > 1) {
      db = await target.openAuditDb();
      await waitForJobs(db, 120_000);
    } else {
      await waitForIdleJobs(target.servers[0]!.url, 120_000);
    }
    await Promise.all(target.servers.map((s) => stopServerProcess(s)));
    db ??= await target.openAuditDb();
    const audit = await auditWorkload(db, users);
    const bench = await target.pgbench(db).catch((error: Error) => ({ tps: NaN, how: `failed: ${error.message.slice(0, 300)}` }));
    await db.close();

    const report = (title: string, result: PhaseResult) => {
      const rate = result.requests / result.seconds;
      line(title, `${result.requests} requests in ${result.seconds.toFixed(1)} s = ${rate.toFixed(0)} req/s; p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`);
      for (const k of result.perKind) line(`  ${k.kind} (${k.count})`, `p50 ${k.p50.toFixed(1)} ms, p99 ${k.p99.toFixed(1)} ms`);
      const refused = [...result.outcomes.entries()].filter(([key]) => !key.endsWith(': ok'));
      if (refused.length) line('  answers other than ok', refused.map(([key, n]) => `${key} ×${n}`).join('; '));
      return rate;
    };
    console.log(`\n${target.label}  (${USERS} users)`);
    const readRate = report('hot reads (wallet, cards list)', reads);
    const writeRate = report('money writes (exchange, card top-up)', writes);
    line('server RSS after setup / reads / writes', target.servers.map((s, i) => `${s.name}: ${mb(rssStart[i]!)} / ${mb(rssAfterReads[i]!)} / ${mb(rssEnd[i]!)}`).join('; '));
    line(`pgbench TPC-B-like (${bench.how})`, Number.isNaN(bench.tps) ? bench.how : `${bench.tps.toFixed(0)} tps`);
    if (!Number.isNaN(bench.tps)) {
      line('hot reads req/s ÷ pgbench tps', (readRate / bench.tps).toFixed(3));
      line('money writes req/s ÷ pgbench tps', (writeRate / bench.tps).toFixed(3));
    }
    console.log('  audit:');
    for (const [label, value] of audit.lines) line(`    ${label}`, value);
    for (const problem of audit.problems) console.log(`    ! ${problem}`);
    ok = audit.ok && workload.unresolved.length === 0;
    for (const unresolved of workload.unresolved) console.log(`    ! unresolved: ${unresolved}`);
  } finally {
    await Promise.all(target.servers.map((s) => stopServerProcess(s)));
    client.destroy();
    await target.cleanup();
  }
  return ok;
};

const main = async (): Promise<number> => {
  let failed = false;
  for (const database of DATABASES) {
    if (database !== 'pglite' && database !== 'postgres') throw new Error(`BENCH_DATABASES: unknown "${database}" (pglite, postgres)`);
    const target = database === 'pglite' ? await startPglite() : await startPostgres();
    if (!(await benchmark(target))) failed = true;
  }
  console.log('\n(figures only; nothing is asserted on timing)');
  return failed ? 1 : 0;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
