import type { Db, Queryable, Row, SqlParam } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { sessionUnlockedSql } from './session-lock';

/**
 * The session row every bearer request is checked against: auth_sessions joined to its user (verification) and the
 * user's app lock (its inactivity time; null = no lock), so the lock state rides in the same read (session-lock.ts).
 */
export interface SessionCheckRow extends Row {
  user_id: string;
  revoked_at: Date | null;
  last_seen_at: Date;
  verification_status: string | null;
  locked_at: Date | null;
  active_at: Date;
  unlocked_at: Date | null;
  lock_auto_seconds: number | null;
}

/** The row's columns, in order (the wrapped read below names each one). */
const SESSION_ROW_COLUMNS = ['user_id', 'revoked_at', 'last_seen_at', 'verification_status', 'locked_at', 'active_at', 'unlocked_at', 'lock_auto_seconds'] as const;

/**
 * Reads the session row whose id is parameter `$n`, as SessionCheckRow. A frozen account reads as `frozen` (never
 * `verified`), so the verification guard reads the user and refuses with ACCOUNT_FROZEN (docs/ops.md).
 */
export const sessionCheckSql = (n: number): string =>
  `SELECT s.user_id, s.revoked_at, s.last_seen_at,
     CASE WHEN u.frozen_at IS NOT NULL THEN 'frozen' ELSE u.verification_status END AS verification_status,
     s.locked_at, coalesce(s.active_at, s.last_seen_at) AS active_at, s.unlocked_at, l.auto_lock_seconds AS lock_auto_seconds
   FROM auth_sessions s LEFT JOIN users u ON u.id = s.user_id LEFT JOIN app_locks l ON l.user_id = s.user_id WHERE s.id = $${n}`;

/** Columns the wrapped statement adds to each row; removed before the caller sees the rows. */
const PREFIX = '__session_';
const DATA_ROW = `${PREFIX}data_row`;

/**
 * For a statement that checks the session itself (SessionCheckedDb.queryCheckingSession): the session row as a WITH
 * clause named `session`, its id parameter `$n`.
 */
export const sessionCte = (n: number): string => `session AS (${sessionCheckSql(n)})`;
/** …and the session's columns in its one row, under the names the check reads (the row's own columns follow). */
export const SESSION_COLUMNS = `${SESSION_ROW_COLUMNS.map((column) => `session.${column} AS ${PREFIX}${column}`).join(', ')}, true AS ${DATA_ROW}`;
/**
 * …and the condition its writes must be under: the session is one a request may act in (not revoked, this user's, not
 * locked by the app lock at `$nowParam`: the same rules as the check that follows, sessionLockState) and its user is
 * verified. `userParam`: the parameter holding the token's user; `nowParam`: the request's time (timestamptz).
 */
export const sessionActsSql = (userParam: number, nowParam: number): string =>
  `session.user_id = $${userParam} AND session.revoked_at IS NULL AND session.verification_status = 'verified'
   AND ${sessionUnlockedSql(nowParam)}`;

/**
 * The read `sql` and the session check as ONE statement: the session row (at most one) left-joined to every row of the
 * read. No session row → no rows at all; a session row and no data → one row whose DATA_ROW is null. The read runs as a
 * subquery, so its own WITH, ORDER BY and LIMIT stay its own; the join of one outer row to a subquery on `true` is a
 * nested loop, which hands the subquery's rows on in their order. For reads only: PostgreSQL refuses a data-modifying
 * statement in a subquery.
 */
export const withSessionCheck = (sql: string, sessionParam: number): string => {
  // The same few reads, again and again (hot reads): each wrapped text is built once, and the same string object then
  // reaches the prepared-statement lookup, whose hash of ~1 KB of SQL V8 keeps on the string.
  const known = wrappedReads.get(sessionParam)?.get(sql);
  if (known !== undefined) return known;
  const wrapped = wrapRead(sql, sessionParam);
  const bySql = wrappedReads.get(sessionParam) ?? new Map<string, string>();
  wrappedReads.set(sessionParam, bySql);
  if (bySql.size < MAX_WRAPPED_READS) bySql.set(sql, wrapped);
  return wrapped;
};
const MAX_WRAPPED_READS = 1000;
const wrappedReads = new Map<number, Map<string, string>>();

const wrapRead = (sql: string, sessionParam: number): string =>
  `WITH ${PREFIX}row AS (${sessionCheckSql(sessionParam)})
   SELECT ${SESSION_ROW_COLUMNS.map((column) => `${PREFIX}row.${column} AS ${PREFIX}${column}`).join(', ')},
     ${PREFIX}data.*
   FROM ${PREFIX}row LEFT JOIN LATERAL (SELECT true AS ${DATA_ROW}, ${PREFIX}read.* FROM (${sql.trim().replace(/;$/, '')}) ${PREFIX}read) ${PREFIX}data ON true`;

/** Splits the wrapped statement's rows into the session row and the read's own rows. */
const splitSessionRows = <T extends Row>(rows: Row[]): { session: SessionCheckRow | undefined; data: T[] } => {
  const first = rows[0];
  if (!first) return { session: undefined, data: [] };
  const session = Object.fromEntries(SESSION_ROW_COLUMNS.map((column) => [column, first[`${PREFIX}${column}`]])) as SessionCheckRow;
  if (first[DATA_ROW] === null) return { session, data: [] };
  const data = rows.map((row) => {
    const own: Row = {};
    for (const key in row) if (!key.startsWith(PREFIX)) own[key] = row[key];
    return own as T;
  });
  return { session, data };
};

/**
 * The database a read handler bound with `route(..., { session: 'with-first-query' })` gets. Its first query carries
 * the request's session check (one round trip instead of two); the rows reach the handler only once the session is
 * accepted, so an ended session never sees data. Anything else the handler runs waits for the check first. A handler
 * that runs no query, or whose first query fails, is checked on its own by `settle()`, which route() awaits before it
 * answers anything: no answer, not even an error from the handler, leaves before the session is accepted.
 */
export class SessionCheckedDb implements Db {
  readonly kind: Db['kind'];
  private session: Promise<AuthContext> | null = null;

  constructor(
    private readonly db: Db,
    private readonly sessionId: string,
    /** Accepts the session row (or its absence) for this request's token: the AuthContext, or throws 401. */
    private readonly accept: (row: SessionCheckRow | undefined) => Promise<AuthContext>,
  ) {
    this.kind = db.kind;
  }

  async query<T extends Row = Row>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
    if (this.session) {
      await this.session;
      return this.db.query<T>(sql, params);
    }
    const split = this.db.query(withSessionCheck(sql, params.length + 1), [...params, this.sessionId]).then((rows) => splitSessionRows<T>(rows));
    // A failed read says nothing about the session: it is then read on its own.
    this.remember(split.then(({ session }) => this.accept(session), () => this.readSession()));
    const { data } = await split;
    await this.session;
    return data;
  }

  /** Whether no query has carried (or started) the session check yet: queryCheckingSession may still be sent. */
  get firstQueryPending(): boolean {
    return this.session === null;
  }

  /**
   * A first statement that checks the session itself: for a write, which PostgreSQL refuses inside the subquery `query`
   * wraps a read in. `sql(n)` is given the parameter number of the session id (appended to `params`) and returns ONE
   * statement whose WITH clause has `sessionCte(n)`, whose writes all depend on `sessionActsSql` holding, and which
   * answers at most one row: `SESSION_COLUMNS`, then its own columns (no session row: no row). The session is then
   * accepted as for any first query; its row's own columns are returned only once it is. A write made under
   * sessionActsSql is made only for a session the check then accepts.
   */
  async queryCheckingSession<T extends Row = Row>(sql: (sessionParam: number) => string, params: readonly SqlParam[]): Promise<T | undefined> {
    if (this.session) throw new Error('SessionCheckedDb.queryCheckingSession: only as the first query');
    const split = this.db.query(sql(params.length + 1), [...params, this.sessionId]).then((rows) => splitSessionRows<T>(rows));
    this.remember(split.then(({ session }) => this.accept(session), () => this.readSession()));
    const { data } = await split;
    await this.session;
    return data[0];
  }

  async exec(sql: string): Promise<void> {
    await this.settle();
    return this.db.exec(sql);
  }

  async tx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    await this.settle();
    return this.db.tx(fn);
  }

  async withConnection<T>(fn: (connection: Queryable) => Promise<T>): Promise<T> {
    await this.settle();
    return this.db.withConnection(fn);
  }

  close(): Promise<void> {
    return Promise.reject(new Error('SessionCheckedDb: a request does not close the database'));
  }

  /** The session check's outcome (read on its own if no query carried it): the AuthContext, or throws 401. */
  settle(): Promise<AuthContext> {
    if (!this.session) this.remember(this.readSession());
    return this.session!;
  }

  private async readSession(): Promise<AuthContext> {
    const [row] = await this.db.query<SessionCheckRow>(sessionCheckSql(1), [this.sessionId]);
    return this.accept(row);
  }

  private remember(check: Promise<AuthContext>): void {
    // Awaited by settle() (route() always calls it); this only keeps an early refusal from counting as unhandled.
    check.catch(() => undefined);
    this.session = check;
  }
}
