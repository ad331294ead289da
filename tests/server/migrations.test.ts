/**
 * Migrations as a deploy step (issue #33, docs/deploy.md "Migrations"): checksums of applied files, no-transaction
 * files, `npm run migrate` on its own and servers that do not migrate at start. On PGlite and on PostgreSQL
 * (test:server:pg). Test migrations use versions 9xxx in a folder of their own, so they never meet the real ones.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db';
import {
  ALL_MIGRATION_DIRS,
  checkMigrations,
  loadMigrations,
  migrate,
  MigrationChecksumError,
  NO_TRANSACTION_DIRECTIVE,
  PendingMigrationsError,
} from '../../server/db/migrate';
import { openDb } from '../../server/db/open';
import { startServer } from '../../server/server';
import { createTestDatabase, usesPostgres } from './harness';


const root = resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const migrationsDir = (files: Record<string, string>): string => {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  dirs.push(dir);
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

let db: Db;
let databaseUrl: string | undefined;
let drop: () => Promise<void>;
beforeEach(async () => {
  ({ databaseUrl, drop } = await createTestDatabase());
  // PGlite: a copy of the migrated template (the real schema), on which the 9xxx test files are applied.
  db = await openDb({ databaseUrl, dataDir: 'memory://', memoryTemplate: true });
});
afterEach(async () => {
  await db.close();
  await drop();
});

const recorded = async () =>
  (await db.query<{ version: string; checksum: string | null }>(`SELECT version, checksum FROM schema_migrations WHERE version LIKE '9%' ORDER BY version`));

describe('checksums of applied migrations', () => {
  it('a changed applied file stops the run, naming the file; an unchanged one passes', async () => {
    const dir = migrationsDir({
      '9001_probe_table.sql': 'CREATE TABLE migration_probe (id int PRIMARY KEY);\n',
      '9002_probe_column.sql': 'ALTER TABLE migration_probe ADD COLUMN note text;\n',
    });
    expect(await migrate(db, dir)).toEqual(['9001_probe_table.sql', '9002_probe_column.sql']);
    const files = await loadMigrations(dir);
    expect(await recorded()).toEqual(files.map((m) => ({ version: m.version, checksum: m.checksum })));
    expect(await migrate(db, dir)).toEqual([]);

    // Line ends alone do not count (a checkout with CRLF).
    writeFileSync(join(dir, '9001_probe_table.sql'), 'CREATE TABLE migration_probe (id int PRIMARY KEY);\r\n');
    expect(await migrate(db, dir)).toEqual([]);

    writeFileSync(join(dir, '9002_probe_column.sql'), 'ALTER TABLE migration_probe ADD COLUMN note varchar(10);\n');
    const refusal = migrate(db, dir);
    await expect(refusal).rejects.toThrow(MigrationChecksumError);
    await expect(refusal).rejects.toThrow(/9002_probe_column\.sql: applied with checksum [0-9a-f]{12}…, the file now has [0-9a-f]{12}…/);
    await expect(checkMigrations(db, dir)).rejects.toThrow(/9002_probe_column\.sql/);
  });

  it('rows recorded before checksums existed get their file\'s checksum; a new file with a lower number than applied ones is applied (branches merge in any order)', async () => {
    const dir = migrationsDir({ '9010_probe.sql': 'CREATE TABLE migration_probe_a (id int);\n', '9030_probe.sql': 'CREATE TABLE migration_probe_c (id int);\n' });
    await migrate(db, dir);
    await db.query(`UPDATE schema_migrations SET checksum = NULL WHERE version LIKE '9%'`);
    writeFileSync(join(dir, '9020_probe.sql'), 'CREATE TABLE migration_probe_b (id int);\n');
    expect(await migrate(db, dir)).toEqual(['9020_probe.sql']);
    expect((await recorded()).map((row) => row.checksum)).toEqual((await loadMigrations(dir)).map((m) => m.checksum));
  });
});

describe('migrations outside a transaction', () => {
  const index = 'CREATE INDEX CONCURRENTLY migration_probe_note_idx ON migration_probe (note);\n';

  it(`a file starting with "${NO_TRANSACTION_DIRECTIVE}" runs CREATE INDEX CONCURRENTLY; the same file without it fails`, async () => {
    const inTransaction = migrationsDir({ '9101_probe.sql': 'CREATE TABLE migration_probe (id int, note text);\n', '9102_probe_index.sql': index });
    await expect(migrate(db, inTransaction)).rejects.toThrow(/CREATE INDEX CONCURRENTLY cannot run inside a transaction block/);
    expect(await recorded()).toEqual([]); // the batch rolled back: neither file is recorded

    const dir = migrationsDir({
      '9101_probe.sql': 'CREATE TABLE migration_probe (id int, note text);\n',
      '9102_probe_index.sql': `${NO_TRANSACTION_DIRECTIVE}\n${index}`,
      '9103_probe_more.sql': 'ALTER TABLE migration_probe ADD COLUMN more text;\n',
    });
    expect(await migrate(db, dir)).toEqual(['9101_probe.sql', '9102_probe_index.sql', '9103_probe_more.sql']);
    const [found] = await db.query<{ valid: boolean }>(
      `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'migration_probe_note_idx'`,
    );
    expect(found).toEqual({ valid: true });
    expect((await recorded()).map((row) => row.version)).toEqual(['9101', '9102', '9103']);
  });

  it('a failing no-transaction file is not recorded; the files before it stay applied and the run can be repeated once it is mended', async () => {
    const dir = migrationsDir({
      '9201_probe.sql': 'CREATE TABLE migration_probe (id int, note text);\n',
      '9202_probe_index.sql': `${NO_TRANSACTION_DIRECTIVE}\nCREATE INDEX CONCURRENTLY migration_probe_idx ON no_such_table (note);\n`,
    });
    await expect(migrate(db, dir)).rejects.toThrow(/no_such_table/);
    expect((await recorded()).map((row) => row.version)).toEqual(['9201']);
    writeFileSync(join(dir, '9202_probe_index.sql'), `${NO_TRANSACTION_DIRECTIVE}\n${index}`);
    expect(await migrate(db, dir)).toEqual(['9202_probe_index.sql']);
  });

  it('concurrent runs (several processes starting at once) apply each file once, a no-transaction one included', async () => {
    const dir = migrationsDir({
      '9301_probe.sql': 'CREATE TABLE migration_probe (id int, note text);\n',
      '9302_probe_index.sql': `${NO_TRANSACTION_DIRECTIVE}\n${index}`,
    });
    const others = usesPostgres() ? await Promise.all([1, 2].map(() => openDb({ databaseUrl, dataDir: 'memory://' }))) : [db, db];
    try {
      let waited = 0;
      const runs = await Promise.all([db, ...others].map((one) => migrate(one, dir, { onWait: () => waited++ })));
      expect(runs.flat().sort()).toEqual(['9301_probe.sql', '9302_probe_index.sql']);
      if (usesPostgres()) expect(waited).toBeGreaterThan(0); // the others polled the lock
    } finally {
      if (usesPostgres()) await Promise.all(others.map((other) => other.close()));
    }
  });
});

describe.skipIf(!usesPostgres())('migrations on a live database (PostgreSQL)', () => {
  const tables = { '9401_probe_tables.sql': 'CREATE TABLE migration_probe_a (id int);\nCREATE TABLE migration_probe_b (id int);\n' };
  const alter = {
    ...tables,
    '9402_probe_alter_a.sql': 'ALTER TABLE migration_probe_a ADD COLUMN note text;\n',
    '9403_probe_alter_b.sql': 'ALTER TABLE migration_probe_b ADD COLUMN note text;\n',
  };
  /** A live transaction of its own connection. */
  const traffic = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('BEGIN');
    return client;
  };
  /** Resolves once a session waits for a lock on `table`. */
  const waitingFor = async (table: string) => {
    for (;;) {
      const [row] = await db.query<{ waiting: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE NOT granted AND relation = $1::regclass) AS waiting`,
        [table],
      );
      if (row?.waiting) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const columns = async () =>
    (await db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.columns WHERE column_name = 'note' AND table_name LIKE 'migration_probe_%' ORDER BY 1`)).map((r) => r.table_name);

  it('a migration in a deadlock with live traffic is rolled back and run again; the traffic goes on', async () => {
    expect(await migrate(db, migrationsDir(tables))).toEqual(['9401_probe_tables.sql']);
    const live = await traffic();
    try {
      // The live transaction has read b; the migration takes a, then waits for b; the live one then reads a: a deadlock.
      // Its own deadlock check comes late, so PostgreSQL aborts the migration's transaction.
      await live.query(`SET LOCAL deadlock_timeout = '20s'`);
      await live.query('SELECT * FROM migration_probe_b');
      const conflicts: Array<{ files: string[]; attempt: number; attempts: number; reason: string }> = [];
      const run = migrate(db, migrationsDir(alter), { onLockConflict: (conflict) => conflicts.push(conflict) });
      await waitingFor('migration_probe_b');
      await live.query('SELECT * FROM migration_probe_a'); // answered once the migration has let go of a
      await live.query('COMMIT');
      expect(await run).toEqual(['9402_probe_alter_a.sql', '9403_probe_alter_b.sql']);
      // Told (npm run migrate prints it): the batch rolled back, then tried again file by file.
      expect(conflicts).toEqual([
        { files: ['9402_probe_alter_a.sql', '9403_probe_alter_b.sql'], attempt: 1, attempts: 10, reason: expect.stringMatching(/deadlock detected|lock timeout/) },
      ]);
    } finally {
      await live.end();
    }
    expect(await columns()).toEqual(['migration_probe_a', 'migration_probe_b']);
    expect((await recorded()).map((row) => row.version)).toEqual(['9401', '9402', '9403']);
  });

  it('a migration waiting for a long transaction\'s lock gives way to the queries queued behind it, then applies once it ends', async () => {
    expect(await migrate(db, migrationsDir(tables))).toEqual(['9401_probe_tables.sql']);
    const long = await traffic();
    try {
      await long.query('SELECT * FROM migration_probe_a');
      const run = migrate(db, migrationsDir(alter));
      await waitingFor('migration_probe_a');
      // A query arriving now queues behind the migration's ALTER; it is answered while the long transaction is still open.
      await db.query('INSERT INTO migration_probe_a (id) VALUES (1)');
      await long.query('COMMIT');
      expect(await run).toEqual(['9402_probe_alter_a.sql', '9403_probe_alter_b.sql']);
    } finally {
      await long.end();
    }
    expect(await columns()).toEqual(['migration_probe_a', 'migration_probe_b']);
  });
});

describe('`npm run migrate` as its own step, servers that do not migrate at start', () => {
  const runMigrateCommand = (env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/migrate.ts'], {
        cwd: root,
        env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => done({ code, output }));
    });

  it('MIGRATE_ON_START=off refuses an unmigrated database naming what is pending; `npm run migrate` applies it (once); then the server starts; a changed applied migration refuses every start, naming the file', async () => {
    // The same database for the servers and the command: a fresh PostgreSQL database, or a PGlite folder.
    const dataDir = usesPostgres() ? 'memory://' : mkdtempSync(join(tmpdir(), 'migrate-step-'));
    if (!usesPostgres()) dirs.push(dataDir);
    const target = { databaseUrl, dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', MIGRATE_ON_START: 'off' };
    const start = (extra: Record<string, string> = {}) =>
      startServer({ port: 0, databaseUrl: target.databaseUrl, dataDir, staticDir: false, env: { ...env, ...extra } });
    const all = await loadMigrations(ALL_MIGRATION_DIRS);

    const refused = start();
    await expect(refused).rejects.toThrow(PendingMigrationsError);
    await expect(refused).rejects.toThrow(`lacks ${all.length} migration(s) of this release (${all.map((m) => m.name).join(', ')}). Run \`npm run migrate\` first`);

    const first = await runMigrateCommand({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(`applied ${all.map((m) => m.name).join(', ')}`);
    const second = await runMigrateCommand({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    expect(second.code, second.output).toBe(0);
    expect(second.output).toMatch(/no migration to apply \(up to date\)/);

    const server = await start();
    try {
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
      // Someone edits an applied migration (here: its record, as the file's other side).
      await server.db.query(`UPDATE schema_migrations SET checksum = repeat('0', 64) WHERE version = '0010'`);
    } finally {
      await server.close();
    }
    const changed = /0010_ledger\.sql: applied with checksum 000000000000…, the file now has [0-9a-f]{12}…/;
    await expect(start()).rejects.toThrow(changed);
    await expect(start({ MIGRATE_ON_START: 'on' })).rejects.toThrow(MigrationChecksumError);
    const command = await runMigrateCommand({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    expect(command.code).toBe(1);
    expect(command.output).toMatch(changed);
  }, 120_000);
});
