/**
 * Test databases are reused between tests (server/db/template-reset.ts): a used PGlite `memory://` copy, or with
 * TEST_DATABASE_REUSE=1 a used PostgreSQL test database, comes back to the next test in exactly the template's state;
 * one whose schema a test changed never does.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryPoolStats } from '../../server/db/memory-template';
import { pgliteInstance } from '../../server/db/pglite';
import { createTestApp, signUp, usesPostgres, type TestApp } from './harness';

const reuses = !usesPostgres() || process.env.TEST_DATABASE_REUSE === '1';

/** Which database an app got: the PGlite instance, or the PostgreSQL database's name. */
const identity = (t: TestApp): unknown => (usesPostgres() ? t.config.databaseUrl : pgliteInstance(t.db));

/** Everything a test could have left: rows per table, the seeded rows, the sequences' next values. */
const snapshot = async (t: TestApp) => {
  const tables = await t.db.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema' ORDER BY 1`,
  );
  const rows: Record<string, unknown> = {};
  for (const { name } of tables) rows[name] = (await t.db.query(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${name} t`))[0];
  const sequences = await t.db.query(`SELECT schemaname, sequencename, last_value FROM pg_sequences ORDER BY 1, 2`);
  return { rows, sequences };
};

/** Writes through the app and around it: a user, a changed seed row, a sandbox setting, advanced sequences. */
const dirty = async (t: TestApp) => {
  await signUp(t, 'reuse@example.com');
  await t.db.query(`UPDATE card_products SET creation_fee = creation_fee + 1`);
  await t.db.query(`UPDATE sandbox_card_issuer_settings SET delay_ms = 600000`);
  for (const { name } of await t.db.query<{ name: string }>(`SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences`)) {
    await t.db.query(`SELECT nextval('${name}')`);
  }
};

describe.skipIf(!reuses)('test databases reused between tests', () => {
  it('a used database comes back in exactly the state of the template', async () => {
    const first = await createTestApp();
    const fresh = await snapshot(first);
    await dirty(first);
    expect(await snapshot(first)).not.toEqual(fresh);
    const used = identity(first);
    const reusedBefore = memoryPoolStats().reused;
    await first.close();
    await expect(first.db.query('SELECT 1')).rejects.toThrow(); // a closed Db is closed, even when its database lives on

    const second = await createTestApp();
    try {
      expect(identity(second)).toBe(used);
      if (!usesPostgres()) expect(memoryPoolStats().reused).toBe(reusedBefore + 1);
      expect(await snapshot(second)).toEqual(fresh);
      // The app works on it as on a new copy: the same email registers again.
      await dirty(second);
    } finally {
      await second.close();
    }
  });

  it('a database whose schema a test changed is never reused', async () => {
    const first = await createTestApp();
    const used = identity(first);
    await first.db.exec(`CREATE FUNCTION reuse_probe_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected'; END $$`);
    await first.db.exec(`CREATE TRIGGER reuse_probe BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION reuse_probe_refuse()`);
    await first.close();
    const second = await createTestApp();
    try {
      expect(identity(second)).not.toBe(used);
      expect(await second.db.query(`SELECT 1 FROM pg_trigger WHERE tgname = 'reuse_probe'`)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('a disabled trigger is a changed schema too', async () => {
    const first = await createTestApp();
    const used = identity(first);
    const [trigger] = await first.db.query<{ rel: string; name: string }>(
      `SELECT tgrelid::regclass::text AS rel, tgname AS name FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2 LIMIT 1`,
    );
    await first.db.exec(`ALTER TABLE ${trigger!.rel} DISABLE TRIGGER "${trigger!.name}"`);
    await first.close();
    const second = await createTestApp();
    try {
      expect(identity(second)).not.toBe(used);
    } finally {
      await second.close();
    }
  });

  it.skipIf(usesPostgres())('PGlite: the session comes back clean (settings, prepared statements, temporary tables)', async () => {
    const first = await createTestApp();
    const used = identity(first);
    await first.db.exec(`SET statement_timeout = 4321`);
    await first.db.exec(`CREATE TEMPORARY TABLE reuse_session_probe (n int)`);
    await first.db.exec(`PREPARE reuse_probe_statement AS SELECT 1`);
    await first.close();
    const second = await createTestApp();
    try {
      expect(identity(second)).toBe(used);
      expect((await second.db.query<{ statement_timeout: string }>(`SHOW statement_timeout`))[0]!.statement_timeout).toBe('0');
      expect(await second.db.query(`SELECT 1 FROM pg_class WHERE relname = 'reuse_session_probe'`)).toEqual([]);
      expect(await second.db.query(`SELECT 1 FROM pg_prepared_statements WHERE name = 'reuse_probe_statement'`)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('outside vitest', () => {
  it('a closed memory:// database is closed, so a script that used one exits by itself (npm run size)', async () => {
    const env = { ...process.env };
    delete env.VITEST;
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fakes/memory-db-then-exit.ts')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const timeout = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 20_000).unref());
    const result = await Promise.race([exited, timeout]);
    child.kill('SIGKILL');
    expect(output).toContain('closed');
    expect(result).toBe(0);
  });
});
