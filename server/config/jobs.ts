/** Background job worker settings (docs/server.md "Jobs"). */
import type { WorkerOptions } from '../jobs/worker';
import { defineSection } from './section';
import { Invalid, v, variable } from './vars';

export interface JobsSettings extends WorkerOptions {
  /** JOBS_WORKER=off: this process enqueues but runs no jobs (another process must). */
  enabled: boolean;
}

export const jobsSection = defineSection(
  {
    JOBS_WORKER: variable({ default: 'on', doc: '`off`: this process enqueues but runs no jobs (another process must)' }, (raw) => {
      const flag = raw?.toLowerCase();
      if (flag && !['on', 'off', 'true', 'false', '1', '0'].includes(flag)) throw new Invalid(`must be on or off, got "${flag}"`);
      return !flag || ['on', 'true', '1'].includes(flag);
    }),
    JOBS_POLL_MS: v.int(undefined, 10, 60_000, { default: '250', doc: 'idle polling interval (a finished job triggers the next claim at once)' }),
    JOBS_LEASE_MS: v.int(undefined, 300, 3_600_000, { default: '30000', doc: 'lease of a claimed job; a dead process\'s jobs are reclaimed after it' }),
    JOBS_CONCURRENCY: v.int(undefined, 1, 256, { default: '4', doc: 'jobs run at the same time per process' }),
    JOBS_BACKOFF_BASE_MS: v.int(undefined, 0, 3_600_000, { default: '1000', doc: 'first retry delay (doubles per attempt)' }),
    JOBS_BACKOFF_MAX_MS: v.int(undefined, 0, 86_400_000, { default: '300000', doc: 'longest retry delay, also the ceiling of a Retry-After an outside service asks for (the Bot API\'s `retry_after`)' }),
    JOBS_VACUUM_EVERY: v.int(undefined, 0, 10_000_000, { default: '1000', doc: 'VACUUM (and ANALYZE) the jobs table after this many jobs claimed by the process, at most once a second (`0`: never; the role must own `jobs`)' }),
  },
  (values): JobsSettings => {
    // Unset values are left out: the worker's own defaults (server/jobs/worker.ts) apply.
    const settings: JobsSettings = { enabled: values.JOBS_WORKER };
    const set = <K extends keyof WorkerOptions>(key: K, value: WorkerOptions[K] | undefined) => {
      if (value !== undefined) settings[key] = value as JobsSettings[K];
    };
    set('pollMs', values.JOBS_POLL_MS);
    set('leaseMs', values.JOBS_LEASE_MS);
    set('concurrency', values.JOBS_CONCURRENCY);
    set('backoffBaseMs', values.JOBS_BACKOFF_BASE_MS);
    set('backoffMaxMs', values.JOBS_BACKOFF_MAX_MS);
    set('vacuumEveryJobs', values.JOBS_VACUUM_EVERY);
    return settings;
  },
);
