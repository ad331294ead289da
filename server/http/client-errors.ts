import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ErrorEnvelope } from '@/shared/contract/core';
import { isDiscardingBody } from './body-discard';
import { API_HEADERS } from './headers';
import { API_CSP, securityHeaders } from './security';

/**
 * The security headers of an API answer (helmet's, the API's CSP, the Permissions-Policy), as registerSecurity sets
 * them: also sent on the answers written before Fastify's hooks can run (a request Node's parser refuses, a URL the
 * router cannot decode). tests/server/http-hardening.test.ts checks an ordinary API answer carries exactly these.
 */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = securityHeaders(API_CSP);

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

/** The requests Node handed over on each socket so far: how many, and the latest (keep-alive sockets carry several). */
const requestsOn = new WeakMap<Socket, { count: number; latest: IncomingMessage }>();

/**
 * Counts the requests of each socket (registered by buildApp), so that a request timeout can be told apart from a
 * request that arrived whole while this process was busy (see handleClientError).
 */
export const trackRequests = (server: Server): void => {
  server.prependListener('request', (request: IncomingMessage) => {
    const seen = requestsOn.get(request.socket);
    requestsOn.set(request.socket, { count: (seen?.count ?? 0) + 1, latest: request });
  });
};

/** Writes the envelope answer straight on the socket and closes it (its framing can't be trusted). */
const answerOnSocket = (socket: Socket, status: number, code: string, message: string): void => {
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
};

/**
 * Node's request timeout, checked again once the socket's pending bytes are read. Node checks the timeouts on a timer,
 * and after the event loop was held by our own work (a burst of requests, the embedded database's statements) that
 * timer runs before the sockets are read: a request whose last bytes had arrived and were waiting to be read counted
 * as late, and 1 000 concurrent requests got hundreds of 408s. setImmediate runs after the loop's poll phase has read
 * what arrived: a request that is now complete arrived whole and is answered normally (Node has handed it to the
 * server); one still incomplete really is late: 408.
 */
const onRequestTimeout = (socket: Socket, answer: () => void): void => {
  const before = requestsOn.get(socket);
  const countBefore = before?.count ?? 0;
  const latestWasIncomplete = before !== undefined && !before.latest.complete;
  setImmediate(() => {
    if (socket.destroyed) return;
    const now = requestsOn.get(socket);
    const arrivedWhole =
      now !== undefined && (now.count > countBefore ? now.latest.complete : latestWasIncomplete && now.latest.complete);
    if (!arrivedWhole) answer();
  });
};

/**
 * Fastify's `clientErrorHandler`: the answer to a request Node refused while parsing it (oversized headers or URL,
 * invalid characters such as NUL in a header, broken framing, a request that did not arrive within the timeouts).
 * The error envelope with the usual security headers, then the connection is closed (its framing can't be trusted).
 */
function handleClientError(this: { log: { debug: (obj: object, msg: string) => void } }, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'client error');
  // The answer went out already; what is late is the refused body we were discarding (body-discard.ts).
  if (isDiscardingBody(socket)) return void socket.destroy();
  const { status, code, message } = clientErrorAnswer(error);
  if (!socket.writable) return void socket.destroy(error);
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return onRequestTimeout(socket, () => answerOnSocket(socket, status, code, message));
  answerOnSocket(socket, status, code, message);
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (malformed percent-escape) or a path parameter longer
 * than `maxParamLength`. Answered here because the route's hooks (security headers, request id) have not run.
 */
const handleFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
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

/** The longest request target (path and query) answered: the API's longest URLs (a cursor and filters) are ~400. */
export const MAX_URL_LENGTH = 2048;
/** The longest path segment: a file name can't be longer (NAME_MAX), the API's ids are at most 64. */
const MAX_PATH_SEGMENT_LENGTH = 255;

/**
 * A path no route or file can match, answered before routing: longer than MAX_URL_LENGTH, or a segment over
 * MAX_PATH_SEGMENT_LENGTH → 414 URI_TOO_LONG in the envelope. Without it a 6 000-character path reached the static
 * files, whose lookup refused it with a bare "Forbidden".
 */
export const registerUrlLimits = (app: FastifyInstance): void => {
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const path = url.split('?')[0]!;
    if (url.length <= MAX_URL_LENGTH && path.split('/').every((segment) => segment.length <= MAX_PATH_SEGMENT_LENGTH)) return done();
    request.log.info({ length: url.length }, 'request refused: URL too long');
    // Answered here: `done` is not called, so nothing after this hook runs.
    reply
      .code(414)
      .headers(BASE_SECURITY_HEADERS) // the security headers' onRequest hook does not run after this one answered
      .type('application/json; charset=utf-8')
      .send(envelope('URI_TOO_LONG', 'The request path is too long.'));
  });
};
