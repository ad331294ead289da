/**
 * `npm run bench:table`: the performance table of issue 13 in one run, the app and its bare baselines side by side on
 * the same PostgreSQL cluster with the same load generator, medians of BENCH_RUNS runs of BENCH_SECONDS each, and CPU
 * per request of each process. Figures are printed, never asserted (docs/server.md "Performance").
 *
 *   npm run bench:table
 *   BENCH_RUNS=5 BENCH_SECONDS=10 npm run bench:table
 *   BENCH_ONLY=writes npm run bench:table  # only the money-write rows
 *   BENCH_ONLY=embedded npm run bench:table  # only the embedded (PGlite) rows: its reads and its memory
 *   BENCH_ONLY=reads npm run bench:table     # only the reads (PostgreSQL, embedded and bare), no money writes
 *   BENCH_TSX=1 npm run bench:table        # the server under tsx instead of compiled (scripts/build-server.ts)
 *   BENCH_SERVER=old/dist-server/main.js npm run bench:table   # another build (an older commit's: before/after)
 *
 * Rows:
 *   - GET /api/wallet, PostgreSQL, 1 server process, 32 keep-alive connections (scripts/load/closed-loop.ts, its own
 *     process) ÷ bare Fastify + pg answering one primary-key select (scripts/load/bare-server.ts), same connections;
 *   - GET /api/cards (each user holds one card) ÷ the same bare rate;
 *   - GET /api/wallet on the embedded PGlite (1 process, its own folder) ÷ the same bare rate on PostgreSQL;
 *   - CPU per hot read: the server process (/proc/<pid>/stat) and the database (the postmaster with its backends);
 *   - exchanges with 1 and 2 server processes, card top-ups with 2 (scripts/load/wallet-workload.ts: each user loops
 *     its calls, each with its Idempotency-Key) ÷ pgbench TPC-B-like (-c 8 -j 2, scale 10) on the same cluster; each
 *     write row starts with no job left by the row before and ends when its own jobs (a top-up's issuer steps) are
 *     done: the rate is operations ÷ (load time + that drain), the CPU includes the jobs;
 *   - the ceiling of the exchanges: one exchange's ledger posting alone, driven by pgbench's C client straight at the
 *     database (scripts/load/ledger-posting.ts), ÷ the same pgbench TPC-B-like;
 *   - resident memory: the PostgreSQL server after the load, the embedded server on its first start (peak) and after
 *     the load.
 * Runs are interleaved (app, bare, app, bare…), so a neighbour's load on the shared cores hits both sides alike: the
 * ratios are what to read. Needs the PostgreSQL 15 server binaries and pgbench, as `npm run bench:load` does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { accountIds } from '../../server/modules/ledger';
import { buildServer } from '../build-server';
import { runClosedLoop, type LoopResult, type LoopTarget } from '../load/closed-loop';
import { LoadClient, LoadStats } from '../load/http-client';
import { prepareLedgerPostingBench } from '../load/ledger-posting';
import { createDatabase, findPostgresBinary, startPostgresCluster } from '../load/postgres-cluster';
import { clusterCpuMs, postmasterOf, processCpuMs } from '../load/proc-cpu';
import { residentMemory, ROOT, sandboxServerEnv, startServerProcess, stopServerProcess, type ServerProcess } from '../load/server-process';
import { waitForJobs, WalletWorkload, type LoadUser, type Operation } from '../load/wallet-workload';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const USERS = Number(process.env.BENCH_USERS ?? 32);
const TSX = process.env.BENCH_TSX === '1';
/** BENCH_ONLY=writes: only the money writes (quicker while working on them; the other rows print n/a). */
const ONLY = process.env.BENCH_ONLY;
/** BENCH_ONLY=embedded: only the embedded server's rows (GET /api/wallet on PGlite, its CPU and its memory). */
const EMBEDDED_ONLY = ONLY === 'embedded';
/** BENCH_ONLY=reads: every read row (both databases, the bare baseline) and no money writes. */
const NO_WRITES = EMBEDDED_ONLY || ONLY === 'reads';

const median = (values: number[]): number => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const mb = (bytes: number) => (Number.isNaN(bytes) ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const peakMemory = (pid: number): number => {
  try {
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;
  } catch {
    return NaN;
  }
};

interface Sample {
  rate: number;
  p99: number;
  /** CPU milliseconds per answered request: the server processes, the database cluster. */
  serverCpu: number;
  dbCpu: number;
  /** CPU milliseconds per request of this benchmark's own process (the write rows' load generator runs in it). */
  generatorCpu: number;
  failures: string;
}

const samples = new Map<string, Sample[]>();
const record = (key: string, sample: Sample) => (samples.get(key) ?? samples.set(key, []).get(key)!).push(sample);
const med = (key: string, field: keyof Omit<Sample, 'failures'>) => median((samples.get(key) ?? []).map((s) => s[field]));

/** CPU of the given server pids and of the cluster around `work`; returns per-request figures. */
const measured = async (
  serverPids: number[],
  postmasterPid: number | null,
  work: (onStart: () => void) => Promise<{ rate: number; p99: number; requests: number; failures: string }>,
): Promise<Sample> => {
  let server0 = NaN;
  let db0 = NaN;
  let own0 = process.cpuUsage();
  const start = () => {
    own0 = process.cpuUsage();
    server0 = serverPids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
    db0 = postmasterPid === null ? NaN : clusterCpuMs(postmasterPid);
  };
  const result = await work(start);
  const server = serverPids.reduce((sum, pid) => sum + processCpuMs(pid), 0) - server0;
  const db = postmasterPid === null ? NaN : clusterCpuMs(postmasterPid) - db0;
  const own = process.cpuUsage(own0);
  const generator = (own.user + own.system) / 1000;
  return {
    rate: result.rate,
    p99: result.p99,
    serverCpu: server / result.requests,
    dbCpu: db / result.requests,
    generatorCpu: generator / result.requests,
    failures: result.failures,
  };
};

let nextAddress = 0;
const loop = (base: string, targets: LoopTarget[]) => async (onStart: () => void) => {
  const result: LoopResult = await runClosedLoop({ base, targets, connections: CONNECTIONS, seconds: SECONDS, firstAddress: nextAddress }, onStart);
  nextAddress += result.addresses + 10;
  const failures = Object.entries(result.failures).map(([status, n]) => `${status} ×${n}`).join(', ');
  return { rate: result.rate, p99: result.p99, requests: result.requests, failures };
};

const startBare = (databaseUrl: string): Promise<{ child: ChildProcess; pid: number; url: string }> =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/load/bare-server.ts', databaseUrl], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.on('data', (chunk: Buffer) => {
      const port = /listening (\d+)/.exec(chunk.toString('utf8'))?.[1];
      if (port) resolvePromise({ child, pid: child.pid!, url: `http://127.0.0.1:${port}` });
    });
    child.on('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });

const pgbench = (args: string[]): Promise<string> =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(findPostgresBinary('pgbench'), args);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('exit', (code) => (code === 0 ? resolvePromise(out) : reject(new Error(`pgbench ${args.join(' ')}: ${out}`))));
  });

const userIdOf = (user: LoadUser): string => JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString('utf8')).sub as string;
const bearer = (user: LoadUser): LoopTarget['headers'] => ({ authorization: `Bearer ${user.token}` });

const main = async () => {
  const started = performance.now();
  const loadAtStart = (await import('node:os')).loadavg()[0]!.toFixed(1);
  // BENCH_SERVER=<compiled main.js>: bench that build instead (e.g. an older commit's, for a before/after).
  const entry = process.env.BENCH_SERVER ? resolve(process.env.BENCH_SERVER) : TSX ? undefined : resolve(ROOT, '.tmp/bench-server/main.js');
  if (entry && !process.env.BENCH_SERVER) await buildServer(resolve(ROOT, '.tmp/bench-server'), { initdbTemplate: true }); // as npm run build:server
  const cluster = await startPostgresCluster({ name: 'bench-table' });
  const cleanups: Array<() => unknown> = [() => cluster.destroy()];
  const servers: ServerProcess[] = [];
  try {
    const { url: databaseUrl } = await createDatabase(cluster.url, 'bench');
    const { url: pgbenchUrl } = await createDatabase(cluster.url, 'pgbench');
    const setup = await openPostgres({ connectionString: databaseUrl, maxConnections: 2 });
    await migrate(setup);
    await setup.close();
    const probe = new pg.Client({ connectionString: cluster.url });
    await probe.connect();
    const postmaster = postmasterOf((await probe.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
    await probe.end();

    const env = sandboxServerEnv({ DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(32).toString('base64url'), LOG_LEVEL: 'error', TRON_POLL_MS: '1000' });
    const [a, b] = await Promise.all([startServerProcess('pg-a', env, { entry }), startServerProcess('pg-b', env, { entry })]);
    servers.push(a!, b!);
    const bare = await startBare(databaseUrl);
    cleanups.push(() => bare.child.kill('SIGTERM'));

    // The embedded server: a first start on an empty folder (initdb + migrations), then started again on its data.
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-table-pglite-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const pgliteEnv = sandboxServerEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'error', TRON_POLL_MS: '1000' });
    const first = await startServerProcess('pglite-first', pgliteEnv, { entry });
    const firstStartPeak = peakMemory(first.pid);
    await stopServerProcess(first);
    const embedded = await startServerProcess('pglite', pgliteEnv, { entry });
    servers.push(embedded);
    const embeddedIdle = residentMemory(embedded.pid);

    const client = new LoadClient(1_000);
    cleanups.push(() => client.destroy());
    const workload = (urls: string[]) => new WalletWorkload({ client, servers: () => urls, stats: new LoadStats(), rotateAddresses: true });
    const onPg = workload([a!.url]);
    const users = await onPg.signUp(USERS);
    if (!EMBEDDED_ONLY) {
      // Enough for every write row of every run: a refused (unfunded) top-up or exchange would not measure the write path.
      await Promise.all(users.map((user) => onPg.usdtDeposit(user, 100_000)));
      await onPg.pickCardProduct(users[0]!);
      await Promise.all(users.map((user) => onPg.issueCard(user)));
    }
    const onPglite = workload([embedded.url]);
    const embeddedUsers = await onPglite.signUp(USERS);
    console.log(`setup: ${USERS} users on each database in ${((performance.now() - started) / 1000).toFixed(0)} s; ${RUNS} runs × ${SECONDS} s, ${CONNECTIONS} connections`);

    // ── Hot reads, interleaved ─────────────────────────────────────────────────────────────────────
    const wallets = users.map((user) => ({ path: '/api/wallet', headers: bearer(user) }));
    const cards = users.map((user) => ({ path: '/api/cards', headers: bearer(user) }));
    const bareTargets = users.map((user) => ({ path: `/bare/account/${accountIds.wallet(userIdOf(user), 'USD')}` }));
    const embeddedWallets = embeddedUsers.map((user) => ({ path: '/api/wallet', headers: bearer(user) }));
    // Warm-up (not recorded): JIT, connection pools, the database's caches.
    const warm = (base: string, targets: LoopTarget[]) => runClosedLoop({ base, targets, connections: CONNECTIONS, seconds: 1, firstAddress: (nextAddress += 500) });
    const warmUps = [[a!.url, wallets], [bare.url, bareTargets], [a!.url, cards], [embedded.url, embeddedWallets]] as const;
    for (const [base, targets] of EMBEDDED_ONLY ? warmUps.slice(3) : warmUps) await warm(base, targets);
    nextAddress += 500;
    for (let run = 0; run < (ONLY === 'writes' ? 0 : RUNS); run++) {
      if (!EMBEDDED_ONLY) {
        record('wallet', await measured([a!.pid], postmaster, loop(a!.url, wallets)));
        record('bare', await measured([bare.pid], postmaster, loop(bare.url, bareTargets)));
        record('cards', await measured([a!.pid], postmaster, loop(a!.url, cards)));
      }
      record('embedded', await measured([embedded.pid], null, loop(embedded.url, embeddedWallets)));
      process.stdout.write(`reads run ${run + 1}/${RUNS} done\n`);
    }
    const embeddedAfter = residentMemory(embedded.pid);
    const embeddedPeak = peakMemory(embedded.pid);
    await stopServerProcess(embedded);

    // ── Money writes, interleaved with pgbench ─────────────────────────────────────────────────────
    if (!NO_WRITES) await pgbench(['-i', '-s', '10', '-q', pgbenchUrl]);
    // The exchanges' ceiling: pgbench's script and its database (scripts/load/ledger-posting.ts).
    const postingDir = NO_WRITES ? null : mkdtempSync(join(tmpdir(), 'bench-table-posting-'));
    if (postingDir) cleanups.push(() => rmSync(postingDir, { recursive: true, force: true }));
    const posting = postingDir ? await prepareLedgerPostingBench(cluster.url, postingDir) : null;
    const pgbenchRow = (args: string[]) =>
      measured([], postmaster, async (onStart) => {
        onStart();
        const out = await pgbench(['-T', String(SECONDS), '-c', '8', '-j', '2', '-n', ...args]);
        const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
        return { rate: tps, p99: NaN, requests: tps * SECONDS, failures: '' };
      });
    const oneProcess = workload([a!.url]);
    const twoProcesses = workload([a!.url, b!.url]);
    if (!NO_WRITES) {
      await oneProcess.pickCardProduct(users[0]!);
      await twoProcesses.pickCardProduct(users[0]!);
      await twoProcesses.runFor(users, 1, { exchange: 1, cardTopUp: 1 }); // warm-up
      // Warm-ups for the pgbench rows too (not recorded): a fresh database's first seconds (plans, caches) ran at half speed.
      await pgbench(['-T', '2', '-c', '8', '-j', '2', '-n', pgbenchUrl]);
      await pgbench(['-T', '2', '-c', '8', '-j', '2', '-n', '-M', 'prepared', '-f', posting!.script, posting!.url]);
    }
    // Each write row measures its own work: the jobs an earlier row left (card top-ups → issuer steps) are drained first,
    // and a row's own jobs are drained inside its window, so their CPU is counted and its rate is what the servers
    // sustain (operations ÷ (load time + the time their jobs took to finish)).
    const jobsDb = await openPostgres({ connectionString: databaseUrl, maxConnections: 1 });
    cleanups.push(() => jobsDb.close());
    const writes = async (w: WalletWorkload, pids: number[], mix: Partial<Record<Operation, number>>, kind: string) => {
      await waitForJobs(jobsDb, 120_000);
      return measured(pids, postmaster, async (onStart) => {
        w.stats.reset();
        onStart();
        const run = await w.runFor(users, SECONDS, mix);
        const drainStarted = performance.now();
        await waitForJobs(jobsDb, 120_000);
        const seconds = run.seconds + (performance.now() - drainStarted) / 1000;
        const ok = w.stats.outcomes.get(`${kind}: ok`) ?? 0;
        const failures = [...w.stats.outcomes.entries()].filter(([k]) => !k.endsWith(': ok')).map(([k, n]) => `${k} ×${n}`).join(', ');
        return { rate: ok / seconds, p99: w.stats.summary([kind]).p99, requests: ok, failures };
      });
    };
    for (let run = 0; run < (NO_WRITES ? 0 : RUNS); run++) {
      record('pgbench', await pgbenchRow([pgbenchUrl]));
      record('posting', await pgbenchRow(['-M', 'prepared', '-f', posting!.script, posting!.url])); // prepared, as the app sends it
      record('exchange1', await writes(oneProcess, [a!.pid], { exchange: 1 }, 'exchange'));
      record('exchange2', await writes(twoProcesses, [a!.pid, b!.pid], { exchange: 1 }, 'exchange'));
      record('topup2', await writes(twoProcesses, [a!.pid, b!.pid], { cardTopUp: 1 }, 'cardTopUp'));
      process.stdout.write(`writes run ${run + 1}/${RUNS} done\n`);
    }
    const serverRss = residentMemory(a!.pid);

    // ── The table ──────────────────────────────────────────────────────────────────────────────────
    const rate = (key: string) => med(key, 'rate');
    const fmtRate = (key: string) => `${rate(key).toFixed(0)}/s, p99 ${med(key, 'p99').toFixed(0)} ms`;
    const ratio = (key: string, base: string) => (rate(key) / rate(base)).toFixed(2);
    const cpu = (key: string) => `server ${med(key, 'serverCpu').toFixed(2)} ms, database ${Number.isNaN(med(key, 'dbCpu')) ? 'in-process' : `${med(key, 'dbCpu').toFixed(2)} ms`}`;
    const rows: Array<[string, string, string, string, string]> = [
      ['GET /api/wallet, PostgreSQL, 1 process, 32 connections', fmtRate('wallet'), `bare Fastify + pg, one primary-key select: ${fmtRate('bare')}`, ratio('wallet', 'bare'), '≥ 0.5'],
      ['GET /api/cards', fmtRate('cards'), `${rate('bare').toFixed(0)}/s`, ratio('cards', 'bare'), '≥ 0.5'],
      ['GET /api/wallet on embedded PGlite', fmtRate('embedded'), `bare on PostgreSQL: ${rate('bare').toFixed(0)}/s`, ratio('embedded', 'bare'), '≥ 0.3'],
      [
        'CPU per hot read (wallet)',
        cpu('wallet'),
        cpu('bare'),
        `${((med('wallet', 'serverCpu') + med('wallet', 'dbCpu')) / (med('bare', 'serverCpu') + med('bare', 'dbCpu'))).toFixed(1)}×`,
        '≤ 2×',
      ],
      ['CPU per hot read (cards)', cpu('cards'), '', '', ''],
      ['CPU per hot read (embedded wallet)', cpu('embedded'), '', '', ''],
      [
        'Exchanges, 1 / 2 processes',
        `${rate('exchange1').toFixed(0)} / ${rate('exchange2').toFixed(0)} per s (p99 ${med('exchange1', 'p99').toFixed(0)} / ${med('exchange2', 'p99').toFixed(0)} ms)`,
        `pgbench TPC-B-like, same cluster: ${rate('pgbench').toFixed(0)} tps`,
        `${ratio('exchange1', 'pgbench')} / ${ratio('exchange2', 'pgbench')}`,
        '≥ 0.5',
      ],
      [
        "An exchange's ledger posting alone (ledger_post, 5 entries), pgbench's client, no HTTP: the exchanges' ceiling",
        `${rate('posting').toFixed(0)} per s, database ${med('posting', 'dbCpu').toFixed(2)} ms each`,
        `${rate('pgbench').toFixed(0)} tps`,
        ratio('posting', 'pgbench'),
        '',
      ],
      ['Card top-ups, 2 processes', `${fmtRate('topup2')}`, `${rate('pgbench').toFixed(0)} tps`, ratio('topup2', 'pgbench'), '≥ 0.25'],
      [
        'CPU per money write',
        `exchange (2 proc.): ${cpu('exchange2')}; top-up: ${cpu('topup2')}; the load generator (this process) ${med('exchange2', 'generatorCpu').toFixed(2)} / ${med('topup2', 'generatorCpu').toFixed(2)} ms`,
        `pgbench: database ${med('pgbench', 'dbCpu').toFixed(2)} ms`,
        '',
        '',
      ],
      ['Server memory (PostgreSQL, after the load)', `${mb(serverRss)} ${TSX ? 'under tsx' : 'compiled'}`, '—', '—', ''],
      ['Embedded server memory', `idle ${mb(embeddedIdle)}, after the load ${mb(embeddedAfter)} (peak ${mb(embeddedPeak)}); first start peak ${mb(firstStartPeak)}`, '—', '—', '≤ 250 MB'],
    ];
    console.log('\n| Work | Now | Baseline in the same run | Ratio | Target |\n|---|---|---|---|---|');
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
    const failures = [...samples.entries()].flatMap(([key, list]) => list.filter((s) => s.failures).map((s) => `${key}: ${s.failures}`));
    if (failures.length) console.log(`\nanswers other than 2xx:\n  ${failures.join('\n  ')}`);
    const loadAverage = (await import('node:os')).loadavg()[0]!.toFixed(1);
    console.log(`\nmedians of ${RUNS} runs × ${SECONDS} s; ${process.env.BENCH_MACHINE ?? `${(await import('node:os')).cpus().length} cores`}; load average ${loadAtStart} at the start, ${loadAverage} at the end; took ${((performance.now() - started) / 1000).toFixed(0)} s (figures only, nothing asserted)`);
  } finally {
    await Promise.all(servers.map((s) => stopServerProcess(s)));
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
