/**
 * POST /api/client-errors (issue #33, docs/edge.md "Client errors"): the app's uncaught errors, counted in the metrics
 * (`client_errors_total{kind}`) and logged at `warn` without personal data. Anyone may call it (errors happen signed
 * out too): its own limit per client address (CLIENT_ERRORS_PER_MINUTE = 10, counted like the global one, across processes on
 * PostgreSQL) keeps a loop of errors or a flood from filling the logs; beyond it 429 RATE_LIMITED.
 */
import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import { clientErrorsReport, type ClientErrorReport } from '@/shared/contract';
import { catalogError } from '../../http/errors';
import { route } from '../../http/route';
import { defineModule } from '../module';
import { scrubPersonalData } from './scrub';

export { scrubPersonalData } from './scrub';

/** Reports accepted per client address and minute. */
export const CLIENT_ERRORS_PER_MINUTE = 10;

const registerClientErrors = (app: FastifyInstance): void => {
  const reported = new Counter({
    name: 'client_errors_total',
    help: 'Errors reported by the app from the browser (POST /api/client-errors), by kind',
    labelNames: ['kind'] as const,
    registers: [app.metrics],
  });
  // The plugin's own limiter and store (shared across processes on PostgreSQL), with keys of this endpoint's own.
  const limit = app.createRateLimit({ max: CLIENT_ERRORS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request) => `client-errors:${request.ip}` });
  route(app, clientErrorsReport, async ({ body, request, reply }) => {
    const verdict = await limit(request);
    if (!verdict.isAllowed && verdict.isExceeded) {
      reply.header('retry-after', String(verdict.ttlInSeconds));
      throw catalogError('RATE_LIMITED', 'Too many error reports. Please try again later.');
    }
    reported.inc({ kind: body.kind });
    request.log.warn({ clientError: scrubReport(body) }, 'error reported by the app');
    return { accepted: true as const };
  });
};

const scrubReport = (report: ClientErrorReport): ClientErrorReport => ({
  ...report,
  message: scrubPersonalData(report.message),
  ...(report.stack !== undefined ? { stack: scrubPersonalData(report.stack) } : {}),
  ...(report.route !== undefined ? { route: scrubPersonalData(report.route) } : {}),
});

export const clientErrorsModule = defineModule({ name: 'client-errors', register: (app) => registerClientErrors(app) });
