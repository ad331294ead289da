/**
 * Backup and restore (issue #33, docs/deploy.md "Backup and restore"): `npm run db:backup` taken while two server
 * processes on PostgreSQL are under load, restored with `npm run db:restore` into a fresh database: the ledger
 * balances, every operation acknowledged before the backup's point is there exactly once, and a server started on the
 * restored database finishes the jobs that were in flight and still balances. The embedded database: backed up with
 * its server stopped, restored into a new folder, a server on it serves the same accounts and the full audit passes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupPglite, restorePglite } from '../../server/db/backup';
import type { Db } from '../../server/db/db';
import { memoryTemplate } from '../../server/db/memory-template';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { checkLedger } from '../../server/modules/ledger';
import { LoadClient } from '../../scripts/load/http-client';
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../../scripts/load/postgres-cluster';
import { ROOT, sandboxServerEnv, serverCommand, startServerProcess, stopServerProcess, waitForIdleJobs } from '../../scripts/load/server-process';
import { auditWorkload, waitForJobs, WalletWorkload, type LoadUser } from '../../scripts/load/wallet-workload';
import { createMigratedDatabase, serverFleet, sleep } from './support';

const USERS = 8;
const MIX = { exchange: 4, cardIssue: 2, cardTopUp: 2, walletRead: 1, cardsRead: 1 } as const;
const work = mkdtempSync(join(tmpdir(), 'backup-restore-'));
let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster({ name: 'backup-postgres', maxConnections: 100 });
});
afterAll(() => {
  cluster?.destroy();
  rmSync(work, { recursive: true, force: true });
});

/** Runs one of the database commands (server/cli) as `npm run db:*` does, with `env`; resolves with its output. */
const command = (cli: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [...serverCommand(cli), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${cli} exited with ${code}:\n${output}`))));
  });

type Acked = Pick<LoadUser['acked'], 'exchanges' | 'cards' | 'topups' | 'usdt'>;
const snapshotAcked = (users: LoadUser[]): Acked => ({
  exchanges: users.flatMap((u) => u.acked.exchanges),
  cards: users.flatMap((u) => u.acked.cards),
  topups: users.flatMap((u) => u.acked.topups),
  usdt: users.flatMap((u) => u.acked.usdt),
});

/** Each acknowledged operation present exactly once in `db`. */
const missingOrDoubled = async (db: Db, acked: Acked): Promise<string[]> => {
  const problems: string[] = [];
  const check = async (label: string, ids: string[], sql: string) => {
    for (const id of ids) {
      const [row] = await db.query<{ n: number }>(sql, [id]);
      if (row!.n !== 1) problems.push(`${label} ${id}: ${row!.n} rows`);
    }
  };
  await check('exchange', acked.exchanges, `SELECT count(*)::int AS n FROM ledger_transactions WHERE id = $1 AND type = 'currencyExchange'`);
  await check('USDT deposit', acked.usdt, `SELECT count(*)::int AS n FROM ledger_transactions WHERE id = $1 AND type = 'usdtDeposit'`);
  await check('card', acked.cards, 'SELECT count(*)::int AS n FROM cards WHERE id = $1');
  await check('card top-up', acked.topups, 'SELECT count(*)::int AS n FROM card_topups WHERE id = $1');
  return problems;
};

describe('backup and restore', () => {
  it('PostgreSQL: a backup under load restores into a fresh database with every operation acknowledged before its point, balanced', async () => {
    const { url, db } = await createMigratedDatabase(cluster.url);
    const fleet = serverFleet({ DATABASE_URL: url });
    const file = join(work, 'postgres.dump');
    let restored: Db | undefined;
    try {
      await Promise.all([fleet.start(), fleet.start()]);
      const users = await fleet.workload.signUp(USERS);
      await Promise.all(users.map((user) => fleet.workload.usdtDeposit(user, 2_000)));
      await fleet.workload.settle(db);
      const load = fleet.workload.runFor(users, 10, MIX);
      await sleep(4_000);
      const before = snapshotAcked(users); // acknowledged before the backup command even started
      const output = await command('db-backup', [file], { DATABASE_URL: url });
      const point = new Date(/consistent as of (\S+)/.exec(output)![1]!);
      expect(point.getTime()).toBeLessThanOrEqual(Date.now());
      const { operations } = await load; // the load went on during and after the backup
      expect(operations).toBeGreaterThan(USERS * 3);
      const after = snapshotAcked(users);
      expect(after.exchanges.length + after.cards.length + after.topups.length).toBeGreaterThan(before.exchanges.length + before.cards.length + before.topups.length);

      const target = await createDatabase(cluster.url, 'restored');
      await command('db-restore', [file], { DATABASE_URL: target.url });
      // Restoring again into the now full database is refused: a restore never mixes with data.
      await expect(command('db-restore', [file], { DATABASE_URL: target.url })).rejects.toThrow(/Refusing to restore into a database that has \d+ table/);
      restored = await openPostgres({ connectionString: target.url, maxConnections: 4 });
      const ledger = await checkLedger(restored);
      expect(ledger.ok, JSON.stringify(ledger).slice(0, 2000)).toBe(true);
      expect(await missingOrDoubled(restored, before)).toEqual([]);

      // A server on the restored database finishes the jobs that were in flight at the backup's point.
      const server = await startServerProcess('restored', sandboxServerEnv({ DATABASE_URL: target.url, JWT_SECRET: 'restored-secret-restored-secret-restored-1' }));
      try {
        await waitForJobs(restored, 90_000);
      } finally {
        await stopServerProcess(server);
      }
      expect((await checkLedger(restored)).ok).toBe(true);
      const [jobs] = await restored.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status <> 'done'`);
      expect(jobs!.n).toBe(0);
    } finally {
      await Promise.all(fleet.alive.map((s) => stopServerProcess(s)));
      fleet.client.destroy();
      await restored?.close();
      await db.close();
    }
  });

  it('embedded: backed up with its server stopped, restored into a new folder, a server on it serves the same accounts; the audit passes', async () => {
    const dataDir = join(work, 'embedded');
    const restoredDir = join(work, 'embedded-restored');
    const file = join(work, 'embedded.tar.gz');
    const env = sandboxServerEnv({ DATA_DIR: dataDir, JWT_SECRET: 'embedded-secret-embedded-secret-embedded-1' });
    const client = new LoadClient(USERS);
    // The embedded database starts as a restore of the migrated template (no initdb in the server: ~30 s saved).
    const template = join(work, 'template.tar.gz');
    writeFileSync(template, gzipSync(new Uint8Array(await (await memoryTemplate()).tarball.arrayBuffer())));
    await restorePglite(dataDir, template);
    let server = await startServerProcess('embedded', env);
    const workload = new WalletWorkload({ client, servers: () => [server.url] });
    try {
      const users = await workload.signUp(3);
      await Promise.all(users.map((user) => workload.usdtDeposit(user, 1_000)));
      await workload.runFor(users, 2, MIX);
      await waitForIdleJobs(server.url);
      // With the server running, the folder is its own: the backup says how it is done.
      await expect(backupPglite(dataDir, file)).rejects.toThrow(/backed up with its server stopped/);
      await stopServerProcess(server);
      await command('db-backup', [file], { DATA_DIR: dataDir });
      await command('db-restore', [file], { DATA_DIR: restoredDir });
      await expect(restorePglite(restoredDir, file)).rejects.toThrow(/it is not empty/);

      server = await startServerProcess('embedded-restored', { ...env, DATA_DIR: restoredDir });
      const wallet = await client.request(server.url, 0, 'GET', '/api/wallet', undefined, { authorization: `Bearer ${users[0]!.token}` });
      expect(wallet.status).toBe(200);
      await stopServerProcess(server);
      const db = await openPglite(restoredDir);
      try {
        const audit = await auditWorkload(db, users);
        expect(audit.problems).toEqual([]);
      } finally {
        await db.close();
      }
    } finally {
      await stopServerProcess(server);
      client.destroy();
    }
  });
});
