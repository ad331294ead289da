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

/** Distinct statement texts prepared by name per process; texts beyond this run unnamed (unprepared). */
const MAX_PREPARED = 2_000;

/**
 * Named prepared statements: every statement with parameters gets a name per distinct SQL text, so each pooled
 * connection parses and plans it once and then only binds and executes it (node-postgres keeps the per-connection
 * bookkeeping). The database's CPU per hot read fell by more than half with this (docs/performance.md "Performance").
 * A migration that changes a table under a running process makes PostgreSQL refuse a cached plan ("cached plan must
 * not change result type", 0A000): the names then move to a new generation, so every connection prepares again, and
 * a statement outside a transaction is retried once.
 */
class PreparedNames {
  private readonly names = new Map<string, string>();
  private generation = 0;

  nameOf(sql: string): string | undefined {
    const known = this.names.get(sql);
    if (known !== undefined || this.names.size >= MAX_PREPARED) return known;
    const name = `s${this.generation}_${this.names.size}`;
    this.names.set(sql, name);
    return name;
  }

  /** After a stale-plan error: forget every name (new ones carry the next generation). */
  renew(): void {
    this.generation++;
    this.names.clear();
  }
}

const isStalePlan = (error: unknown): boolean =>
  (error as { code?: unknown })?.code === '0A000' && /cached plan must not change result type/.test((error as Error).message ?? '');

const wrap = (target: pg.Pool | pg.PoolClient, prepared: PreparedNames, inTransaction: boolean): Queryable => ({
  async query<T extends Row>(sql: string, params: readonly SqlParam[] = []) {
    const run = () => target.query<T>({ text: sql, values: [...params], name: params.length ? prepared.nameOf(sql) : undefined });
    try {
      return (await run()).rows;
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      prepared.renew();
      if (inTransaction) throw error; // the transaction is aborted; its caller decides
      return (await run()).rows;
    }
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
  // Nor one between two uses: pg parses a whole network chunk at once, so a FATAL (a database shutdown, 57P01) that
  // follows a query's last message reaches the client after the pool has handed it to the next waiter, which removed
  // the pool's idle listener and has not added its own yet. An 'error' event with no listener would end the process
  // (seen in the faults suite's restart under load). Every client therefore keeps one listener for its whole life;
  // its next query fails as a connection error (503) and the client is discarded.
  pool.on('connect', (client) => {
    client.on('error', (error) => onError?.(error));
  });
  await pool.query('SELECT 1'); // fail fast on a wrong URL
  let closed = false;
  const prepared = new PreparedNames();
  /** `fn` on one pooled connection; a connection that broke meanwhile is destroyed, not handed to the next request. */
  const withClient = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
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
      return await fn(client);
    } catch (error) {
      broken ??= isDatabaseConnectionError(error) ? (error as Error) : undefined;
      throw error;
    } finally {
      client.off('error', onConnectionError);
      client.release(broken);
    }
  };
  return {
    kind: 'postgres',
    ...wrap(pool, prepared, false),
    tx: (fn) =>
      withClient(async (client) => {
        await client.query('BEGIN');
        try {
          const result = await fn(wrap(client, prepared, true));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
    withConnection: (fn) => withClient((client) => fn(wrap(client, prepared, false))),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
};
