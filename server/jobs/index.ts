/**
 * Background jobs: a PostgreSQL table worked by every server process (docs/server.md "Jobs").
 * Enqueue inside your own transaction; register an idempotent handler per kind.
 */
export { appJobRegistry, startAppWorker, workerOptionsFromEnv } from './app';
export { enqueueJob, enqueueJobStatement, getJob, listJobs } from './enqueue';
export { JobRegistry, PermanentJobError, registerJobHandler, RetryAfterError } from './registry';
export type { JobContext, JobLogger } from './registry';
export { jobClaimStatement, runDueJobs, startWorker } from './worker';
export type { Worker, WorkerOptions } from './worker';
