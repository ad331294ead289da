/**
 * Background jobs: a PostgreSQL table worked by every server process (docs/server.md "Cards and jobs").
 * Enqueue inside your own transaction; register an idempotent handler per kind.
 */
export { appJobRegistry, startAppWorker, workerOptionsFromEnv } from './app';
export { DEFAULT_MAX_ATTEMPTS, enqueueJob, enqueueJobStatement, getJob, listJobs } from './enqueue';
export type { EnqueueJobOptions, EnqueuedJob, JobRecord, JobStatus } from './enqueue';
export { defaultJobRegistry, JobRegistry, PermanentJobError, registerJobHandler, RetryAfterError } from './registry';
export type { JobContext, JobFailureHook, JobHandler, JobHandlerOptions, JobLogger } from './registry';
export { defaultBackoffMs, runDueJobs, startWorker, stopWorker } from './worker';
export type { RunDueJobsOptions, Worker, WorkerOptions } from './worker';
