import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../http/errors';
import { defineModule, type ModuleDeps } from '../module';

/**
 * Liveness (the process answers) and readiness (the database answers); never refused by the rate limiter (probes).
 * Readiness also tells how long ago each watcher of an outside service (the USDT deposit watcher) last polled it
 * successfully, in seconds (null: not yet in this process): a detail for the operator, not a condition — a stalled
 * upstream must not take the API out of service.
 */
const registerHealthRoutes = (app: FastifyInstance, { db, monitor }: Pick<ModuleDeps, 'db' | 'monitor'>): void => {
  const probe = { config: { rateLimit: false } } as const;
  app.get('/api/health', probe, async () => ({ success: true, data: { status: 'ok' } }));
  app.get('/api/ready', probe, async (request) => {
    try {
      await db.query('SELECT 1');
    } catch (error) {
      request.log.error({ err: error }, 'database ping failed');
      throw new DomainError('api', 'NOT_READY', 'The database is not reachable.', 503);
    }
    const watchers = Object.fromEntries(Object.entries(monitor.watcherAges()).map(([name, age]) => [name, { lastSuccessAgeSeconds: age }]));
    return { success: true, data: { status: 'ready', database: db.kind, watchers } };
  });
};

/** GET /api/health (liveness) and /api/ready (the database answers; the watchers' last successful polls as details). */
export const healthModule = defineModule({ name: 'health', register: registerHealthRoutes });
