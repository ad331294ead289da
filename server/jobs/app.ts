import type { FastifyInstance } from 'fastify';
import { jobsSection, loadSection, type JobsSettings } from '../config';
import type { Db } from '../db/db';
import { JobRegistry } from './registry';
import { startWorker, type Worker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Job handlers of this app's modules (see appJobRegistry). */
    jobRegistry: JobRegistry;
  }
}

/**
 * The app's own job registry, created on first use. Modules register handlers that close over the
 * app's adapters and clock here; the app's worker looks here first, then in the default registry.
 */
export const appJobRegistry = (app: FastifyInstance): JobRegistry => {
  if (!app.hasDecorator('jobRegistry')) app.decorate('jobRegistry', new JobRegistry());
  return app.jobRegistry;
};

type Env = Record<string, string | undefined>;

export type WorkerEnvOptions = JobsSettings;

/** The jobs section alone from an environment (tests); the server receives `config.jobs` from loadConfig. */
export const workerOptionsFromEnv = (env: Env): WorkerEnvOptions => loadSection(jobsSection, env, undefined, (message) => new Error(message));

/** Starts this process's worker for the app (startServer), or null when JOBS_WORKER=off. */
export const startAppWorker = (app: FastifyInstance, db: Db, settings: JobsSettings): Worker | null => {
  const { enabled, ...options } = settings;
  if (!enabled) return null;
  return startWorker(db, { ...options, registry: appJobRegistry(app), log: app.log });
};
