import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ErrorEnvelope } from '@/shared/contract/core';
import { API_HEADERS } from './headers';
import { API_CSP, PERMISSIONS_POLICY } from './security';

/**
 * The headers helmet puts on every answer (with the options of registerSecurity) plus the API's CSP: also sent on the
 * answers written before Fastify's hooks can run (a request Node's parser refuses, a URL the router cannot decode).
 * tests/server/http-errors.test.ts compares them with what helmet sends, so the two stay the same.
 */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': API_CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': PERMISSIONS_POLICY,
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const envelope = (code: string, message: string): string =>
  JSON.stringify({ success: false, error: { service: 'api', code, message } } satisfies ErrorEnvelope);

/** What Node's HTTP parser refuses before a request exists, as status + code + message. */
const clientErrorAnswer = (error: NodeJS.ErrnoException): { status: number; code: string; message: string } => {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'HEADERS_TOO_LARGE', message: 'The request line or headers are too large (at most 16 KB together).' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'REQUEST_TIMEOUT', message: 'The request was not received in time.' };
    default:
      return { status: 400, code: 'BAD_REQUEST', message: 'The request is not valid HTTP.' };
  }
};

/**
 * Fastify's `clientErrorHandler`: the answer to a request Node refused while parsing it (oversized headers or URL,
 * invalid characters such as NUL in a header, broken framing, a request that did not arrive within the timeouts).
 * The error envelope with the usual security headers, then the connection is closed (its framing can't be trusted).
 */
export function handleClientError(this: { log: { debug: (obj: object, msg: string) => void } }, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'client error');
  const { status, code, message } = clientErrorAnswer(error);
  if (socket.writable) {
    const body = envelope(code, message);
    const headers = {
      ...BASE_SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n\r\n${body}`);
    // A client that never reads its answer must not keep the socket.
    setTimeout(() => socket.destroy(), 1000).unref();
    return;
  }
  socket.destroy(error);
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (malformed percent-escape) or a path parameter longer
 * than `maxParamLength`. Answered here because the route's hooks (helmet, CSP, request id) have not run.
 */
export const handleFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
  const [status, code, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, 'URI_TOO_LONG', 'A part of the request path is too long.']
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, 'BAD_URL', 'The request path is not a valid URL (malformed percent-escape).']
        : [400, 'BAD_REQUEST', 'The request could not be routed.'];
  request.log.info({ code, status }, 'request refused');
  return reply
    .code(status)
    .headers({ ...BASE_SECURITY_HEADERS, [API_HEADERS.requestId]: request.id })
    .type('application/json; charset=utf-8')
    .send(envelope(code, message));
};

export const clientErrorOptions: Pick<FastifyServerOptions, 'clientErrorHandler' | 'frameworkErrors'> = {
  clientErrorHandler: handleClientError,
  frameworkErrors: handleFrameworkError,
};
