import type { FastifyInstance } from 'fastify';
import { BASE_SECURITY_HEADERS } from './client-errors';
import { sendError } from './error-handler';
import { catalogError } from './errors';
import { METRICS_PATH } from './metrics';

/** Always answered, whatever the load: liveness and the scrape that shows the load. */
const NEVER_SHED = new Set(['/api/health', METRICS_PATH]);

/**
 * Real overload is answered, not queued without end (docs/edge.md "What is bounded"): at most `maxInFlight` requests
 * are worked on at once (each counted from its arrival until its answer is sent or its connection closes); one more is
 * answered at once with 503 SERVICE_OVERLOADED and `Retry-After` in the envelope. A request the server took is never
 * timed out for waiting behind the others (client-errors.ts: a request that arrived whole is not a 408).
 */
export const registerOverloadShedding = (app: FastifyInstance, { maxInFlight, retryAfterSeconds }: { maxInFlight: number; retryAfterSeconds: number }): void => {
  let inFlight = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (NEVER_SHED.has(request.url.split('?')[0]!)) return done();
    if (inFlight >= maxInFlight) {
      request.log.warn({ inFlight }, 'overloaded: request turned away');
      // Answered here: `done` is not called, so nothing after this hook runs.
      sendError(
        reply.headers(BASE_SECURITY_HEADERS), // the security headers' onRequest hook does not run after this one answered
        catalogError('SERVICE_OVERLOADED', 'The service is busy right now. Please try again in a moment.', {
          headers: { 'retry-after': String(retryAfterSeconds) },
        }),
      );
      return;
    }
    inFlight++;
    // 'close' fires once per response: sent, or its connection gone before that.
    reply.raw.once('close', () => inFlight--);
    done();
  });
};
