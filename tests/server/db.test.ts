import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME } from '../../server/db/lock-file';
import { migrate, loadMigrations } from '../../server/db/migrate';
import type { Db } from '../../server/db/db';
import { openDb } from '../../server/db/open';
import { openPglite } from '../../server/db/pglite';
import { createTestDatabase } from './harness';

describe('PGlite data directory lock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second open of the same directory, and allows it after close', async () => {
    const first = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
    await expect(openPglite(dir)).rejects.toThrow(/in use by another server process/);
    await first.close();
    const again = await openPglite(dir);
    await again.close();
  });

  it('replaces a stale lock left by a dead process', async () => {
    writeFileSync(join(dir, LOCK_FILE_NAME), '999999999');
    const db = await openPglite(dir);
    await db.close();
  });
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
});
