/**
 * A counting proxy around the server's `Db` (server/db/db.ts) for `npm run bench:statements`: every SQL statement,
 * transaction and round trip, attributed to the phase that is current when it runs. Production code is untouched:
 * the app is simply built on the wrapped `Db`.
 *
 * - statement: one `query()` or `exec()` call (BEGIN/COMMIT excluded);
 * - transaction: one `tx()` block, or one write (INSERT/UPDATE/DELETE) sent outside a block (autocommitted);
 * - round trip: a statement, plus BEGIN and COMMIT of each block (both drivers send them separately).
 *
 * Phases are set by the caller (`phase(name, fn)`), and by the job runner's claim itself: when a claim statement
 * returns a job, it and what follows belong to `job <kind>` until the next claim (the drain runs jobs one by one); a
 * claim that also marks the previous job done counts for that previous job.
 *
 * Only what the measured operation runs counts: `measure(fn)` marks its async context (AsyncLocalStorage), and a
 * statement outside it (a background poller's timer, the maintenance loop) is not counted, however it interleaves.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Queryable, Row, SqlParam } from '../../server/db/db';

/** The phase of a claim that found no job (the drain's last look): a polling worker's idle cost, not an operation's. */
export const IDLE_CLAIM = 'idle claim';

export interface Counts {
  statements: number;
  transactions: number;
  roundTrips: number;
}

const WRITE = /^\s*(?:insert|update|delete)\b|^\s*with\b[\s\S]*\b(?:insert\s+into|update\s+\w+(?:\s+\w+)?\s+set|delete\s+from)\b/i;
const CLAIM = /SET status = 'running', locked_by = \$2\b/;
const COMPLETES = /\bdone AS \(/;

export class StatementCounter {
  readonly phases = new Map<string, Counts>();
  /** The statements of each phase, in order (BENCH_SQL=1 prints them). */
  readonly log = new Map<string, string[]>();
  private stack: string[] = [];
  /** Not counting (setup) while null. */
  private base: string | null = null;
  /** Marks the async context of what `measure` runs (see the header). */
  private readonly measured = new AsyncLocalStorage<true>();
  /** Names a claimed job gets (default: `job <kind>`). */
  jobName: (job: Row) => string = (job) => `job ${String(job.kind)}`;

  private get current(): string | null {
    return this.stack.at(-1) ?? this.base;
  }

  private add(phase: string | null, counts: Partial<Counts>, sql?: string): void {
    if (phase === null || !this.measured.getStore()) return;
    const entry = this.phases.get(phase) ?? { statements: 0, transactions: 0, roundTrips: 0 };
    entry.statements += counts.statements ?? 0;
    entry.transactions += counts.transactions ?? 0;
    entry.roundTrips += counts.roundTrips ?? 0;
    this.phases.set(phase, entry);
    if (sql) this.log.set(phase, [...(this.log.get(phase) ?? []), sql.replace(/\s+/g, ' ').trim().slice(0, 160)]);
  }

  /** Starts counting under `name` (until `stop()`); statements in nested `phase()` calls go there instead. */
  start(name: string): void {
    this.phases.clear();
    this.log.clear();
    this.stack = [];
    this.base = name;
  }

  /** Counts what `fn` runs (and only that) under `name`; returns the counts per phase. */
  async measure(name: string, fn: () => Promise<void>): Promise<Map<string, Counts>> {
    this.start(name);
    try {
      await this.measured.run(true, fn);
      return new Map(this.phases);
    } finally {
      this.stop();
    }
  }

  stop(): Map<string, Counts> {
    this.base = null;
    this.stack = [];
    return new Map(this.phases);
  }

  async phase<T>(name: string, fn: () => Promise<T>): Promise<T> {
    if (this.base === null) return fn();
    this.stack.push(name);
    try {
      return await fn();
    } finally {
      this.stack.pop();
    }
  }

  private queryable(target: Queryable, inTx: boolean, phaseOf: () => string | null): Queryable {
    return {
      query: async <T extends Row = Row>(sql: string, params?: readonly SqlParam[]): Promise<T[]> => {
        const rows = await target.query<T>(sql, params);
        const claim = !inTx && CLAIM.test(sql) && this.base !== null && this.measured.getStore() === true;
        // A claim that also marks the previous job done (server/jobs/worker.ts) is that job's last statement.
        const completes = claim && COMPLETES.test(sql);
        if (claim && !completes) this.base = rows[0] ? this.jobName(rows[0]) : IDLE_CLAIM;
        const write = !inTx && WRITE.test(sql);
        this.add(phaseOf(), { statements: 1, roundTrips: 1, transactions: write ? 1 : 0 }, sql);
        if (completes) this.base = rows[0] ? this.jobName(rows[0]) : IDLE_CLAIM;
        return rows;
      },
      exec: async (sql: string) => {
        await target.exec(sql);
        this.add(phaseOf(), { statements: 1, roundTrips: 1, transactions: inTx ? 0 : 1 }, sql);
      },
    };
  }

  wrap(db: Db): Db {
    const outside = this.queryable(db, false, () => this.current);
    return {
      get kind() {
        return db.kind;
      },
      query: outside.query,
      exec: outside.exec,
      tx: <T>(fn: (q: Queryable) => Promise<T>): Promise<T> => {
        const phase = this.current;
        this.add(phase, { transactions: 1, roundTrips: 2 }, 'BEGIN … COMMIT');
        return db.tx((q) => fn(this.queryable(q, true, () => phase)));
      },
      withConnection: <T>(fn: (q: Queryable) => Promise<T>): Promise<T> => {
        const phase = this.current;
        return db.withConnection((q) => fn(this.queryable(q, false, () => phase)));
      },
      close: () => db.close(),
    };
  }
}

export const totalOf = (phases: Map<string, Counts>): Counts => {
  const total = { statements: 0, transactions: 0, roundTrips: 0 };
  for (const [phase, counts] of phases) {
    if (phase === IDLE_CLAIM) continue;
    total.statements += counts.statements;
    total.transactions += counts.transactions;
    total.roundTrips += counts.roundTrips;
  }
  return total;
};
