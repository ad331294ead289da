import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '@/shared/contract/core';
import type { ProtocolErrorCode } from '@/shared/contract/errors';
import { isDatabaseConnectionError } from '../db/postgres';
import { catalogError, DomainError, httpErrors, isDomainError } from './errors';

/** Fastify's own request errors, mapped to stable codes and plain messages. */
const FRAMEWORK_ERRORS: Record<string, { code: ProtocolErrorCode; status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_JSON', status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'MALFORMED_JSON',
    status: 400,
    message: 'The request says it carries JSON but the body is empty.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    status: 415,
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    status: 400,
    message: 'The Content-Length header does not match the body.',
  },
};

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && ('code' in error || 'statusCode' in error);

/** Any thrown value → a DomainError that is safe to show (unknown errors become 500 INTERNAL). */
const toDomainError = (error: unknown): DomainError => {
  if (isDomainError(error)) return error;
  if (isDatabaseConnectionError(error)) {
    return catalogError('DATABASE_UNAVAILABLE', 'The service is briefly unavailable. Please try again in a moment.', {
      headers: { 'retry-after': '1' },
    });
  }
  if (isFastifyError(error)) {
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return new DomainError('api', known.code, known.message, known.status);
    const status = error.statusCode ?? 500;
    // The static files refusing a path (a dot file, a path escaping the folder, a name too long): no such file.
    if (status === 403 || status === 404) return catalogError('NOT_FOUND', 'No such file.');
    if (status === 429) return catalogError('RATE_LIMITED', 'Too many requests. Please slow down and try again shortly.');
    if (status >= 400 && status < 500) return new DomainError('api', 'BAD_REQUEST', error.message, status);
  }
  return httpErrors.internal();
};

export const sendError = (reply: FastifyReply, error: DomainError): FastifyReply => {
  const body: ErrorEnvelope = { success: false, error: error.toErrorObject() };
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.httpStatus).type('application/json; charset=utf-8').send(body);
};

/**
 * Every failure answers the envelope `{ success: false, error: { service, code, message, fields? } }`.
 * `notFound` handles unknown routes (the static-files module may answer non-API GETs first).
 */
export const installErrorHandling = (
  app: FastifyInstance,
  notFound: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply> = (request, reply) =>
    sendError(reply, httpErrors.notFound(request.method, request.url)),
): void => {
  app.setErrorHandler((error: unknown, request, reply) => {
    const domainError = toDomainError(error);
    if (domainError.code === 'DATABASE_UNAVAILABLE') request.log.warn({ err: error }, 'database unavailable');
    else if (domainError.httpStatus >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: domainError.code, status: domainError.httpStatus }, 'request refused');
    return sendError(reply, domainError);
  });
  app.setNotFoundHandler(notFound);
};
