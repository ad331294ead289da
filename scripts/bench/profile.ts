/**
 * `npx tsx scripts/bench/profile.ts <operation> [seconds]`: where one kind of request spends the server's CPU. Starts
 * a throwaway PostgreSQL cluster and the compiled server under `--cpu-prof`, signs up BENCH_USERS users (funded, each
 * with a card), runs only `<operation>` (scripts/load/wallet-workload.ts: exchange, cardTopUp, walletRead, cardsRead…)
 * for `seconds` (then, on PostgreSQL, waits for the jobs those operations left), stops the server and prints the
 * database's statements per operation and the functions with the most self time, and the same grouped by file.
 * BENCH_DB=pglite: the embedded database instead (in the server process, so its WebAssembly shows in the profile).
 * JOBS_VACUUM_EVERY, when set, is passed to the server (docs/server.md "Jobs").
 * A development tool: figures are printed, never asserted; the profile is kept in .tmp/profile for Chrome DevTools.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { buildServer } from '../build-server';
import { LoadClient, LoadStats } from '../load/http-client';
import { createDatabase, startPostgresCluster } from '../load/postgres-cluster';
import { ROOT, sandboxServerEnv, startServerProcess, stopServerProcess } from '../load/server-process';
import { waitForJobs, WalletWorkload, type Operation } from '../load/wallet-workload';

const operation = (process.argv[2] ?? 'exchange') as Operation;
const seconds = Number(process.argv[3] ?? 8);
const USERS = Number(process.env.BENCH_USERS ?? 32);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const summarise = (profile: Profile) => {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.replace(/^file:\/\//, '').replace(ROOT + '/', '') || `(${frame.functionName || 'native'})`;
    const shortFile = file.replace(/^node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*/, 'node_modules/$1');
    byFile.set(shortFile, (byFile.get(shortFile) ?? 0) + us);
    const key = `${frame.functionName || '(anonymous)'} ${shortFile}:${frame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, us]) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${key}`)
      .join('\n');
  return `by file:\n${top(byFile, 20)}\n\nby function:\n${top(byFunction, 40)}`;
};

const main = async () => {
  const entry = resolve(ROOT, '.tmp/bench-server/main.js');
  await buildServer(resolve(ROOT, '.tmp/bench-server'));
  const profileDir = resolve(ROOT, '.tmp/profile');
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  const embedded = process.env.BENCH_DB === 'pglite';
  const cluster = embedded
    ? null
    : await startPostgresCluster({ name: 'bench-profile', settings: ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all', 'pg_stat_statements.track_planning=on'] });
  const dataDir = embedded ? mkdtempSync(join(tmpdir(), 'bench-profile-')) : null;
  let statementsUrl: string | null = null;
  try {
    let database: Record<string, string>;
    if (cluster) {
      const { url: databaseUrl } = await createDatabase(cluster.url, 'profile');
      const setup = await openPostgres({ connectionString: databaseUrl, maxConnections: 2 });
      await migrate(setup);
      await setup.exec('CREATE EXTENSION pg_stat_statements');
      await setup.close();
      database = { DATABASE_URL: databaseUrl };
      statementsUrl = databaseUrl;
    } else {
      database = { DATA_DIR: dataDir! };
    }
    const env = sandboxServerEnv({
      ...database,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'error',
      ...(process.env.JOBS_VACUUM_EVERY ? { JOBS_VACUUM_EVERY: process.env.JOBS_VACUUM_EVERY } : {}),
    });
    const server = await startServerProcess('profiled', env, { entry, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] });
    const client = new LoadClient(1_000);
    const workload = new WalletWorkload({ client, servers: () => [server.url], stats: new LoadStats(), rotateAddresses: true });
    const users = await workload.signUp(USERS);
    await Promise.all(users.map((user) => workload.usdtDeposit(user, 5_000)));
    await workload.pickCardProduct(users[0]!);
    await Promise.all(users.map((user) => workload.issueCard(user)));
    await workload.runFor(users, 2, { [operation]: 1 }); // warm-up (also in the profile)
    workload.stats.reset();
    const stats = statementsUrl ? await openPostgres({ connectionString: statementsUrl, maxConnections: 1 }) : null;
    await stats?.query('SELECT pg_stat_statements_reset()');
    const ran = await workload.runFor(users, seconds, { [operation]: 1 });
    console.log(`${operation}: ${ran.operations} in ${ran.seconds.toFixed(1)} s = ${(ran.operations / ran.seconds).toFixed(0)}/s`);
    if (stats) {
      // The jobs the operations left (a top-up's issuer steps) are part of what each one costs: counted once drained.
      const drainStarted = performance.now();
      await waitForJobs(stats, 120_000);
      console.log(`their jobs drained in ${((performance.now() - drainStarted) / 1000).toFixed(1)} s more`);
      // What the database did per operation (nested statements of functions included), most time first.
      const rows = await stats.query<{ calls: number; ms: number; plans: number; plan_ms: number; query: string }>(
        `SELECT calls, total_exec_time AS ms, plans, total_plan_time AS plan_ms, regexp_replace(query, '\\s+', ' ', 'g') AS query FROM pg_stat_statements
         WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time + total_plan_time DESC LIMIT 25`,
      );
      console.log('\ndatabase, per operation: calls, exec ms, plannings, planning ms, statement');
      for (const row of rows) {
        const per = (value: number, digits: number) => (Number(value) / ran.operations).toFixed(digits);
        console.log(`${per(row.calls, 2).padStart(6)} ${per(row.ms, 3).padStart(7)} ${per(row.plans, 2).padStart(6)} ${per(row.plan_ms, 3).padStart(7)}  ${row.query.slice(0, 150)}`);
      }
      await stats.close();
    }
    await stopServerProcess(server);
    client.destroy();
    const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('no .cpuprofile written');
    console.log(summarise(JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as Profile));
    console.log(`\nprofile: ${join(profileDir, file)}`);
  } finally {
    await cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
