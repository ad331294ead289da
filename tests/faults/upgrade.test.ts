/**
 * Upgrade from the previous release (issue #33, docs/deploy.md "Upgrades"): the previous release's own server (checked
 * out from git: scripts/release/previous-release.ts) builds a PostgreSQL database with its migrations and fills it
 * under load; then, as a rolling deploy does and with the load going on, this release's `npm run migrate` runs
 * against the live database, a server of this release (MIGRATE_ON_START=off) joins the old one, and the old one
 * stops. Old and new processes share the database meanwhile, so the migrations must be expand-only. At the end the
 * audit passes: the ledger balances, every acknowledged operation is there exactly once, every job finished once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/postgres';
import { LoadClient } from '../../scripts/load/http-client';
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../../scripts/load/postgres-cluster';
import { ROOT, sandboxServerEnv, serverCommand, startServerProcess, stopServerProcess, type ServerProcess } from '../../scripts/load/server-process';
import { auditWorkload, waitForJobs, WalletWorkload } from '../../scripts/load/wallet-workload';
import { checkOutRelease, previousRelease } from '../../scripts/release/previous-release';
import { sleep } from './support';

const USERS = 8;
const MIX = { exchange: 4, cardIssue: 2, cardTopUp: 2, walletRead: 1, cardsRead: 1 } as const;
const work = mkdtempSync(join(tmpdir(), 'upgrade-'));
let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster({ name: 'upgrade-postgres', maxConnections: 100 });
});
afterAll(() => {
  cluster?.destroy();
  rmSync(work, { recursive: true, force: true });
});

/** This release's `npm run migrate`, as the deploy's migrate step runs it. */
const migrateCommand = (databaseUrl: string) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, serverCommand('migrate'), {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`migrate exited with ${code}:\n${output}`))));
  });

describe('upgrade from the previous release', () => {
  it('a database built and filled by the previous release migrates under load during a rolling deploy; old and new processes share it; the audit passes', async () => {
    const release = previousRelease();
    const oldDir = join(work, 'previous-release');
    const { installed } = checkOutRelease(release, oldDir);
    console.log(`upgrading from ${release.ref} (${release.commit.slice(0, 12)}, ${release.source}); its packages: ${installed}`);

    const { url } = await createDatabase(cluster.url, 'upgrade');
    const env = sandboxServerEnv({ DATABASE_URL: url, JWT_SECRET: 'upgrade-test-secret-upgrade-test-secret-01', IDEMPOTENCY_PENDING_SECONDS: '3', JOBS_LEASE_MS: '3000' });
    const alive: ServerProcess[] = [];
    const client = new LoadClient();
    const workload = new WalletWorkload({ client, servers: () => alive.map((s) => s.url), operationDeadlineMs: 90_000 });
    const db = await openPostgres({ connectionString: url, maxConnections: 4 });
    try {
      // The previous release creates the schema (its migrations, at its start) and serves.
      const old = await startServerProcess('previous-release', env, { cwd: oldDir });
      alive.push(old);
      const users = await workload.signUp(USERS);
      await Promise.all(users.map((user) => workload.usdtDeposit(user, 2_000)));
      await workload.settle(db);
      const load = workload.runFor(users, 14, MIX);
      await sleep(3_000);

      // The deploy: this release's migrate step against the live database, then a new process joins, the old one leaves.
      const migrated = await migrateCommand(url);
      expect(migrated).toMatch(/PostgreSQL \(DATABASE_URL\): (applied|no migration)/);
      const fresh = await startServerProcess('this-release', { ...env, MIGRATE_ON_START: 'off' });
      alive.push(fresh);
      await sleep(3_000); // both releases serve the same database
      alive.splice(alive.indexOf(old), 1);
      await stopServerProcess(old);
      expect(old.child.exitCode, old.lines.slice(-30).join('\n')).toBe(0);
      const { operations } = await load;

      await workload.settle(db);
      await waitForJobs(db, 90_000);
      const audit = await auditWorkload(db, users);
      console.log(audit.lines.map(([label, value]) => `  ${label.padEnd(44)} ${value}`).join('\n'));
      expect(workload.unresolved).toEqual([]);
      expect(audit.problems).toEqual([]);
      expect(operations).toBeGreaterThan(USERS * 3);
      expect([...workload.stats.outcomes.keys()].filter((key) => / 500\b/.test(key))).toEqual([]);
      // The upgraded schema is this release's: nothing pending, every applied file unchanged (checksums recorded).
      const [pending] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM schema_migrations WHERE checksum IS NULL`);
      expect(pending!.n).toBe(0);
    } finally {
      await Promise.all(alive.map((s) => stopServerProcess(s)));
      client.destroy();
      await db.close();
    }
  });
});
