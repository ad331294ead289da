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
 * Embedded PostgreSQL in this process. `dataDir` is a directory (locked against a second process)
 * or `memory://` for a throwaway database.
 */
export const openPglite = async (dataDir: string): Promise<Db> => {
  const inMemory = dataDir === MEMORY_DATA_DIR;
  const releaseLock = inMemory ? () => {} : acquireDataDirLock(dataDir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({ dataDir: inMemory ? undefined : dataDir, parsers });
  } catch (error) {
    releaseLock();
    throw error;
  }
  let closed = false;
  return {
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
};
