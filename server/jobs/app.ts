import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { JobRegistry } from './registry';
import { startWorker, type Worker, type WorkerOptions } from './worker';

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

const intFrom = (env: Env, name: string, min: number, max: number): number | undefined => {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer ${min}..${max}, got "${raw}"`);
  return n;
};

export interface WorkerEnvOptions extends WorkerOptions {
  /** JOBS_WORKER=off: this process enqueues but runs no jobs (another process must). */
  enabled: boolean;
}

/** Worker settings from the environment (docs/server.md "Cards and jobs"). */
export const workerOptionsFromEnv = (env: Env): WorkerEnvOptions => {
  const flag = env.JOBS_WORKER?.trim().toLowerCase();
  if (flag && !['on', 'off', 'true', 'false', '1', '0'].includes(flag)) throw new Error(`JOBS_WORKER must be on or off, got "${flag}"`);
  const options: WorkerEnvOptions = { enabled: !flag || ['on', 'true', '1'].includes(flag) };
  const set = (key: keyof WorkerOptions, value: number | undefined) => {
    if (value !== undefined) (options as unknown as Record<string, number>)[key] = value;
  };
  set('pollMs', intFrom(env, 'JOBS_POLL_MS', 10, 60_000));
  set('leaseMs', intFrom(env, 'JOBS_LEASE_MS', 300, 3_600_000));
  set('concurrency', intFrom(env, 'JOBS_CONCURRENCY', 1, 256));
  set('backoffBaseMs', intFrom(env, 'JOBS_BACKOFF_BASE_MS', 0, 3_600_000));
  set('backoffMaxMs', intFrom(env, 'JOBS_BACKOFF_MAX_MS', 0, 86_400_000));
  return options;
};

/** Starts this process's worker for the app (startServer), or null when JOBS_WORKER=off. */
export const startAppWorker = (app: FastifyInstance, db: Db, env: Env): Worker | null => {
  const { enabled, ...options } = workerOptionsFromEnv(env);
  if (!enabled) return null;
  return startWorker(db, { ...options, registry: appJobRegistry(app), log: app.log });
};
