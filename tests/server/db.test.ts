import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME } from '../../server/db/lock-file';
import { migrate, loadMigrations } from '../../server/db/migrate';
import type { Db } from '../../server/db/db';
import { openDb } from '../../server/db/open';
import { openPglite, writeInitdbTemplate } from '../../server/db/pglite';
import { isDatabaseConnectionError } from '../../server/db/postgres';
import { createTestDatabase } from './harness';

/** Polls `check` every 20 ms until it holds (at most 5 s). */
const waitUntil = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 250 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!check()) throw new Error('condition not reached');
};

describe('PGlite data directory lock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const lockPath = join(dir, LOCK_FILE_NAME);
  /** The pid the lock file names (its first word). */
  const lockOwnerPid = () => Number(readFileSync(lockPath, 'utf8').trim().split(/\s+/)[0]);
  /** The database answers queries and keeps what is written between opens. */
  const expectUsable = async (db: Db) => {
    await db.exec('CREATE TABLE IF NOT EXISTS lock_probe (n int)');
    await db.query('INSERT INTO lock_probe VALUES (1)');
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM lock_probe');
    return row!.n;
  };

  it('refuses a second open of the same directory, and allows it after close', async () => {
    const first = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
    await expect(openPglite(dir)).rejects.toThrow(/in use by another server process/);
    expect(lockOwnerPid()).toBe(process.pid);
    expect(await expectUsable(first)).toBe(1);
    await first.close();
    expect(existsSync(lockPath)).toBe(false);
    const again = await openPglite(dir);
    expect(lockOwnerPid()).toBe(process.pid);
    expect(await expectUsable(again)).toBe(2);
    await again.close();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('replaces a stale lock left by a dead process', async () => {
    writeFileSync(lockPath, '999999999');
    const db = await openPglite(dir);
    // The lock is ours now, and the data written before is still there.
    expect(lockOwnerPid()).toBe(process.pid);
    expect(await expectUsable(db)).toBe(3);
    await db.close();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('replaces a lock whose pid was reused: by this process (a restarted container) or by a later process', async () => {
    // A server killed with -9 in a container, restarted with the same pid: the lock names our pid, but we never took it.
    writeFileSync(lockPath, `${process.pid} 1`);
    const first = await openPglite(dir);
    expect(readFileSync(lockPath, 'utf8').trim()).not.toBe(`${process.pid} 1`);
    expect(lockOwnerPid()).toBe(process.pid);
    expect(await expectUsable(first)).toBe(4);
    await first.close();
    expect(existsSync(lockPath)).toBe(false);
    // The pid of a live process that started after the lock was written (start time differs): stale too.
    writeFileSync(lockPath, `${process.ppid} 1`);
    const second = await openPglite(dir);
    expect(lockOwnerPid()).toBe(process.pid);
    expect(await expectUsable(second)).toBe(5);
    await second.close();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('replaces a lock held by a zombie: a server killed with -9 that its parent has not reaped yet holds nothing', async () => {
    // `sleep` in the background of a shell that then becomes another `sleep` (exec): nobody waits for the first one.
    const shell = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(await new Promise<string>((resolvePid) => shell.stdout.once('data', (d: Buffer) => resolvePid(d.toString().trim()))));
      // Killed only once the shell has become `sleep`: a shell still running reaps its finished background job (no zombie).
      await waitUntil(() => readFileSync(`/proc/${shell.pid}/comm`, 'utf8').trim() === 'sleep');
      const startTime = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
      process.kill(pid, 'SIGKILL');
      await waitUntil(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z'));
      // The lock names the zombie exactly (pid and start time): before the fix, kill(pid, 0) said it was alive.
      writeFileSync(lockPath, `${pid} ${startTime}`);
      const db = await openPglite(dir);
      expect(lockOwnerPid()).toBe(process.pid);
      expect(await expectUsable(db)).toBe(6);
      await db.close();
    } finally {
      shell.kill('SIGKILL');
    }
  });
});

describe('PGlite first start from the shipped initdb template (issue #13: no initdb in the server process)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const template = join(dir, 'pglite-initdb.tar.gz');
  /** initdb gives every cluster a new random system identifier; a copy of the template keeps the template's. */
  const systemIdentifier = async (db: Db) =>
    (await db.query<{ id: string }>('SELECT system_identifier::text AS id FROM pg_control_system()'))[0]!.id;
  const openFresh = (name: string) => openPglite(join(dir, name), { initdbTemplate: template });

  it('a new folder starts as a copy of the template; a template of another PGlite version is ignored (initdb runs)', async () => {
    await writeInitdbTemplate(template);
    const first = await openFresh('a');
    expect(await migrate(first)).toEqual((await loadMigrations()).map((m) => m.name)); // migrates as after initdb
    const second = await openFresh('b');
    const copied = await systemIdentifier(first);
    expect(await systemIdentifier(second)).toBe(copied); // both copies of the one template
    await first.close();
    await second.close();
    const reopened = await openPglite(join(dir, 'a'), { initdbTemplate: template }); // not fresh: the template is not used
    expect(await systemIdentifier(reopened)).toBe(copied);
    expect((await reopened.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations'))[0]!.n).toBeGreaterThan(0);
    await reopened.close();
    writeFileSync(template.replace(/\.tar\.gz$/, '.version'), '0.0.0-another');
    const other = await openFresh('c');
    expect(await systemIdentifier(other)).not.toBe(copied);
    await other.close();
  }, 120_000); // two initdb runs (the template's, then the refused template's): ~30 s on a quiet machine, more on Node 22/24 or beside another test file on 2 cores
});

describe('database layer (PGlite or PostgreSQL)', () => {
  let drop: () => Promise<void>;
  let databaseUrl: string | undefined;
  let db: Db;
  beforeAll(async () => {
    ({ databaseUrl, drop } = await createTestDatabase());
    db = await openDb({ databaseUrl, dataDir: 'memory://' });
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('migrations apply once, also when started concurrently', async () => {
    const all = (await loadMigrations()).map((m) => m.name);
    if (databaseUrl) {
      const other = await openDb({ databaseUrl, dataDir: 'memory://' });
      const [x, y] = await Promise.all([migrate(db), migrate(other)]);
      await other.close();
      expect([...x, ...y].sort()).toEqual([...all].sort());
    } else {
      expect(await migrate(db)).toEqual(all);
    }
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ n: number }>('SELECT count(*) AS n FROM schema_migrations');
    expect(rows[0]!.n).toBe(all.length);
  });

  it('int8 → number, numeric → string, identical on both drivers; unsafe int8 is refused', async () => {
    const [row] = await db.query('SELECT 9007199254740991::int8 AS big, 12.345::numeric AS exact, now() AS at');
    expect(row).toMatchObject({ big: 9007199254740991, exact: '12.345' });
    expect(row!.at).toBeInstanceOf(Date);
    await expect(db.query('SELECT 9007199254740993::int8 AS too_big')).rejects.toThrow(/safe integer/);
  });

  it('tx commits on success and rolls back on error', async () => {
    await db.exec('CREATE TABLE IF NOT EXISTS tx_probe (v int)');
    await db.tx(async (tx) => tx.query('INSERT INTO tx_probe VALUES (1)'));
    await expect(
      db.tx(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (2)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query('SELECT v FROM tx_probe')).toEqual([{ v: 1 }]);
  });

  it('a statement keeps working when its table changes under it (both drivers prepare statements by name, and again after a stale plan)', async () => {
    await db.exec('CREATE TABLE IF NOT EXISTS plan_probe (id int PRIMARY KEY, a text)');
    await db.query('INSERT INTO plan_probe VALUES ($1, $2)', [1, 'x']);
    const read = () => db.query('SELECT * FROM plan_probe WHERE id = $1', [1]);
    for (let i = 0; i < 12; i++) expect(await read()).toEqual([{ id: 1, a: 'x' }]); // every pooled connection prepares it
    await db.exec("ALTER TABLE plan_probe ADD COLUMN b text NOT NULL DEFAULT 'y'");
    for (let i = 0; i < 12; i++) expect(await read()).toEqual([{ id: 1, a: 'x', b: 'y' }]);
    expect(await db.tx((tx) => tx.query('SELECT * FROM plan_probe WHERE id = $1', [1]))).toEqual([{ id: 1, a: 'x', b: 'y' }]);
    // A renamed column, and a column of another type: the rows carry the new names and values.
    await db.exec('ALTER TABLE plan_probe RENAME COLUMN a TO renamed');
    for (let i = 0; i < 3; i++) expect(await read()).toEqual([{ id: 1, renamed: 'x', b: 'y' }]);
    await db.exec("ALTER TABLE plan_probe ALTER COLUMN b DROP DEFAULT, ALTER COLUMN b TYPE int USING 7");
    for (let i = 0; i < 3; i++) expect(await read()).toEqual([{ id: 1, renamed: 'x', b: 7 }]);
  });

  it('prepared statements: every parameter type round-trips, errors keep their SQLSTATE and leave the database usable', async () => {
    const [row] = await db.query('SELECT $1::jsonb AS j, $2::timestamptz AS t, $3::bool AS b, $4::bigint AS big, $5::text AS nothing, $6::text AS s', [
      JSON.stringify({ x: [1, 'é'] }),
      new Date(0),
      true,
      9007199254740991,
      null,
      "it's",
    ]);
    expect(row).toEqual({ j: { x: [1, 'é'] }, t: new Date(0), b: true, big: 9007199254740991, nothing: null, s: "it's" });
    await db.exec('CREATE TABLE IF NOT EXISTS unique_probe (id int PRIMARY KEY)');
    const insert = (id: number) => db.query('INSERT INTO unique_probe VALUES ($1) RETURNING id', [id]);
    expect(await insert(1)).toEqual([{ id: 1 }]);
    await expect(insert(1)).rejects.toMatchObject({ code: '23505' });
    await expect(db.tx((tx) => tx.query('INSERT INTO unique_probe VALUES ($1)', [1]))).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('SELEC nonsense WHERE $1', [1])).rejects.toMatchObject({ code: '42601' });
    await expect(db.query('SELEC nonsense WHERE $1', [1])).rejects.toMatchObject({ code: '42601' }); // not remembered as prepared
    expect(await insert(2)).toEqual([{ id: 2 }]);
    expect(await db.tx((tx) => tx.query('SELECT count(*)::int AS n FROM unique_probe WHERE id > $1', [0]))).toEqual([{ n: 2 }]);
  });

  it('a statement outside a transaction never sees or joins an open one (PGlite: one connection, so it waits)', async () => {
    await db.exec('CREATE TABLE IF NOT EXISTS tx_probe (v int)');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const open = db.tx(async (tx) => {
      await tx.query('INSERT INTO tx_probe VALUES ($1)', [7]);
      await gate;
      throw new Error('rolled back');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM tx_probe WHERE v = $1', [7]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(open).rejects.toThrow('rolled back');
    expect(await outside).toEqual([{ n: 0 }]);
  });
});

describe('isDatabaseConnectionError (answered 503 DATABASE_UNAVAILABLE, safe to retry with the same key)', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  it('is true for a lost or refused connection', () => {
    expect(isDatabaseConnectionError(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseConnectionError(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseConnectionError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseConnectionError(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]))).toBe(true);
  });
  it('is false for errors in the SQL or the data', () => {
    expect(isDatabaseConnectionError(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseConnectionError(withCode('could not serialize access', '40001'))).toBe(false);
    expect(isDatabaseConnectionError(new Error('boom'))).toBe(false);
    expect(isDatabaseConnectionError('Connection terminated')).toBe(false);
  });
});
