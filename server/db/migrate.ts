import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

/** The production schema. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/**
 * The sandbox's own tables (server/sandbox/migrations; in the compiled server dist-server/sandbox-migrations).
 * Their versions share one sequence with the production ones, so a database created before they moved (versions
 * already recorded) applies nothing again.
 */
export const SANDBOX_MIGRATIONS_DIR = [new URL('../sandbox/migrations/', import.meta.url), new URL('./sandbox-migrations/', import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((dir) => existsSync(dir)) ?? fileURLToPath(new URL('../sandbox/migrations/', import.meta.url));

/** The migration folders a server applies: the sandbox's tables everywhere but production (docs/server.md "Database"). */
export const migrationDirs = ({ sandbox }: { sandbox: boolean }): string[] => (sandbox ? [MIGRATIONS_DIR, SANDBOX_MIGRATIONS_DIR] : [MIGRATIONS_DIR]);
/** Everything (tests, benchmarks, the memory template). */
export const ALL_MIGRATION_DIRS: readonly string[] = migrationDirs({ sandbox: true });
/** Any constant shared by all server processes: they queue on it while one applies migrations. */
const MIGRATION_LOCK_KEY = 7_310_420_001;
const FILE_PATTERN = /^(\d{4})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

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
    migrations.push({ version: match[1], name: file, sql: await readFile(`${dir}/${file}`, 'utf8') });
  }
  return migrations;
};

/**
 * Applies every migration file not yet recorded in `schema_migrations`, in version order, all in one
 * transaction under an advisory lock: concurrent starts wait for each other and never apply twice.
 * Returns the names of the files applied now.
 */
export const migrate = async (db: Db, dirs: string | readonly string[] = ALL_MIGRATION_DIRS): Promise<string[]> => {
  const migrations = await loadMigrations(dirs);
  return db.tx(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((row) => row.version),
    );
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      done.push(migration.name);
    }
    return done;
  });
};
