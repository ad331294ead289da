import type { FastifyInstance } from 'fastify';

/**
 * Graceful stop with keep-alive clients (load balancers, browsers): once `app.close()` has begun, answers still in
 * flight carry `Connection: close` and their connection is shut when they end. Without this a connection that was busy
 * when the stop began stays open as idle keep-alive until `keepAliveTimeout`, and `close()` (so the SIGTERM stop of
 * server/main.ts) waits for it.
 */
export const registerGracefulClose = (app: FastifyInstance): void => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) setImmediate(() => app.server.closeIdleConnections?.());
    done();
  });
};
