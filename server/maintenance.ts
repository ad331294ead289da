/**
 * Housekeeping every server process runs on a timer: purging Idempotency-Key records past their retention, and
 * enqueueing the day's reconciliation (once per UTC day across processes: its job has a dedupe key, docs/ops.md).
 * Several processes doing it at once is harmless (a row is deleted once; the others skip it).
 */
import type { FastifyBaseLogger } from 'fastify';
import { addSeconds, type Clock } from './clock';
import type { Db } from './db/db';
import { purgeIdempotencyKeys } from './http/idempotency';
import { scheduleDailyReconciliation } from './modules/ops';

export interface Maintenance {
  /** One pass now (also what the timer runs). */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

export const startMaintenance = (
  db: Db,
  clock: Clock,
  { retentionHours, everyMs = 60 * 60 * 1000, firstAfterMs = 60 * 1000 }: { retentionHours: number; everyMs?: number; firstAfterMs?: number },
  log: FastifyBaseLogger,
): Maintenance => {
  let running: Promise<void> | null = null;
  const runOnce = () =>
    (running ??= (async () => {
      try {
        const purged = await purgeIdempotencyKeys(db, addSeconds(clock.now(), -retentionHours * 3600));
        if (purged > 0) log.info({ purged }, 'purged old idempotency keys');
        await scheduleDailyReconciliation(db, clock);
      } catch (error) {
        log.warn({ err: error }, 'maintenance pass failed; retrying at the next one');
      } finally {
        running = null;
      }
    })());
  const first = setTimeout(() => void runOnce(), firstAfterMs);
  const timer = setInterval(() => void runOnce(), everyMs);
  first.unref();
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
};
