import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { DomainError } from '../../http/errors';

/** Liveness (the process answers) and readiness (the database answers); never refused by the rate limiter (probes). */
export const registerHealthRoutes = (app: FastifyInstance, db: Db): void => {
  const probe = { config: { rateLimit: false } } as const;
  app.get('/api/health', probe, async () => ({ success: true, data: { status: 'ok' } }));
  app.get('/api/ready', probe, async (request) => {
    try {
      await db.query('SELECT 1');
    } catch (error) {
      request.log.error({ err: error }, 'database ping failed');
      throw new DomainError('api', 'NOT_READY', 'The database is not reachable.', 503);
    }
    return { success: true, data: { status: 'ready', database: db.kind } };
  });
};
