import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { acquireDataDirLock } from './lock-file';
import { MEMORY_DATA_DIR, parseInt8, PG_TYPE, type Db, type Queryable, type Row, type SqlParam } from './db';

const parsers = {
  [PG_TYPE.INT8]: parseInt8,
  [PG_TYPE.NUMERIC]: (value: string) => value,
};

const wrap = (target: PGlite | Transaction): Queryable => ({
  async query<T extends Row>(sql: string, params: readonly SqlParam[] = []) {
    const result = await target.query<T>(sql, [...params]);
    return result.rows;
  },
  async exec(sql: string) {
    await target.exec(sql);
  },
});

/**
 * Memory settings of the embedded database (PostgreSQL's defaults are sized for a dedicated server: 128 MB of shared
 * buffers, 64 MB of maintenance memory, and PGlite's WebAssembly memory never shrinks once grown). A wallet's data is
 * small and the files stay in the operating system's page cache, so a lean buffer pool costs little; the embedded
 * server's resident memory after load fell from about 360 to about 240 MB (docs/server.md "Performance").
 */
export const PGLITE_MEMORY_SETTINGS: readonly string[] = [
  'shared_buffers=16MB',
  'work_mem=2MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=2MB',
  'wal_buffers=1MB',
];
const startParams = [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])];

export interface PgliteOptions {
  /**
   * `memory://` only: start from this data directory (a tar made by `dumpPgliteDataDir`) instead of
   * running initdb (see memory-template.ts). Refused for a directory.
   */
  loadDataDir?: Blob;
}

/** The PGlite behind each open PGlite `Db` (for `dumpPgliteDataDir`). */
const instances = new WeakMap<Db, PGlite>();

/**
 * Embedded PostgreSQL in this process. `dataDir` is a directory (locked against a second process)
 * or `memory://` for a throwaway database.
 */
export const openPglite = async (dataDir: string, { loadDataDir }: PgliteOptions = {}): Promise<Db> => {
  const inMemory = dataDir === MEMORY_DATA_DIR;
  if (loadDataDir && !inMemory) throw new Error(`loadDataDir is for ${MEMORY_DATA_DIR} databases only, not ${dataDir}`);
  const releaseLock = inMemory ? () => {} : acquireDataDirLock(dataDir);
  let pglite: PGlite;
  try {
    const create = () => PGlite.create({ dataDir: inMemory ? undefined : dataDir, parsers, startParams, ...(loadDataDir ? { loadDataDir } : {}) });
    const fresh = !inMemory && !existsSync(join(dataDir, 'PG_VERSION'));
    pglite = await create();
    if (fresh) {
      // initdb ran in extra WebAssembly instances and grew this one's memory (~750 MB RSS); a WebAssembly memory never
      // shrinks, so start again on the new files: what initdb used becomes garbage the next collection gives back.
      await pglite.close();
      pglite = await create();
    }
  } catch (error) {
    releaseLock();
    throw error;
  }
  let closed = false;
  const db: Db = {
    kind: 'pglite',
    ...wrap(pglite),
    tx: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pglite.close();
      } finally {
        releaseLock();
      }
    },
  };
  instances.set(db, pglite);
  return db;
};

/** The PGlite instance behind an open PGlite `Db` (tools: e.g. the benchmark serves it to pgbench over a socket). */
export const pgliteInstance = (db: Db): PGlite | undefined => instances.get(db);

/**
 * The data directory of an open PGlite database as an uncompressed tar, for `openPglite(MEMORY_DATA_DIR,
 * { loadDataDir })`. Checkpoints first, so the copy starts without WAL recovery.
 */
export const dumpPgliteDataDir = async (db: Db): Promise<Blob> => {
  const pglite = instances.get(db);
  if (!pglite) throw new Error('dumpPgliteDataDir: not an open PGlite database');
  await pglite.exec('CHECKPOINT');
  return pglite.dumpDataDir('none');
};
