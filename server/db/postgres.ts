import pg from 'pg';
import { parseInt8, PG_TYPE, type Db, type Queryable, type Row, type SqlParam } from './db';

/** Per-pool type parsers (not the process-global `pg.types`), matching PGlite's. */
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_TYPE.INT8) return parseInt8;
    if (oid === PG_TYPE.NUMERIC) return (value: string) => value;
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
  async query<T extends Row>(sql: string, params: readonly SqlParam[] = []) {
    const result = await target.query<T>(sql, [...params]);
    return result.rows;
  },
  async exec(sql: string) {
    await target.query(sql); // no parameters → simple protocol → several statements allowed
  },
});

export interface PostgresOptions {
  connectionString: string;
  maxConnections?: number;
  onError?: (error: Error) => void;
}

/** A connection pool to a real PostgreSQL server; several server processes may share the database. */
export const openPostgres = async ({ connectionString, maxConnections = 10, onError }: PostgresOptions): Promise<Db> => {
  const pool = new pg.Pool({ connectionString, max: maxConnections, types: typeParsers });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => onError?.(error));
  await pool.query('SELECT 1'); // fail fast on a wrong URL
  let closed = false;
  return {
    kind: 'postgres',
    ...wrap(pool),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
};
