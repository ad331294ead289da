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

/** SQLSTATEs of a lost or refused server connection: class 08, and 57P01–57P03 (shutdown, crash, starting up). */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const CONNECTION_MESSAGES = [/^Connection terminated/, /connection error and is not queryable/, /timeout exceeded when trying to connect/, /^Client was closed/];

/**
 * True when `error` means the database could not be reached or the connection broke mid-request (a server restart,
 * a network cut), as opposed to an error in the SQL or the data. The transaction of such a request was rolled back,
 * or (connection lost during COMMIT) its outcome is unknown: either way a retry with the same Idempotency-Key is safe.
 */
export const isDatabaseConnectionError = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_SQLSTATES.has(code) || CONNECTION_SOCKET_CODES.has(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseConnectionError);
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message));
};

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
      let broken: Error | undefined;
      // A checked-out client has no idle-error listener of the pool: a connection dropped mid-transaction (a database
      // restart) emits 'error' on it, which must not crash the process. The pending query rejects on its own.
      const onConnectionError = (error: Error) => {
        broken = error;
        onError?.(error);
      };
      client.on('error', onConnectionError);
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        broken ??= isDatabaseConnectionError(error) ? (error as Error) : undefined;
        throw error;
      } finally {
        client.off('error', onConnectionError);
        // A client whose connection broke is destroyed, not returned to the pool for the next request.
        client.release(broken);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
};
