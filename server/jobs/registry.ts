import type { Db, Queryable } from '../db/db';

/** The part of a pino/Fastify logger the jobs module uses. */
export interface JobLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What a handler gets besides its payload. */
export interface JobContext {
  /** The worker's database; handlers open their own transactions on it (`ctx.db.tx(...)`). */
  db: Db;
  jobId: number;
  kind: string;
  /** 1 on the first run; a run after an expired lease counts as a new attempt. */
  attempt: number;
  maxAttempts: number;
  workerId: string;
  log: JobLogger;
}

/**
 * Runs one job. MUST be idempotent: it may run more than once for the same job (a process can die after
 * the handler's own transaction committed but before the job was marked done). Check state before
 * acting, and give money movements idempotency keys derived from the payload.
 * Throwing = this attempt failed: retried with backoff until `max_attempts`, then the failure hook runs.
 */
export type JobHandler<P = any> = (payload: P, ctx: JobContext) => Promise<void> | void;

/**
 * Runs once when a job has failed for good (attempts exhausted or a PermanentJobError), inside the
 * same transaction that marks the job 'failed' (`q`): compensate here (refund, mark the record failed).
 * If it throws, the job is NOT marked failed; the hook is tried again later with backoff.
 */
type JobFailureHook<P = any> = (q: Queryable, payload: P, ctx: JobContext & { error: string }) => Promise<void> | void;

export interface JobHandlerOptions<P = any> {
  onFailure?: JobFailureHook<P>;
  /** Delay before retry number `attempt + 1`; default exponential from the worker's backoff options. */
  backoffMs?: (attempt: number) => number;
}

export interface RegisteredJobHandler<P = any> extends JobHandlerOptions<P> {
  kind: string;
  handler: JobHandler<P>;
}

/**
 * Thrown by a handler when the outside world said when to try again (an HTTP 429 with Retry-After): the next attempt
 * runs after `delayMs` instead of the usual backoff (still within max_attempts), at most the worker's longest backoff
 * (JOBS_BACKOFF_MAX_MS): a service asking for days is retried in minutes.
 */
export class RetryAfterError extends Error {
  override name = 'RetryAfterError';
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

/** Thrown by a handler when retrying cannot help: the job goes straight to 'failed' (and its hook). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Kind → handler. A worker claims only the kinds it has handlers for; other kinds wait for a process that has. */
export class JobRegistry {
  private readonly handlers = new Map<string, RegisteredJobHandler>();

  /** Registers (or replaces) the handler of `kind`. */
  register<P>(kind: string, handler: JobHandler<P>, options: JobHandlerOptions<P> = {}): void {
    if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(kind)) throw new Error(`Invalid job kind "${kind}"`);
    this.handlers.set(kind, { kind, handler, ...options });
  }

  get(kind: string): RegisteredJobHandler | undefined {
    return this.handlers.get(kind);
  }

  kinds(): string[] {
    return [...this.handlers.keys()];
  }
}

/**
 * The process-wide registry (the agreed `registerJobHandler(kind, handler)`). Handlers that close over
 * per-app objects (adapters, clocks) should rather go into the app's own registry (`appJobs(app)`), so
 * two apps in one process (tests) never run each other's handlers; a worker looks there first.
 */
export const defaultJobRegistry = new JobRegistry();

export const registerJobHandler = <P>(
  kind: string,
  handler: JobHandler<P>,
  options: JobHandlerOptions<P> & { registry?: JobRegistry } = {},
): void => {
  const { registry = defaultJobRegistry, ...rest } = options;
  registry.register(kind, handler, rest);
};
