import type { Queryable, SqlParam, StatementFrom } from '../db/db';
import { jobEnqueueSpan, markJobEnqueued } from '../tracing/spans';

export interface EnqueueJobOptions<P = unknown> {
  kind: string;
  payload?: P;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Not before now + this many milliseconds (added to runAt when both are given). */
  delayMs?: number;
  /** At most one job ever with this key: a second enqueue returns the first job (created: false). */
  dedupeKey?: string;
  /** Attempts before the job fails for good and its failure hook runs (default 10). */
  maxAttempts?: number;
}

export interface EnqueuedJob {
  id: number;
  /** False when a job with the same dedupeKey already existed (nothing was added). */
  created: boolean;
}

const DEFAULT_MAX_ATTEMPTS = 10;

/**
 * Adds a job inside the caller's transaction `q`: it exists (and runs) only if that transaction commits.
 *
 *   await db.tx(async (q) => {
 *     await q.query('INSERT INTO cards ...');
 *     await enqueueJob(q, { kind: 'cards.issue', payload: { cardId } });
 *   });
 */
export const enqueueJob = <P>(q: Queryable, options: EnqueueJobOptions<P>): Promise<EnqueuedJob> => jobEnqueueSpan(options.kind, () => insertJob(q, options));

const insertJob = async <P>(q: Queryable, options: EnqueueJobOptions<P>): Promise<EnqueuedJob> => {
  const { sql, params } = jobInsert(options, 1);
  const rows = await q.query<{ id: number }>(`${sql} RETURNING id`, params);
  if (rows[0]) return { id: rows[0].id, created: true };
  const [existing] = await q.query<{ id: number }>('SELECT id FROM jobs WHERE dedupe_key = $1', [options.dedupeKey ?? null]);
  if (!existing) throw new Error(`enqueueJob: no row inserted and no job with dedupe key ${options.dedupeKey}`);
  return { id: existing.id, created: false };
};

/**
 * enqueueJob as a statement for the caller to send with one of its own (a data-modifying WITH clause, see StatementFrom),
 * in its transaction: one round trip less. Only for a job without a dedupe key (nothing to look up after the insert).
 */
export const enqueueJobStatement = <P>(options: Omit<EnqueueJobOptions<P>, 'dedupeKey'>): StatementFrom => {
  jobInsert(options, 1); // the options are checked now, not when the statement is sent
  return (n) => {
    markJobEnqueued(options.kind);
    return jobInsert(options, n);
  };
};

const jobInsert = <P>(options: EnqueueJobOptions<P>, n: number): { sql: string; params: SqlParam[] } => {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`maxAttempts must be a positive integer, got ${maxAttempts}`);
  const delayMs = Math.max(0, Math.round(options.delayMs ?? 0));
  return {
    sql: `INSERT INTO jobs (kind, payload, run_at, dedupe_key, max_attempts)
     VALUES ($${n}, $${n + 1}::jsonb, COALESCE($${n + 2}::timestamptz, clock_timestamp()) + ($${n + 3}::int * interval '1 millisecond'), $${n + 4}, $${n + 5})
     ON CONFLICT (dedupe_key) DO NOTHING`,
    params: [options.kind, JSON.stringify(options.payload ?? {}), options.runAt ?? null, delayMs, options.dedupeKey ?? null, maxAttempts],
  };
};

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobRecord {
  id: number;
  kind: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lockedBy: string | null;
  lockedUntil: Date | null;
  lastError: string | null;
  dedupeKey: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface JobRow extends Record<string, unknown> {
  id: number;
  kind: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: Date;
  updated_at: Date;
}

const toJobRecord = (row: JobRow): JobRecord => ({
  id: row.id,
  kind: row.kind,
  payload: row.payload,
  status: row.status,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  runAt: row.run_at,
  lockedBy: row.locked_by,
  lockedUntil: row.locked_until,
  lastError: row.last_error,
  dedupeKey: row.dedupe_key,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Jobs filtered by kind and/or status, oldest first (tests, operations). */
export const listJobs = async (q: Queryable, filter: { kind?: string; status?: JobStatus } = {}): Promise<JobRecord[]> => {
  const rows = await q.query<JobRow>(
    `SELECT * FROM jobs WHERE ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR status = $2) ORDER BY id`,
    [filter.kind ?? null, filter.status ?? null],
  );
  return rows.map(toJobRecord);
};

export const getJob = async (q: Queryable, id: number): Promise<JobRecord | null> => {
  const [row] = await q.query<JobRow>('SELECT * FROM jobs WHERE id = $1', [id]);
  return row ? toJobRecord(row) : null;
};
