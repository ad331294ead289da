import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { API_HEADERS, requestHeader } from './headers';

/** Values never written to logs. */
const REDACTED_PATHS = [
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
  '*.passcode',
  '*.currentPasscode',
  '*.biometricToken',
];

/** An incoming X-Request-Id is kept only when it is a short token of these characters; anything else gets a fresh UUID. */
const REQUEST_ID = /^[A-Za-z0-9._:~+=-]{1,128}$/;

/**
 * pino logger with redaction, and request ids. `requestIdHeader: false`: Fastify itself never copies the header
 * (it would take any value), so genReqId's check is the only way an incoming X-Request-Id becomes the id.
 */
export const loggingOptions = (level: string): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader'> => ({
  logger: { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
  requestIdHeader: false,
  genReqId: (request) => {
    const incoming = requestHeader(request, API_HEADERS.requestId);
    return incoming !== undefined && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  },
});
