import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db, SqlParam } from '../db/db';
import { jobRunSpan } from '../tracing/spans';
import type { JobRow } from './enqueue';
import {
  defaultJobRegistry,
  PermanentJobError,
  RetryAfterError,
  type JobContext,
  type JobLogger,
  type JobRegistry,
  type RegisteredJobHandler,
} from './registry';

export interface WorkerOptions {
  /** How often to look for due jobs when idle (ms). Default 250. */
  pollMs?: number;
  /** Lease of a claimed job (ms); renewed every leaseMs/3 while the handler runs. Default 30 000. */
  leaseMs?: number;
  /** Jobs run at the same time by this worker. Default 4. */
  concurrency?: number;
  /** Retry delay after attempt n: min(backoffMaxMs, backoffBaseMs × 2^(n−1)) ± 20 %. Defaults 1 000 / 300 000. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** stop(): how long to wait for running handlers before releasing their leases. Default 5 000. */
  stopGraceMs?: number;
  /** Handlers looked up here first, then in the process-wide default registry. */
  registry?: JobRegistry;
  log?: JobLogger;
  /** Default: host:pid:random. */
  workerId?: string;
  /** Done jobs without a dedupe key are deleted this long after they finished (ms). Default 7 days; 0 = never. */
  retentionMs?: number;
  /**
   * VACUUM (ANALYZE) the jobs table after this many jobs claimed by this worker, at most once a second (0 = never).
   * Default 1 000. Each claim and completion leaves a dead entry at the head of the due-jobs index that later claims
   * walk until a vacuum removes it; autovacuum visits a table at most once a minute and PGlite runs none
   * (docs/server.md "Jobs").
   */
  vacuumEveryJobs?: number;
}

export interface Worker {
  readonly id: string;
  /** Graceful stop: no new claims, waits up to stopGraceMs for running jobs, releases the leases of the rest. */
  stop(): Promise<void>;
  /**
   * Test hook simulating a crash of the process: stops at once, writes nothing more (no completion,
   * no lease release, no heartbeat). Its jobs are reclaimed by others once their leases expire.
   */
  kill(): void;
  /** Jobs being run now. */
  readonly inFlight: number;
}

const noopLog: JobLogger = { debug() {}, info() {}, warn() {}, error() {} };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

const errorText = (error: unknown): string => {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
};

const defaultBackoffMs = (attempt: number, baseMs: number, maxMs: number): number => {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  const jitter = raw * 0.2 * (Math.random() * 2 - 1);
  return Math.max(0, Math.round(raw + jitter));
};

/** The least time between two vacuums of the jobs table by one worker. */
const VACUUM_MIN_INTERVAL_MS = 1_000;

const resolveOptions = (options: WorkerOptions) => ({
  pollMs: options.pollMs ?? 250,
  leaseMs: options.leaseMs ?? 30_000,
  concurrency: options.concurrency ?? 4,
  backoffBaseMs: options.backoffBaseMs ?? 1_000,
  backoffMaxMs: options.backoffMaxMs ?? 300_000,
  stopGraceMs: options.stopGraceMs ?? 5_000,
  vacuumEveryJobs: options.vacuumEveryJobs ?? 1_000,
  log: options.log ?? noopLog,
  workerId: options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
});

/**
 * The claim's statement (JobRunner.claim): up to `limit` due jobs of `kinds` for `workerId` under a lease of `leaseMs`;
 * `completedId`, a job this worker just finished, marked done in the same statement and never claimed by it.
 * Due jobs and expired leases are read apart, each from its own partial index in its own order, so a claim reads the
 * rows it takes and not the whole queue (migration 0160); rows one side locked but the LIMIT left out stay queued.
 * The limit is written into the text (one text per limit, at most `concurrency`): a generic plan of `LIMIT $n` is costed
 * for an unknown limit, above the custom plans, so PostgreSQL planned every claim afresh (tests/server/statement-plans.test.ts).
 */
export const jobClaimStatement = (
  kinds: readonly string[],
  limit: number,
  workerId: string,
  leaseMs: number,
  completedId?: number | string,
): { sql: string; params: SqlParam[] } => {
  const completed = completedId !== undefined;
  const notCompleted = completed ? ' AND id <> $4' : '';
  const take = Math.max(1, Math.floor(limit));
  const done = completed
    ? `done AS (
         UPDATE jobs SET status = 'done', locked_by = NULL, locked_until = NULL, updated_at = clock_timestamp()
         WHERE id = $4 AND locked_by = $2 AND status = 'running'
       ),
       `
    : '';
  return {
    sql: `WITH ${done}kinds AS MATERIALIZED (SELECT ARRAY(SELECT jsonb_array_elements_text($1::jsonb)) AS list),
       due AS (
         SELECT id, run_at FROM jobs
         WHERE status = 'queued' AND run_at <= clock_timestamp() AND kind = ANY ((SELECT list FROM kinds)::text[])${notCompleted}
         ORDER BY run_at, id
         LIMIT ${take}
         FOR UPDATE SKIP LOCKED
       ),
       expired AS (
         SELECT id, run_at FROM jobs
         WHERE status = 'running' AND locked_until < clock_timestamp() AND kind = ANY ((SELECT list FROM kinds)::text[])${notCompleted}
         ORDER BY locked_until
         LIMIT ${take}
         FOR UPDATE SKIP LOCKED
       ),
       next AS (
         SELECT id FROM (SELECT id, run_at FROM expired UNION ALL SELECT id, run_at FROM due) candidates
         ORDER BY run_at, id
         LIMIT ${take}
       )
       UPDATE jobs j
       SET status = 'running', locked_by = $2, attempts = j.attempts + 1,
           locked_until = clock_timestamp() + ($3::int * interval '1 millisecond'), updated_at = clock_timestamp()
       FROM next WHERE j.id = next.id
       RETURNING j.*`,
    params: [JSON.stringify(kinds), workerId, leaseMs, ...(completed ? [completedId] : [])],
  };
};

/** The claim/run/complete machinery shared by the polling worker and `runDueJobs`. */
class JobRunner {
  readonly opts: ReturnType<typeof resolveOptions>;
  /** Set by kill(): nothing is written any more. */
  dead = false;

  constructor(
    readonly db: Db,
    options: WorkerOptions,
    private readonly registry: JobRegistry | undefined,
  ) {
    this.opts = resolveOptions(options);
  }

  lookup(kind: string): RegisteredJobHandler | undefined {
    return this.registry?.get(kind) ?? defaultJobRegistry.get(kind);
  }

  kinds(): string[] {
    return [...new Set([...(this.registry?.kinds() ?? []), ...defaultJobRegistry.kinds()])];
  }

  /**
   * Claims up to `limit` due jobs: queued ones whose run_at has come, and running ones whose lease
   * expired (their worker died). SKIP LOCKED: concurrent workers never claim the same row.
   * `completed`: a job this worker just finished is marked done in the same statement (one round trip for
   * "done, what next?"); it is never claimed again by that statement.
   */
  async claim(limit: number, completed?: JobRow): Promise<JobRow[]> {
    const kinds = this.kinds();
    if (!kinds.length || limit < 1) {
      if (completed) await this.complete(completed);
      return [];
    }
    const { sql, params } = jobClaimStatement(kinds, limit, this.opts.workerId, this.opts.leaseMs, completed?.id);
    return this.db.query<JobRow>(sql, params);
  }

  private async renewLease(job: JobRow): Promise<void> {
    if (this.dead) return;
    const rows = await this.db.query(
      `UPDATE jobs SET locked_until = clock_timestamp() + ($3::int * interval '1 millisecond')
       WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
      [job.id, this.opts.workerId, this.opts.leaseMs],
    );
    if (!rows.length) this.opts.log.warn({ jobId: job.id, kind: job.kind }, 'job lease lost (another worker reclaimed it)');
  }

  private async complete(job: JobRow): Promise<void> {
    if (this.dead) return;
    await this.db.query(
      `UPDATE jobs SET status = 'done', locked_by = NULL, locked_until = NULL, updated_at = clock_timestamp()
       WHERE id = $1 AND locked_by = $2 AND status = 'running'`,
      [job.id, this.opts.workerId],
    );
  }

  /** Back to the queue after a backoff. `hookOnly`: the handler is done trying; the next claim runs the failure hook only. */
  private async retryLater(job: JobRow, registered: RegisteredJobHandler | undefined, error: string, hookOnly = false, askedDelayMs?: number): Promise<void> {
    if (this.dead) return;
    // An outside service's Retry-After is obeyed up to the longest backoff (JOBS_BACKOFF_MAX_MS): minutes, never days.
    const delay = askedDelayMs !== undefined
      ? Math.min(askedDelayMs, this.opts.backoffMaxMs)
      : registered?.backoffMs
      ? registered.backoffMs(job.attempts)
      : defaultBackoffMs(job.attempts, this.opts.backoffBaseMs, this.opts.backoffMaxMs);
    await this.db.query(
      `UPDATE jobs SET status = 'queued', locked_by = NULL, locked_until = NULL, last_error = $3,
         run_at = clock_timestamp() + ($4::int * interval '1 millisecond'), updated_at = clock_timestamp(),
         attempts = CASE WHEN $5::boolean THEN GREATEST(attempts, max_attempts) ELSE attempts END
       WHERE id = $1 AND locked_by = $2 AND status = 'running'`,
      [job.id, this.opts.workerId, error, Math.max(0, Math.round(delay)), hookOnly],
    );
  }

  /** Marks the job failed and runs its failure hook in the same transaction. */
  private async failForGood(job: JobRow, registered: RegisteredJobHandler | undefined, ctx: JobContext, error: string): Promise<void> {
    if (this.dead) return;
    try {
      await this.db.tx(async (q) => {
        const rows = await q.query(
          `UPDATE jobs SET status = 'failed', locked_by = NULL, locked_until = NULL, last_error = $3, updated_at = clock_timestamp()
           WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
          [job.id, this.opts.workerId, error],
        );
        if (!rows.length) return; // lease lost: the worker that holds it decides
        await registered?.onFailure?.(q, job.payload, { ...ctx, error });
      });
      this.opts.log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, error }, 'job failed for good');
    } catch (hookError) {
      // Not marked failed: claimed again later, and since attempts > max_attempts only the hook runs.
      this.opts.log.error({ jobId: job.id, kind: job.kind, err: hookError }, 'job failure hook failed; will retry the hook');
      await this.retryLater(job, registered, `${error}; failure hook: ${errorText(hookError)}`, true);
    }
  }

  /**
   * Runs one claimed job to completion, retry or failure. Never throws. `claimNext()`: how many jobs to claim in the
   * statement that marks this one done (0: complete only). Returns what that statement claimed (the caller runs them),
   * or null when no such claim was made (the job failed or was retried, or claimNext() said 0).
   */
  async execute(job: JobRow, claimNext: () => number = () => 0): Promise<JobRow[] | null> {
    const registered = this.lookup(job.kind);
    const { log, leaseMs } = this.opts;
    const ctx: JobContext = {
      db: this.db,
      jobId: job.id,
      kind: job.kind,
      attempt: job.attempts,
      maxAttempts: job.max_attempts,
      workerId: this.opts.workerId,
      log,
    };
    const heartbeat = setInterval(() => {
      this.renewLease(job).catch((error: unknown) => log.warn({ jobId: job.id, err: error }, 'job lease renewal failed'));
    }, Math.max(50, Math.floor(leaseMs / 3)));
    heartbeat.unref?.();
    try {
      if (!registered) throw new PermanentJobError(`No handler registered for job kind "${job.kind}"`);
      if (job.attempts > job.max_attempts) {
        // The last attempt died with its process, or a failure hook failed before: only the hook is left.
        await this.failForGood(job, registered, ctx, job.last_error ?? `attempts exhausted (${job.max_attempts})`);
        return null;
      }
      log.debug({ jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job started');
      try {
        await jobRunSpan({ id: job.id, kind: job.kind, attempt: job.attempts }, async () => registered.handler(job.payload, ctx));
      } catch (error) {
        if (this.dead) return null;
        const text = errorText(error);
        if (error instanceof PermanentJobError || job.attempts >= job.max_attempts) {
          await this.failForGood(job, registered, ctx, text);
        } else {
          log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, error: text }, 'job attempt failed; will retry');
          await this.retryLater(job, registered, text, false, error instanceof RetryAfterError ? error.delayMs : undefined);
        }
        return null;
      }
      if (this.dead) return null;
      const limit = claimNext();
      let next: JobRow[] | null = null;
      if (limit > 0) next = await this.claim(limit, job);
      else await this.complete(job);
      log.debug({ jobId: job.id, kind: job.kind }, 'job done');
      return next;
    } catch (error) {
      if (!this.dead) log.error({ jobId: job.id, kind: job.kind, err: error }, 'job bookkeeping failed (the lease will expire and the job be retried)');
      return null;
    } finally {
      clearInterval(heartbeat);
    }
  }
}

const startedWorkers = new Set<Worker>();

/**
 * Starts a polling worker on `db` (one per server process; several processes share the table).
 * Returns at once; call `stop()` on shutdown.
 */
export const startWorker = (db: Db, options: WorkerOptions = {}): Worker => {
  const runner = new JobRunner(db, options, options.registry);
  const { pollMs, concurrency, stopGraceMs, log, workerId } = runner.opts;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;

  let timerDue = Infinity;
  /** Runs tick() in `ms`, unless one is already due sooner. */
  const schedule = (ms: number) => {
    if (stopped) return;
    const due = Date.now() + ms;
    if (timer && timerDue <= due) return;
    clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(() => {
      timer = undefined;
      timerDue = Infinity;
      void tick();
    }, ms);
    timer.unref?.();
  };

  // Queue upkeep: the jobs this worker claimed since its last vacuum of the table, and that vacuum (one at a time).
  let claimedSinceVacuum = 0;
  let lastVacuumAt = -Infinity;
  let vacuuming: Promise<void> | undefined;
  const claimed = (count: number) => {
    claimedSinceVacuum += count;
    const { vacuumEveryJobs } = runner.opts;
    if (!vacuumEveryJobs || claimedSinceVacuum < vacuumEveryJobs || vacuuming || stopped) return;
    if (performance.now() - lastVacuumAt < VACUUM_MIN_INTERVAL_MS) return;
    claimedSinceVacuum = 0;
    lastVacuumAt = performance.now();
    // SKIP_LOCKED: another process vacuuming it now is enough. Outside any transaction, on a connection of its own.
    vacuuming = db
      .exec('VACUUM (ANALYZE, SKIP_LOCKED) jobs')
      .catch((error: unknown) => log.warn({ err: error, workerId }, 'could not vacuum the jobs table'))
      .finally(() => (vacuuming = undefined));
  };

  /**
   * Runs a claimed job; when it is done, the statement that marks it done also claims work for the slots then free
   * (its own included), which run at once. Only when no such claim was made (failure, retry) does a tick look for work.
   */
  const start = (job: JobRow): void => {
    let asked = 0;
    const run: Promise<void> = runner
      .execute(job, () => (asked = stopped ? 0 : concurrency - inFlight.size + 1))
      .then((next) => {
        inFlight.delete(run);
        if (next?.length) claimed(next.length);
        // Stopped meanwhile: jobs just claimed stay leased to this worker and stop() hands them back with the rest.
        if (next && !stopped) for (const claimed of next) start(claimed);
        if (!stopped && (next === null || (asked > 0 && next.length === asked))) schedule(0); // a slot is free, or maybe more is due
      });
    inFlight.add(run);
  };

  const claimAndRun = async (): Promise<boolean> => {
    const free = concurrency - inFlight.size;
    if (free <= 0) return false;
    const jobs = await runner.claim(free);
    if (jobs.length) claimed(jobs.length);
    for (const job of jobs) start(job);
    return jobs.length === free; // maybe more is due
  };

  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (ticking) return ticking;
    const current = claimAndRun().then(
      (more) => more,
      (error: unknown) => {
        if (!runner.dead) log.error({ err: error, workerId }, 'job worker could not claim jobs');
        return false;
      },
    );
    const done = current.then((more) => {
      if (ticking === done) ticking = undefined;
      schedule(more ? 0 : pollMs);
    });
    ticking = done;
    return done;
  };

  // Housekeeping: finished jobs are deleted after the retention period (dedupe keys are kept forever).
  const retentionMs = options.retentionMs ?? 7 * 86_400_000;
  const purge = retentionMs
    ? setInterval(() => {
        db.query(
          `DELETE FROM jobs WHERE status = 'done' AND dedupe_key IS NULL AND updated_at < clock_timestamp() - ($1::bigint * interval '1 millisecond')`,
          [retentionMs],
        ).catch((error: unknown) => log.warn({ err: error, workerId }, 'could not purge finished jobs'));
      }, 10 * 60_000)
    : undefined;
  purge?.unref?.();

  const worker: Worker = {
    id: workerId,
    get inFlight() {
      return inFlight.size;
    },
    stop: () =>
      (stopping ??= (async () => {
        stopped = true;
        clearTimeout(timer);
        clearInterval(purge);
        await ticking;
        if (inFlight.size) await Promise.race([Promise.allSettled([...inFlight]), sleep(stopGraceMs)]);
        await vacuuming;
        if (!runner.dead) {
          // Jobs still running past the grace period go back to the queue for another process (handlers are idempotent).
          const released = await db
            .query(
              `UPDATE jobs SET status = 'queued', locked_by = NULL, locked_until = NULL, run_at = clock_timestamp(),
                 attempts = GREATEST(attempts - 1, 0), updated_at = clock_timestamp()
               WHERE locked_by = $1 AND status = 'running' RETURNING id`,
              [workerId],
            )
            .catch((error: unknown) => {
              log.error({ err: error, workerId }, 'could not release job leases on stop');
              return [];
            });
          if (released.length) log.info({ workerId, jobs: released.length }, 'job worker released leases of unfinished jobs');
          runner.dead = true; // late completions of abandoned handlers must not write to a closing db
        }
        startedWorkers.delete(worker);
      })()),
    kill: () => {
      stopped = true;
      runner.dead = true;
      clearTimeout(timer);
      clearInterval(purge);
      startedWorkers.delete(worker);
    },
  };
  startedWorkers.add(worker);
  log.debug({ workerId, kinds: runner.kinds() }, 'job worker started');
  schedule(0);
  return worker;
};

/** Stops the given worker, or every worker started in this process. */
const stopWorker = async (worker?: Worker): Promise<void> => {
  if (worker) return worker.stop();
  await Promise.all([...startedWorkers].map((w) => w.stop()));
};

export interface RunDueJobsOptions extends Omit<WorkerOptions, 'concurrency' | 'pollMs' | 'stopGraceMs'> {
  /** Safety stop (default 1 000 jobs). */
  maxJobs?: number;
}

/**
 * Runs due jobs one by one in the calling process until none is due (jobs enqueued by those jobs
 * included, when already due). For tests and scripts: deterministic, no timers. Returns how many ran.
 */
export const runDueJobs = async (db: Db, options: RunDueJobsOptions = {}): Promise<number> => {
  const runner = new JobRunner(db, { ...options, workerId: options.workerId ?? `drain:${process.pid}:${randomBytes(4).toString('hex')}` }, options.registry);
  const maxJobs = options.maxJobs ?? 1_000;
  let ran = 0;
  if (maxJobs < 1) return 0;
  let [job] = await runner.claim(1);
  while (job) {
    // Done and the next one claimed in one statement; after a failure or a retry, a claim of its own.
    const next = await runner.execute(job, () => (ran + 1 < maxJobs ? 1 : 0));
    ran++;
    if (ran >= maxJobs) break;
    [job] = next ?? (await runner.claim(1));
  }
  return ran;
};
