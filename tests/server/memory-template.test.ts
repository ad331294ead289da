/**
 * The migrated in-memory template (server/db/memory-template.ts) the test harnesses open their PGlite
 * databases from: a copy is exactly a freshly migrated database, and copies share nothing.
 * PGlite only (also under `npm run test:server:pg`: this is about the embedded database itself).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db';
import { clearMemoryTemplates, memoryTemplate, memoryTemplateKey } from '../../server/db/memory-template';
import { loadMigrations, migrate, migrationChecksum } from '../../server/db/migrate';
import { openDb } from '../../server/db/open';
import { openPglite } from '../../server/db/pglite';

const SLOW = { timeout: 180_000 };

/** Everything migrations define in the public schema, in a comparable form. */
const schemaOf = async (db: Db) => ({
  columns: await db.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`,
  ),
  constraints: await db.query(
    `SELECT c.conrelid::regclass::text AS tbl, c.conname, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE n.nspname = 'public' ORDER BY 1, 2`,
  ),
  indexes: await db.query(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`),
  functions: await db.query(
    `SELECT p.proname, pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' ORDER BY 1, 2`,
  ),
  triggers: await db.query(`SELECT tgrelid::regclass::text AS tbl, tgname FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2`),
  sequences: await db.query(`SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`),
});

const rowCounts = async (db: Db) => {
  const tables = await db.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`))[0]!.n;
  return counts;
};

const open: Db[] = [];
const openFromTemplate = async () => {
  const db = await openDb({ dataDir: 'memory://', memoryTemplate: true });
  open.push(db);
  return db;
};
afterAll(async () => {
  for (const db of open) await db.close();
});

describe('memory:// databases opened from the migrated template', () => {
  it('are fully migrated: the same schema and seed rows as a database migrated from scratch', SLOW, async () => {
    const fresh = await openPglite('memory://');
    open.push(fresh);
    const all = (await loadMigrations()).map((m) => m.name);
    expect(await migrate(fresh)).toEqual(all);

    const db = await openFromTemplate();
    expect(db.kind).toBe('pglite');
    expect(await migrate(db)).toEqual([]); // nothing left to apply, and migrate() stays idempotent
    expect((await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY version')).map((r) => r.name)).toEqual(all);
    expect(await schemaOf(db)).toEqual(await schemaOf(fresh));
    expect(await rowCounts(db)).toEqual(await rowCounts(fresh));
    // PGlite's own database only: the template databases are left out of every copy.
    expect((await db.query<{ datname: string }>('SELECT datname FROM pg_database ORDER BY 1')).map((r) => r.datname)).toEqual(['postgres']);
    // The same type parsers as any PGlite database of the server.
    expect((await db.query('SELECT 9007199254740991::int8 AS big, 12.345::numeric AS exact'))[0]).toEqual({ big: 9007199254740991, exact: '12.345' });
    await expect(db.query('SELECT 9007199254740993::int8 AS too_big')).rejects.toThrow(/safe integer/);
  });

  it('are isolated: a write in one is invisible in another, and later copies start clean', SLOW, async () => {
    const a = await openFromTemplate();
    const b = await openFromTemplate();
    const before = await rowCounts(b);

    await a.tx(async (tx) => {
      await tx.query(`INSERT INTO schema_migrations (version, name) VALUES ('9999', '9999_probe.sql')`);
      await tx.exec('CREATE TABLE isolation_probe (v int); INSERT INTO isolation_probe VALUES (1)');
    });
    expect((await a.query<{ n: number }>('SELECT count(*)::int AS n FROM isolation_probe'))[0]!.n).toBe(1);

    expect(await rowCounts(b)).toEqual(before);
    await expect(b.query('SELECT * FROM isolation_probe')).rejects.toThrow(/isolation_probe/);
    await b.exec('CREATE TABLE isolation_probe (v int)'); // the name is free in b
    expect(await b.query('SELECT * FROM isolation_probe')).toEqual([]);

    const c = await openFromTemplate();
    expect(await rowCounts(c)).toEqual(before);
    expect(await c.query(`SELECT 1 FROM pg_tables WHERE tablename = 'isolation_probe'`)).toEqual([]);
    await a.close();
    expect(await rowCounts(c)).toEqual(before); // closing one leaves the others working
  });

  it('only for memory://: a data directory refuses a template', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
    try {
      await expect(openPglite(dir, { loadDataDir: new Blob([]) })).rejects.toThrow(/memory:\/\/ databases only/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the template key changes with any migration file (added, renamed or edited)', async () => {
    const migrations = await loadMigrations();
    const key = await memoryTemplateKey(migrations);
    expect(await memoryTemplateKey(migrations.map((m) => ({ ...m })))).toBe(key);
    expect(await memoryTemplateKey([...migrations, { version: '9999', name: '9999_more.sql', sql: 'SELECT 1;', checksum: migrationChecksum('SELECT 1;'), transaction: true }])).not.toBe(key);
    expect(await memoryTemplateKey(migrations.map((m, i) => (i === 0 ? { ...m, sql: `${m.sql}\n-- edited` } : m)))).not.toBe(key);
    expect(await memoryTemplateKey(migrations.map((m, i) => (i === 0 ? { ...m, name: `${m.version}_renamed.sql` } : m)))).not.toBe(key);
  });

  it('a later process reads the template from the disk cache; a corrupted cache file is rebuilt', SLOW, async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'pglite-template-cache-'));
    try {
      const built = await memoryTemplate({ cacheDir });
      expect(built.source).toBe('built');
      const file = join(cacheDir, `${built.key}.tar.gz`);

      clearMemoryTemplates(); // as a new process
      const cached = await memoryTemplate({ cacheDir });
      expect(cached).toMatchObject({ source: 'disk', key: built.key });
      expect(Buffer.from(await cached.tarball.arrayBuffer()).equals(Buffer.from(await built.tarball.arrayBuffer()))).toBe(true);

      const gz = readFileSync(file);
      writeFileSync(file, gz.subarray(0, gz.length >> 1)); // torn write
      clearMemoryTemplates();
      const rebuilt = await memoryTemplate({ cacheDir });
      expect(rebuilt.source).toBe('built');
      clearMemoryTemplates();
      expect((await memoryTemplate({ cacheDir })).source).toBe('disk'); // the file was rewritten whole
    } finally {
      clearMemoryTemplates();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
