import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

/** Values never written to logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-telegram-init-data"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-telegram-init-data"]',
  'body.code',
  'body.refreshToken',
  '*.accessToken',
  '*.refreshToken',
  '*.token',
  '*.password',
  '*.initData',
];

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** pino logger with redaction, and request ids (an incoming X-Request-Id is kept when it looks sane). */
export const loggingOptions = (level: string): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader'> => ({
  logger: { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
  requestIdHeader: 'x-request-id',
  genReqId: (request) => {
    const incoming = request.headers['x-request-id'];
    return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  },
});
