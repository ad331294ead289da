/**
 * `npm run bench:table`: the performance table of issue 34 in one run. The app beside its baselines on one throwaway
 * PostgreSQL cluster, every figure a ratio taken inside one repetition (the app's rate ÷ the baseline's, measured back
 * to back), printed as the median of the per-repetition ratios with their spread [min–max]. Figures are printed, never
 * asserted (docs/performance.md "Performance").
 *
 *   npm run bench:table
 *   BENCH_RUNS=7 BENCH_SECONDS=5 npm run bench:table
 *   BENCH_ONLY=writes npm run bench:table    # only the money-write rows
 *   BENCH_ONLY=reads npm run bench:table     # only the reads (PostgreSQL, embedded and bare), no money writes
 *   BENCH_ONLY=embedded npm run bench:table  # only the embedded (PGlite) rows: its reads and its memory
 *   BENCH_TSX=1 npm run bench:table          # the server under tsx instead of compiled (scripts/build-server.ts)
 *   BENCH_SERVER=old/dist-server/main.js npm run bench:table   # another build (an older commit's: before/after)
 *
 * The load: autocannon (scripts/load/cannon.ts, its own process), BENCH_CONNECTIONS (32) keep-alive connections, one
 * signed-in user per connection, for BENCH_SECONDS (5) per measurement; the same generator for the app, the bare
 * baseline and the money writes. The databases' baseline: pgbench `-M prepared` at the same client count (-c 32 -j 2,
 * TPC-B-like, scale BENCH_PGBENCH_SCALE = 10).
 *
 * Rows (each repetition runs them all, in an order reversed every other repetition, so drift hits both sides alike):
 *   - GET /api/wallet, GET /api/cards (PostgreSQL, 1 server process) ÷ bare Fastify + pg answering one primary-key
 *     select (scripts/load/bare-server.ts); CPU per read of the server process and of the database, ÷ bare's;
 *   - the hot reads' best alternative: GET /api/wallet's whole work (the bearer token, the session and app lock, the
 *     balances, held amounts and tag in one statement of its own, the same answer) behind bare Fastify + pg
 *     (GET /bare/wallet, scripts/load/wallet-read-alternative.ts, none of the app's SQL) ÷ bare, and the app's read ÷ it;
 *   - GET /api/wallet on the embedded PGlite (1 process, its own folder) ÷ the same bare rate on PostgreSQL;
 *   - exchanges through the API (1 and 2 server processes) ÷ pgbench TPC-B-like;
 *   - the exchanges' ceiling: a whole exchange as ONE set-based statement over the same schema, written in
 *     scripts/load/exchange-ceiling.ts (none of the app's SQL), driven by pgbench -M prepared ÷ pgbench TPC-B-like;
 *   - the exchanges' best alternative through HTTP: that same statement behind bare Fastify + pg (POST /bare/exchange,
 *     scripts/load/bare-server.ts), loaded by the same autocannon as the app ÷ pgbench, and the app's exchanges ÷ it;
 *   - card top-ups (2 processes) ÷ pgbench: each write row starts with no job left by the row before and ends when its
 *     own jobs (the issuer's steps) are done, so the rate is top-ups ÷ (load time + that drain) and the CPU includes them;
 *   - the card top-ups' best alternative: a whole top-up in three statements and a share of a job claim
 *     (scripts/load/topup-alternative.ts, none of the app's SQL) behind bare Fastify + pg with its own job worker
 *     (POST /bare/topup), measured the same way (load, then its jobs' drain) ÷ pgbench, and the app's top-ups ÷ it;
 *   - resident memory: the embedded server's peak under the load (VmHWM), idle, and its first start's peak.
 * Needs the PostgreSQL 15 server binaries and pgbench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { accountIds } from '../../server/modules/ledger';
import { buildServer } from '../build-server';
import { runCannon, type CannonTarget } from '../load/cannon';
import { prepareExchangeCeilingBench } from '../load/exchange-ceiling';
import { prepareTopUpAlternative } from '../load/topup-alternative';
import { LoadClient, LoadStats } from '../load/http-client';
import { createDatabase, findPostgresBinary, startPostgresCluster } from '../load/postgres-cluster';
import { clusterCpuMs, postmasterOf, processCpuMs } from '../load/proc-cpu';
import { residentMemory, ROOT, sandboxServerEnv, startServerProcess, stopServerProcess, type ServerProcess } from '../load/server-process';
import { waitForJobs, WalletWorkload, type LoadUser } from '../load/wallet-workload';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PGBENCH_SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? 10);
const TSX = process.env.BENCH_TSX === '1';
const ONLY = process.env.BENCH_ONLY;
const EMBEDDED_ONLY = ONLY === 'embedded';
const NO_WRITES = EMBEDDED_ONLY || ONLY === 'reads';
const NO_READS = ONLY === 'writes';
/** Another build of the server (its main.js), measured in the same repetitions on the same database: rows `compare: …`. */
const COMPARE = process.env.BENCH_COMPARE ? resolve(process.env.BENCH_COMPARE) : undefined;

const median = (values: number[]): number => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
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
  /** CPU milliseconds per answered request: the server processes, the database cluster, the load generator. */
  serverCpu: number;
  dbCpu: number;
  generatorCpu: number;
  failures: string;
}

/** key → one sample per repetition (index = repetition). */
const samples = new Map<string, Sample[]>();
const record = (key: string, run: number, sample: Sample) => {
  (samples.get(key) ?? samples.set(key, []).get(key)!)[run] = sample;
};
const field = (key: string, name: keyof Omit<Sample, 'failures'>): number[] => (samples.get(key) ?? []).map((s) => (s ? s[name] : NaN));

/** Per-repetition values of f(a, b), paired by repetition. */
const paired = (a: string, b: string, f: (x: Sample, y: Sample) => number): number[] => {
  const left = samples.get(a) ?? [];
  const right = samples.get(b) ?? [];
  return left.map((x, i) => (x && right[i] ? f(x, right[i]!) : NaN)).filter((v) => Number.isFinite(v));
};
const spread = (values: number[], digits = 2, unit = ''): string => {
  const finite = values.filter((v) => Number.isFinite(v));
  if (!finite.length) return 'n/a';
  return `**${median(finite).toFixed(digits)}${unit}** [${Math.min(...finite).toFixed(digits)}–${Math.max(...finite).toFixed(digits)}]`;
};

/** CPU of the server pids and of the cluster around `work`, per answered request. */
const measured = async (
  serverPids: number[],
  postmasterPid: number | null,
  work: (onStart: () => void) => Promise<{ rate: number; p99: number; requests: number; generatorCpuMs: number; failures: string }>,
): Promise<Sample> => {
  let server0 = NaN;
  let db0 = NaN;
  const start = () => {
    server0 = serverPids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
    db0 = postmasterPid === null ? NaN : clusterCpuMs(postmasterPid);
  };
  const result = await work(start);
  const server = serverPids.reduce((sum, pid) => sum + processCpuMs(pid), 0) - server0;
  const db = postmasterPid === null ? NaN : clusterCpuMs(postmasterPid) - db0;
  return {
    rate: result.rate,
    p99: result.p99,
    serverCpu: serverPids.length ? server / result.requests : NaN,
    dbCpu: db / result.requests,
    generatorCpu: result.generatorCpuMs / result.requests,
    failures: result.failures,
  };
};

let nextAddress = 0;
const failuresOf = (failures: Record<string, number>) => Object.entries(failures).map(([status, n]) => `${status} ×${n}`).join(', ');
/** autocannon against `base`; the caller's `extra` runs after the load (a top-up row's job drain) inside the window. */
const cannon =
  (base: string, targets: CannonTarget[], seconds = SECONDS, after?: () => Promise<void>) =>
  async (onStart: () => void) => {
    const result = await runCannon({ base, targets, connections: CONNECTIONS, seconds, firstAddress: nextAddress }, onStart);
    nextAddress += result.addresses + 10;
    let elapsed = result.seconds;
    if (after) {
      const drainStarted = performance.now();
      await after();
      elapsed += (performance.now() - drainStarted) / 1000;
    }
    return { rate: result.requests / elapsed, p99: result.p99, requests: result.requests, generatorCpuMs: result.generatorCpuMs, failures: failuresOf(result.failures) };
  };

/** The bare server on `databaseUrl`; `jwtSecret`: the app's, so that GET /bare/wallet accepts the app's tokens. */
const startBare = (databaseUrl: string, jwtSecret: string, ...flags: string[]): Promise<{ child: ChildProcess; pid: number; url: string }> =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/load/bare-server.ts', databaseUrl, ...flags], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, JWT_SECRET: jwtSecret },
    });
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
const pgbenchLoad = (args: string[], seconds = SECONDS) => ['-T', String(seconds), '-c', String(CONNECTIONS), '-j', '2', '-n', '-M', 'prepared', ...args];

const userIdOf = (user: LoadUser): string => JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString('utf8')).sub as string;
const bearer = (user: LoadUser): Record<string, string> => ({ authorization: `Bearer ${user.token}` });

const main = async () => {
  const started = performance.now();
  const loadAtStart = loadavg()[0]!.toFixed(1);
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

    // TRUST_PROXY=1: the server sits behind its reverse proxy, whose X-Forwarded-For names the client (scripts/load/cannon.ts).
    // USDT_REVIEW_THRESHOLD: the users are funded with one large deposit each (held for review at the default).
    const common = { LOG_LEVEL: 'error', TRON_POLL_MS: '1000', TRUST_PROXY: '1', USDT_REVIEW_THRESHOLD: '1000000' };
    const jwtSecret = randomBytes(32).toString('base64url');
    const env = sandboxServerEnv({ ...common, DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret });
    const [a, b] = await Promise.all([startServerProcess('pg-a', env, { entry }), startServerProcess('pg-b', env, { entry })]);
    servers.push(a!, b!);
    const compare = COMPARE ? await startServerProcess('pg-compare', env, { entry: COMPARE }) : undefined;
    if (compare) servers.push(compare);
    const bare = await startBare(databaseUrl, jwtSecret);
    cleanups.push(() => bare.child.kill('SIGTERM'));

    // The embedded server: a first start on an empty folder (initdb + migrations), then started again on its data.
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-table-pglite-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const pgliteEnv = sandboxServerEnv({ ...common, DATA_DIR: dataDir });
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
    const users = await onPg.signUp(CONNECTIONS);
    let topUpMin = 0;
    if (!EMBEDDED_ONLY) {
      // Enough for every write row of every run: a refused (unfunded) top-up or exchange would not measure the write path.
      await Promise.all(users.map((user) => onPg.usdtDeposit(user, 100_000)));
      await onPg.pickCardProduct(users[0]!);
      await Promise.all(users.map((user) => onPg.issueCard(user)));
      const products = await client.request(a!.url, 0, 'GET', '/api/cards/products?form=virtual&currency=USD', undefined, bearer(users[0]!));
      topUpMin = (products.body.data.items as any[]).find((p) => p.available).depositRange.min.amount;
    }
    const onPglite = workload([embedded.url]);
    const embeddedUsers = await onPglite.signUp(CONNECTIONS);
    console.log(`setup: ${CONNECTIONS} users on each database in ${((performance.now() - started) / 1000).toFixed(0)} s; ${RUNS} repetitions × ${SECONDS} s, ${CONNECTIONS} connections`);

    // ── Hot reads ──────────────────────────────────────────────────────────────────────────────────
    const wallets = users.map((user) => ({ path: '/api/wallet', headers: bearer(user) }));
    const cards = users.map((user) => ({ path: '/api/cards', headers: bearer(user) }));
    const bareTargets = users.map((user) => ({ path: `/bare/account/${accountIds.wallet(userIdOf(user), 'USD')}` }));
    const bareWallets = users.map((user) => ({ path: '/bare/wallet', headers: bearer(user) }));
    const embeddedWallets = embeddedUsers.map((user) => ({ path: '/api/wallet', headers: bearer(user) }));
    const readRows: Array<[string, () => Promise<Sample>]> = [
      ...(EMBEDDED_ONLY
        ? []
        : ([
            ['wallet', () => measured([a!.pid], postmaster, cannon(a!.url, wallets))],
            ['bare', () => measured([bare.pid], postmaster, cannon(bare.url, bareTargets))],
            ['bareWallet', () => measured([bare.pid], postmaster, cannon(bare.url, bareWallets))],
            ['cards', () => measured([a!.pid], postmaster, cannon(a!.url, cards))],
            ...(compare ? ([['compareWallet', () => measured([compare.pid], postmaster, cannon(compare.url, wallets))]] as Array<[string, () => Promise<Sample>]>) : []),
          ] as Array<[string, () => Promise<Sample>]>)),
      ['embedded', () => measured([embedded.pid], null, cannon(embedded.url, embeddedWallets))],
      ...(EMBEDDED_ONLY ? ([['bare', () => measured([bare.pid], postmaster, cannon(bare.url, bareTargets))]] as Array<[string, () => Promise<Sample>]>) : []),
    ];
    if (!NO_READS) {
      // Warm-up (not recorded): JIT, connection pools, the database's caches.
      for (const [, row] of readRows) await row();
      for (let run = 0; run < RUNS; run++) {
        for (const [key, row] of run % 2 ? [...readRows].reverse() : readRows) record(key, run, await row());
        process.stdout.write(`reads: repetition ${run + 1}/${RUNS} done\n`);
      }
    }
    const embeddedAfter = residentMemory(embedded.pid);
    const embeddedPeak = peakMemory(embedded.pid);
    await stopServerProcess(embedded);

    // ── Money writes ───────────────────────────────────────────────────────────────────────────────
    let ceilingCheck = '';
    if (!NO_WRITES) {
      await pgbench(['-i', '-s', String(PGBENCH_SCALE), '-q', pgbenchUrl]);
      const ceilingDir = mkdtempSync(join(tmpdir(), 'bench-table-ceiling-'));
      cleanups.push(() => rmSync(ceilingDir, { recursive: true, force: true }));
      const ceiling = await prepareExchangeCeilingBench(cluster.url, ceilingDir);
      const topUpAlternative = await prepareTopUpAlternative(ceiling.url);
      // The best alternatives through HTTP: the ceiling's statement, and the top-up's, behind bare Fastify + pg (its
      // worker running the top-ups' jobs), one user per connection.
      const bareWrites = await startBare(ceiling.url, jwtSecret, '--topup-worker');
      cleanups.push(() => bareWrites.child.kill('SIGTERM'));
      const bareExchanges: CannonTarget[] = users.map((_, i) => ({ method: 'POST', path: '/bare/exchange', body: { user: i + 1, amount: 1_000 }, idempotent: true }));
      const bareTopUps: CannonTarget[] = users.map((_, i) => ({ method: 'POST', path: '/bare/topup', body: { user: i + 1, amount: topUpAlternative.minAmount }, idempotent: true }));
      const jobsDb = await openPostgres({ connectionString: databaseUrl, maxConnections: 1 });
      cleanups.push(() => jobsDb.close());
      const bareJobsDb = await openPostgres({ connectionString: ceiling.url, maxConnections: 1 });
      cleanups.push(() => bareJobsDb.close());
      /** A quote for USD → RUB with most of its life left (a row takes seconds; a quote lives a minute). */
      const quote = async (): Promise<string> => {
        const answer = await client.request(a!.url, 1, 'GET', '/api/config/exchange-rates', undefined, bearer(users[0]!));
        return (answer.body.data.rates as any[]).find((r) => r.from === 'USD' && r.to === 'RUB').quoteId;
      };
      const exchanges = (quoteId: string): CannonTarget[] =>
        users.map((user) => ({ method: 'POST', path: '/api/wallet/exchange', headers: bearer(user), body: { from: 'USD', to: 'RUB', amount: 1_000, quoteId }, idempotent: true }));
      const topUps: CannonTarget[] = users.map((user) => ({
        method: 'POST',
        path: `/api/cards/${user.cardIds[0]}/topup`,
        headers: bearer(user),
        body: { amount: topUpMin },
        idempotent: true,
      }));
      const drained = () => waitForJobs(jobsDb, 120_000);
      const pgbenchRow = (args: string[], seconds = SECONDS) => () =>
        measured([], postmaster, async (onStart) => {
          onStart();
          const out = await pgbench(pgbenchLoad(args, seconds));
          const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
          const failed = Number(/failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
          return { rate: tps, p99: NaN, requests: tps * seconds, generatorCpuMs: NaN, failures: failed ? `failed ×${failed}` : '' };
        });
      const exchangeRow = (processes: ServerProcess[]) => async () => {
        const quoteId = await quote();
        return measured(processes.map((p) => p.pid), postmaster, (onStart) =>
          // Two processes: half the connections on each (connection i → targets[i % n]: alternate the bases).
          processes.length === 1
            ? cannon(processes[0]!.url, exchanges(quoteId))(onStart)
            : twoBases(processes, exchanges(quoteId), onStart),
        );
      };
      const topUpRow = (processes: ServerProcess[]) => async () => {
        await drained();
        return measured(processes.map((p) => p.pid), postmaster, (onStart) => twoBases(processes, topUps, onStart, drained));
      };
      const writeRows: Array<[string, () => Promise<Sample>]> = [
        ['pgbench', pgbenchRow([pgbenchUrl])],
        ['ceiling', pgbenchRow(['-f', ceiling.script, ceiling.url])],
        ['bareExchange', () => measured([bareWrites.pid], postmaster, cannon(bareWrites.url, bareExchanges))],
        ['exchange1', exchangeRow([a!])],
        ['exchange2', exchangeRow([a!, b!])],
        ['topup2', topUpRow([a!, b!])],
        [
          'bareTopUp',
          async () => {
            await waitForJobs(bareJobsDb, 120_000);
            return measured([bareWrites.pid], postmaster, cannon(bareWrites.url, bareTopUps, SECONDS, () => waitForJobs(bareJobsDb, 120_000)));
          },
        ],
        ...(compare ? ([['compareExchange1', exchangeRow([compare])]] as Array<[string, () => Promise<Sample>]>) : []),
      ];
      // Warm-up (not recorded): the app's first exchange creates each user's RUB wallet; a fresh database's first
      // seconds (plans, caches) ran at half speed.
      for (const [, row] of writeRows) await row();
      for (let run = 0; run < RUNS; run++) {
        for (const [key, row] of run % 2 ? [...writeRows].reverse() : writeRows) record(key, run, await row());
        process.stdout.write(`writes: repetition ${run + 1}/${RUNS} done\n`);
      }
      const check = await ceiling.check();
      const settled = await topUpAlternative.check();
      ceilingCheck = `the ceiling's ledger after the load: ${check.transactions} transactions, ${check.unbalanced} unbalanced, ${check.negative} negative balances; the top-ups' alternative: ${settled.completed} settled, ${settled.open} open, ${settled.unloaded} not loaded by the issuer, ${settled.mismatched} cards off the issuer's books`;
    }

    // ── The table ──────────────────────────────────────────────────────────────────────────────────
    const rate = (key: string) => median(field(key, 'rate'));
    const now = (key: string) => `${rate(key).toFixed(0)}/s, p99 ${median(field(key, 'p99')).toFixed(0)} ms`;
    const ratio = (key: string, base: string) => paired(key, base, (x, y) => x.rate / y.rate);
    const cpu = (key: string) => {
      const db = median(field(key, 'dbCpu'));
      return `server ${median(field(key, 'serverCpu')).toFixed(2)}, database ${Number.isNaN(db) ? 'in-process' : db.toFixed(2)}, generator ${median(field(key, 'generatorCpu')).toFixed(2)} ms`;
    };
    const rows: Array<[string, string, string, string, string]> = [
      ['GET /api/wallet, PostgreSQL, 1 process', now('wallet'), `bare Fastify + pg: ${now('bare')}`, spread(ratio('wallet', 'bare')), '≥ 0.7'],
      ['GET /api/cards, PostgreSQL, 1 process', now('cards'), 'bare', spread(ratio('cards', 'bare')), '≥ 0.7'],
      ["Best alternative: the wallet read's whole work in one statement of its own, bare Fastify + pg (autocannon)", now('bareWallet'), 'bare', spread(ratio('bareWallet', 'bare')), ''],
      ['GET /api/wallet ÷ that best alternative', now('wallet'), `bare wallet: ${rate('bareWallet').toFixed(0)}/s`, spread(ratio('wallet', 'bareWallet')), ''],
      ['GET /api/wallet, embedded PGlite', now('embedded'), 'bare (PostgreSQL)', spread(ratio('embedded', 'bare')), '≥ 0.3'],
      ['Server CPU per wallet read', cpu('wallet'), cpu('bare'), spread(paired('wallet', 'bare', (x, y) => x.serverCpu / y.serverCpu), 2, '×'), '≤ 1.5×'],
      ['Server + database CPU per wallet read', '', '', spread(paired('wallet', 'bare', (x, y) => (x.serverCpu + x.dbCpu) / (y.serverCpu + y.dbCpu)), 2, '×'), ''],
      ['CPU per cards read; per embedded read; per best-alternative wallet read', `${cpu('cards')}; ${cpu('embedded')}; ${cpu('bareWallet')}`, '', '', ''],
      ['Exchanges through the API, 1 process', now('exchange1'), `pgbench TPC-B-like -M prepared: ${rate('pgbench').toFixed(0)} tps`, spread(ratio('exchange1', 'pgbench')), '≥ 0.5'],
      ['Exchanges through the API, 2 processes', now('exchange2'), 'pgbench', spread(ratio('exchange2', 'pgbench')), '≥ 0.5'],
      ["Ceiling: one exchange as ONE set-based statement, pgbench -M prepared (not the app's SQL)", `${rate('ceiling').toFixed(0)}/s`, 'pgbench', spread(ratio('ceiling', 'pgbench')), ''],
      ['Best alternative through HTTP: that statement behind bare Fastify + pg, 1 process (autocannon)', now('bareExchange'), 'pgbench', spread(ratio('bareExchange', 'pgbench')), ''],
      ['Exchanges through the API, 1 process ÷ that best alternative', now('exchange1'), `bare: ${rate('bareExchange').toFixed(0)}/s`, spread(ratio('exchange1', 'bareExchange')), ''],
      ['Card top-ups, 2 processes (with their jobs)', now('topup2'), 'pgbench', spread(ratio('topup2', 'pgbench'), 3), '≥ 0.2'],
      ['Best alternative: a top-up in 3 statements and a share of a claim, bare Fastify + pg, 1 process with its jobs (autocannon)', now('bareTopUp'), 'pgbench', spread(ratio('bareTopUp', 'pgbench'), 3), ''],
      ['Card top-ups, 2 processes ÷ that best alternative', now('topup2'), `bare: ${rate('bareTopUp').toFixed(0)}/s`, spread(ratio('topup2', 'bareTopUp')), ''],
      ['CPU per exchange (1 process; 2 processes); per top-up', `${cpu('exchange1')}; ${cpu('exchange2')}; ${cpu('topup2')}`, `pgbench: database ${median(field('pgbench', 'dbCpu')).toFixed(2)}, ceiling: database ${median(field('ceiling', 'dbCpu')).toFixed(2)} ms; best alternatives: exchange ${cpu('bareExchange')}; top-up ${cpu('bareTopUp')}`, '', ''],
      ...((COMPARE
        ? [
            [`compare (${COMPARE}): GET /api/wallet, PostgreSQL`, now('compareWallet'), 'bare', spread(ratio('compareWallet', 'bare')), ''],
            ['compare: server CPU per wallet read', cpu('compareWallet'), '', spread(paired('compareWallet', 'bare', (x, y) => x.serverCpu / y.serverCpu), 2, '×'), ''],
            ['compare: exchanges, 1 process', now('compareExchange1'), 'pgbench', spread(ratio('compareExchange1', 'pgbench')), ''],
          ]
        : []) as Array<[string, string, string, string, string]>),
      ['Embedded server memory', `peak under the load ${mb(embeddedPeak)}; idle ${mb(embeddedIdle)}, after the load ${mb(embeddedAfter)}; first start peak ${mb(firstStartPeak)}`, '', '', '≤ 200 MB peak'],
    ];
    console.log('\n| Work | Now (median) | Baseline in the same repetitions | Ratio per repetition: median [min–max] | Target |\n|---|---|---|---|---|');
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
    const failures = [...samples.entries()].flatMap(([key, list]) => list.filter((s) => s?.failures).map((s) => `${key}: ${s.failures}`));
    if (failures.length) console.log(`\nanswers other than 2xx, failed transactions:\n  ${failures.join('\n  ')}`);
    if (ceilingCheck) console.log(`\n${ceilingCheck}`);
    console.log(
      `\n${RUNS} interleaved repetitions × ${SECONDS} s, ${CONNECTIONS} connections (autocannon) and pgbench -c ${CONNECTIONS} -j 2 -M prepared, scale ${PGBENCH_SCALE}; ` +
        `${process.env.BENCH_MACHINE ?? `${cpus().length} cores`}; load average ${loadAtStart} at the start, ${loadavg()[0]!.toFixed(1)} at the end; ` +
        `took ${((performance.now() - started) / 1000).toFixed(0)} s (figures only, nothing asserted)`,
    );
  } finally {
    await Promise.all(servers.map((s) => stopServerProcess(s)));
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
};

/** autocannon over several server processes at once: one generator per process, the connections split between them. */
const twoBases = async (
  processes: ServerProcess[],
  targets: CannonTarget[],
  onStart: () => void,
  after?: () => Promise<void>,
): Promise<{ rate: number; p99: number; requests: number; generatorCpuMs: number; failures: string }> => {
  const share = Math.floor(CONNECTIONS / processes.length);
  let pending = processes.length;
  const startedAll = () => {
    if (--pending === 0) onStart();
  };
  const results = await Promise.all(
    processes.map((p, i) => {
      const mine = targets.filter((_, k) => k % processes.length === i);
      const address = (nextAddress += 100_000);
      return runCannon({ base: p.url, targets: mine, connections: share, seconds: SECONDS, firstAddress: address }, startedAll);
    }),
  );
  let elapsed = Math.max(...results.map((r) => r.seconds));
  if (after) {
    const drainStarted = performance.now();
    await after();
    elapsed += (performance.now() - drainStarted) / 1000;
  }
  const requests = results.reduce((n, r) => n + r.requests, 0);
  const failures: Record<string, number> = {};
  for (const r of results) for (const [k, n] of Object.entries(r.failures)) failures[k] = (failures[k] ?? 0) + n;
  return {
    rate: requests / elapsed,
    p99: Math.max(...results.map((r) => r.p99)),
    requests,
    generatorCpuMs: results.reduce((n, r) => n + r.generatorCpuMs, 0),
    failures: failuresOf(failures),
  };
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
