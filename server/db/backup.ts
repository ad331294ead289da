/**
 * Backups and restores of the database (issue #33, docs/deploy.md "Backup and restore"): `npm run db:backup` and
 * `npm run db:restore` (server/cli/db-backup.ts, db-restore.ts), for PostgreSQL and for the embedded database.
 *
 * PostgreSQL, online: this process opens a REPEATABLE READ transaction and exports its snapshot; `pg_dump --snapshot`
 * dumps exactly that snapshot (custom format). So the backup's point is known to the millisecond and printed: every
 * transaction committed before it is in the backup whole, none after it, whatever the servers do meanwhile. The
 * rate-limit counters (an UNLOGGED table) are left out. Restore: `pg_restore` into an EMPTY database, in one
 * transaction (all or nothing); a database that has tables is refused.
 *
 * Embedded (PGlite): its folder belongs to one process, so the backup is made with the server stopped: a checkpointed
 * copy of the data folder as a gzipped tar (PGlite's own dump). Restore: into a new or empty folder.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { DataDirLockedError } from './lock-file';
import { dumpPgliteDataDir, openPglite } from './pglite';
import { findPostgresBinary } from './postgres-tools';

export interface BackupResult {
  kind: 'postgres' | 'pglite';
  file: string;
  /** Every transaction committed before this moment is in the backup, none committed after it. */
  point: Date;
}

const run = (program: string, args: string[]): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(findPostgresBinary(program), args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} exited with ${code}: ${errors.trim()}`))));
  });

/** A file written beside its final name and renamed into place: no half-written backup ever carries the name. */
const partial = (file: string) => `${file}.partial`;

export const backupPostgres = async (databaseUrl: string, file: string): Promise<BackupResult> => {
  await mkdir(dirname(file), { recursive: true });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ snapshot: string; point: Date }>('SELECT pg_export_snapshot() AS snapshot, clock_timestamp() AS point');
    const { snapshot, point } = rows[0]!;
    // The exported snapshot lives as long as this transaction: pg_dump must finish before it ends.
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--no-unlogged-table-data', `--snapshot=${snapshot}`, `--file=${partial(file)}`, `--dbname=${databaseUrl}`]);
    await rename(partial(file), file);
    return { kind: 'postgres', file, point };
  } finally {
    await client.query('COMMIT').catch(() => undefined);
    await client.end();
  }
};

export const restorePostgres = async (databaseUrl: string, file: string): Promise<void> => {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`);
    if (rows[0]!.n > 0) {
      throw new Error(`Refusing to restore into a database that has ${rows[0]!.n} table(s): create an empty database and point DATABASE_URL at it.`);
    }
  } finally {
    await client.end();
  }
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`, file]);
};

export const backupPglite = async (dataDir: string, file: string): Promise<BackupResult> => {
  if (!existsSync(dataDir)) throw new Error(`No embedded database at ${dataDir}`);
  let db;
  try {
    db = await openPglite(dataDir, { initdbTemplate: null });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new Error(`${error.message}\nThe embedded database is backed up with its server stopped (the folder has one process at a time).`);
    }
    throw error;
  }
  try {
    const point = new Date();
    const tar = await dumpPgliteDataDir(db); // checkpointed first: the copy starts without recovery
    await mkdir(dirname(file), { recursive: true });
    const { gzipSync } = await import('node:zlib');
    await writeFile(partial(file), gzipSync(new Uint8Array(await tar.arrayBuffer())));
    await rename(partial(file), file);
    return { kind: 'pglite', file, point };
  } finally {
    await db.close();
  }
};

export const restorePglite = async (dataDir: string, file: string): Promise<void> => {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`Refusing to restore into ${dataDir}: it is not empty. Restore into a new folder and point DATA_DIR at it.`);
  }
  await mkdir(dataDir, { recursive: true });
  const { gunzipSync } = await import('node:zlib');
  const tarball = new Blob([gunzipSync(await readFile(file))], { type: 'application/x-tar' });
  const pglite = await PGlite.create({ dataDir, loadDataDir: tarball });
  await pglite.query('SELECT 1');
  await pglite.close();
};
