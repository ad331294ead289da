/**
 * The one database interface the server uses. Two implementations: PGlite (embedded, default) and
 * node-postgres (`DATABASE_URL`). Both return the same JS types: int8 → number (asserted safe),
 * numeric → string (exact), timestamptz → Date, json/jsonb → parsed value.
 */
export type SqlParam = string | number | boolean | Date | null;
export type Row = Record<string, unknown>;

/** Something SQL can run on: the database itself or an open transaction. */
export interface Queryable {
  /** One statement with `$1`-style parameters; returns the rows. */
  query<T extends Row = Row>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Several statements without parameters (migrations, scripts). */
  exec(sql: string): Promise<void>;
}

/**
 * A statement whose placeholders are numbered from `firstParam` on, so that it can ride in another statement (as a
 * data-modifying WITH clause) and save a round trip: e.g. the Idempotency-Key's stored answer sent with the posting.
 */
export type StatementFrom = (firstParam: number) => { sql: string; params: SqlParam[] };

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` on ONE connection, outside any transaction (session-level advisory locks, statements that refuse a
   * transaction such as `CREATE INDEX CONCURRENTLY`: migrations). PGlite has one connection: `fn` gets it.
   */
  withConnection<T>(fn: (connection: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** int8 parser shared by both drivers: a JS number, refusing values that would lose precision. */
export const parseInt8 = (value: string): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} is outside the safe integer range`);
  return n;
};

/** Postgres type oids the parsers are registered for. */
export const PG_TYPE = { INT8: 20, NUMERIC: 1700 } as const;

/** PostgreSQL error code of a failed statement (e.g. '23505' unique violation), if any. */
export const pgErrorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

export const UNIQUE_VIOLATION = '23505';

/** PGlite data dir value for a throwaway in-memory database. */
export const MEMORY_DATA_DIR = 'memory://';

/** A PostgreSQL array literal of `values` (each quoted), for a `$n::text[]` / `$n::bigint[]` parameter. */
export const arrayLiteral = (values: readonly string[]): string => `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
