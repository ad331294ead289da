import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant shared by all server processes: they queue on it while one applies migrations. */
const MIGRATION_LOCK_KEY = 7_310_420_001;
const FILE_PATTERN = /^(\d{4})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export const loadMigrations = async (dir = MIGRATIONS_DIR): Promise<Migration[]> => {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
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
export const migrate = async (db: Db, dir = MIGRATIONS_DIR): Promise<string[]> => {
  const migrations = await loadMigrations(dir);
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
