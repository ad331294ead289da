import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { pgErrorCode, type Db, type Queryable, type Row } from './db';

/** The production schema. */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/**
 * The sandbox's own tables (server/sandbox/migrations; in the compiled server dist-server/sandbox-migrations).
 * Their versions share one sequence with the production ones, so a database created before they moved (versions
 * already recorded) applies nothing again.
 */
const SANDBOX_MIGRATIONS_DIR = [new URL('../sandbox/migrations/', import.meta.url), new URL('./sandbox-migrations/', import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((dir) => existsSync(dir)) ?? fileURLToPath(new URL('../sandbox/migrations/', import.meta.url));

/** The migration folders a server applies: the sandbox's tables everywhere but production (docs/server.md "Database"). */
export const migrationDirs = ({ sandbox }: { sandbox: boolean }): string[] => (sandbox ? [MIGRATIONS_DIR, SANDBOX_MIGRATIONS_DIR] : [MIGRATIONS_DIR]);
/** Everything (tests, benchmarks, the memory template). */
export const ALL_MIGRATION_DIRS: readonly string[] = migrationDirs({ sandbox: true });
/** Any constant shared by all server processes: they queue on it while one applies migrations. */
const MIGRATION_LOCK_KEY = 7_310_420_001;
const FILE_PATTERN = /^(\d{4})_[a-z0-9_]+\.sql$/;
/**
 * First line of a migration that must run outside a transaction (`CREATE INDEX CONCURRENTLY`, `ALTER TYPE … ADD VALUE`
 * before PostgreSQL 12 style uses): such a file holds ONE statement (PostgreSQL refuses CONCURRENTLY in a string of
 * several), is applied on its own and recorded after it succeeded.
 */
export const NO_TRANSACTION_DIRECTIVE = '-- migrate: no-transaction';
/** How often a process waiting for another one's migrations asks for the lock again. */
const LOCK_RETRY_MS = 200;
/**
 * On a live database, how long each attempt at a migration transaction may wait for a table's lock
 * (`SET LOCAL lock_timeout`), attempt by attempt. An ALTER waiting for its lock makes every later query on that table
 * wait behind it, so it gives up soon, rolls back and tries again after a pause; a deadlock with live traffic is
 * retried the same way. After the last attempt the run fails, naming the files.
 */
const MIGRATION_LOCK_TIMEOUTS_MS: readonly number[] = [1_000, 1_000, 2_000, 2_000, 4_000, 4_000, 8_000, 8_000, 15_000, 15_000];
/** PostgreSQL errors after which a migration transaction, rolled back whole, is tried again. */
const LOCK_CONFLICTS = new Set(['55P03' /* lock_not_available: lock_timeout */, '40P01' /* deadlock_detected */]);

export interface Migration {
  version: string;
  name: string;
  sql: string;
  /** SHA-256 (hex) of the file with its line ends made LF: recorded when applied, compared at every start. */
  checksum: string;
  /** The file starts with NO_TRANSACTION_DIRECTIVE. */
  transaction: boolean;
}

/** Thrown when an applied migration's file is not what was applied: the server refuses to start. */
export class MigrationChecksumError extends Error {
  override name = 'MigrationChecksumError';
}

/** Thrown by `checkMigrations` when the database lacks migrations of this release (a server told not to migrate). */
export class PendingMigrationsError extends Error {
  override name = 'PendingMigrationsError';
}

export const migrationChecksum = (sql: string): string => createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');

/** The migrations of `dirs`, in version order (one version sequence across the folders). */
export const loadMigrations = async (dirs: string | readonly string[] = ALL_MIGRATION_DIRS): Promise<Migration[]> => {
  const files: { file: string; dir: string }[] = [];
  for (const dir of typeof dirs === 'string' ? [dirs] : dirs) {
    for (const file of await readdir(dir)) if (file.endsWith('.sql')) files.push({ file, dir });
  }
  files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const migrations: Migration[] = [];
  for (const { file, dir } of files) {
    const match = FILE_PATTERN.exec(file);
    if (!match?.[1]) throw new Error(`Migration file name "${file}" must look like 0001_short_name.sql`);
    if (migrations.some((m) => m.version === match[1])) throw new Error(`Duplicate migration version ${match[1]}`);
    const sql = await readFile(`${dir}/${file}`, 'utf8');
    const transaction = !sql.trimStart().startsWith(NO_TRANSACTION_DIRECTIVE);
    migrations.push({ version: match[1], name: file, sql, checksum: migrationChecksum(sql), transaction });
  }
  return migrations;
};

interface AppliedRow extends Row {
  version: string;
  name: string;
  checksum: string | null;
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version text PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`;

const readApplied = async (q: Queryable): Promise<Map<string, AppliedRow>> => {
  const exists = await q.query<{ found: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS found`);
  if (!exists[0]?.found) return new Map();
  const hasChecksum = await q.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'schema_migrations' AND column_name = 'checksum' AND table_schema = current_schema()) AS found`,
  );
  const rows = await q.query<AppliedRow>(`SELECT version, name, ${hasChecksum[0]?.found ? 'checksum' : 'NULL::text AS checksum'} FROM schema_migrations`);
  return new Map(rows.map((row) => [row.version, row]));
};

/**
 * Refuses an applied migration whose file changed since (a checksum was recorded and differs): the schema of this
 * database is not what the files say, and a new database would differ from it. Applied versions without a file
 * (another release's, the sandbox's in production) and files not applied yet are not judged here.
 */
const refuseChanged = (migrations: readonly Migration[], applied: Map<string, AppliedRow>): void => {
  const changed = migrations.filter((m) => {
    const row = applied.get(m.version);
    return row?.checksum && row.checksum !== m.checksum;
  });
  if (!changed.length) return;
  const lines = changed.map((m) => {
    const row = applied.get(m.version)!;
    return `${m.name}${row.name !== m.name ? ` (applied as ${row.name})` : ''}: applied with checksum ${row.checksum!.slice(0, 12)}…, the file now has ${m.checksum.slice(0, 12)}…`;
  });
  throw new MigrationChecksumError(
    `Refusing to start: ${changed.length === 1 ? 'an applied migration was' : 'applied migrations were'} changed after being applied:\n- ${lines.join('\n- ')}\n` +
      'An applied migration must never change: restore the file as it was applied and put the change in a new migration (docs/deploy.md "Migrations").',
  );
};

/** Pending migrations (not recorded) of `dirs`, after refusing changed applied ones. Reads only: a server told not to migrate. */
export const checkMigrations = async (db: Db, dirs: string | readonly string[] = ALL_MIGRATION_DIRS): Promise<Migration[]> => {
  const migrations = await loadMigrations(dirs);
  const applied = await readApplied(db);
  refuseChanged(migrations, applied);
  return migrations.filter((m) => !applied.has(m.version));
};

/**
 * A server that does not migrate (MIGRATE_ON_START=off) checks instead: a changed applied migration refuses the start
 * as in `migrate`, and so does a migration of this release missing from the database (run `npm run migrate` first).
 */
export const requireMigrated = async (db: Db, dirs: string | readonly string[] = ALL_MIGRATION_DIRS): Promise<void> => {
  const pending = await checkMigrations(db, dirs);
  if (pending.length) {
    throw new PendingMigrationsError(
      `Refusing to start: the database lacks ${pending.length} migration(s) of this release (${pending.map((m) => m.name).join(', ')}). ` +
        'Run `npm run migrate` first (this server has MIGRATE_ON_START=off).',
    );
  }
};

export interface MigrateOptions {
  /** Told once when another process holds the migration lock and this one waits for it. */
  onWait?: () => void;
  /** Told when a transaction of migrations met a lock conflict with live traffic and is tried again. */
  onLockConflict?: (conflict: { files: string[]; attempt: number; attempts: number; reason: string }) => void;
}

/** What `npm run migrate` and a server migrating at its start print while they wait or try again. */
export const consoleMigrateOptions: MigrateOptions = {
  onWait: () => console.log('Waiting for another process to finish applying migrations…'),
  onLockConflict: ({ files, attempt, attempts, reason }) =>
    console.log(
      `Migration ${files.join(', ')} met a lock held by live traffic (${reason}): rolled back, ` +
        `trying again (attempt ${attempt + 1} of ${attempts}).`,
    ),
};

/** One migrate() at a time per database object (PGlite: one connection, where session locks do not exclude each other). */
const running = new WeakMap<Db, Promise<unknown>>();

/**
 * Applies every migration file not yet recorded in `schema_migrations`, in version order, under an advisory lock held
 * by one connection for the whole run: concurrent starts wait for each other (polling the lock, so a waiter holds no
 * snapshot that `CREATE INDEX CONCURRENTLY` would wait for) and never apply twice. Consecutive transactional files are
 * applied in ONE transaction with their records; a no-transaction file runs on its own and is recorded once it
 * succeeded. Before anything, an applied file that changed refuses the run (MigrationChecksumError); applied rows
 * recorded before checksums existed get their file's checksum. Versions are applied by membership, not by being
 * newer than the last one: a file merged later with a lower number is applied too. Returns the names applied now.
 */
export const migrate = async (db: Db, dirs: string | readonly string[] = ALL_MIGRATION_DIRS, options: MigrateOptions = {}): Promise<string[]> => {
  const before = running.get(db) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(() => migrateLocked(db, dirs, options));
  running.set(db, run);
  return run;
};

const migrateLocked = async (db: Db, dirs: string | readonly string[], { onWait, onLockConflict }: MigrateOptions): Promise<string[]> => {
  const migrations = await loadMigrations(dirs);
  return db.withConnection(async (conn) => {
    let told = false;
    while (!(await conn.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATION_LOCK_KEY]))[0]?.locked) {
      if (!told) onWait?.();
      told = true;
      await sleep(LOCK_RETRY_MS);
    }
    try {
      await conn.exec(CREATE_TABLE);
      const applied = await readApplied(conn);
      refuseChanged(migrations, applied);
      const unrecorded = migrations.filter((m) => applied.get(m.version)?.checksum === null);
      if (unrecorded.length) {
        await db.tx(async (tx) => {
          for (const m of unrecorded) await tx.query('UPDATE schema_migrations SET checksum = $1 WHERE version = $2 AND checksum IS NULL', [m.checksum, m.version]);
        });
      }
      const pending = migrations.filter((m) => !applied.has(m.version));
      const record = (q: Queryable, m: Migration) =>
        q.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [m.version, m.name, m.checksum]);
      const done: string[] = [];
      for (let i = 0; i < pending.length; ) {
        const first = pending[i]!;
        if (!first.transaction) {
          await conn.exec(first.sql);
          await record(conn, first);
          done.push(first.name);
          i++;
          continue;
        }
        let end = i;
        while (end < pending.length && pending[end]!.transaction) end++;
        const batch = pending.slice(i, end);
        await applyInTransaction(db, batch, record, onLockConflict);
        done.push(...batch.map((m) => m.name));
        i = end;
      }
      return done;
    } finally {
      // A broken connection has lost its session lock anyway; the error that broke it is the one to report.
      await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  });
};

/**
 * Applies `files` in ONE transaction with their records, its locks waited for at most MIGRATION_LOCK_TIMEOUTS_MS[attempt].
 * A lock conflict with live traffic (the timeout, or a deadlock) rolls it back whole; after a pause the files are tried
 * again, one per transaction from then on (fewer locks held at once, each for less time), up to the last attempt.
 */
const applyInTransaction = async (
  db: Db,
  files: readonly Migration[],
  record: (q: Queryable, m: Migration) => Promise<unknown>,
  onLockConflict: MigrateOptions['onLockConflict'],
  attempt = 0,
): Promise<void> => {
  try {
    await db.tx(async (tx) => {
      await tx.exec(`SET LOCAL lock_timeout = ${MIGRATION_LOCK_TIMEOUTS_MS[attempt]}`);
      for (const m of files) {
        await tx.exec(m.sql);
        await record(tx, m);
      }
    });
  } catch (error) {
    if (!LOCK_CONFLICTS.has(pgErrorCode(error) ?? '')) throw error;
    const names = files.map((m) => m.name);
    const reason = error instanceof Error ? error.message : String(error);
    const next = attempt + 1;
    if (next >= MIGRATION_LOCK_TIMEOUTS_MS.length) {
      throw new Error(
        `Migration ${names.join(', ')} could not take its locks in ${next} attempts: live transactions held them (${reason}). ` +
          'Nothing of it was applied; run the migrate step again when the long transactions have ended.',
        { cause: error },
      );
    }
    onLockConflict?.({ files: names, attempt: next, attempts: MIGRATION_LOCK_TIMEOUTS_MS.length, reason });
    await sleep(200 + Math.random() * 600);
    for (const m of files) await applyInTransaction(db, [m], record, onLockConflict, next);
  }
};
