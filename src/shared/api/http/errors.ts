/**
 * ApiError: the one error shape every call rejects with (SPEC §8).
 *
 * Each kind is built on top of the matching farfetched error object, so farfetched's guards recognise it:
 *   kind 'http' and 'auth-expired'  → httpError(...)        → isHttpError / isHttpErrorCode(401) match
 *   kind 'network'                  → networkError(...)     → isNetworkError matches
 *   kind 'timeout'                  → timeoutError(...)     → isTimeoutError matches
 *   kind 'parse'                    → preparationError(...) → isPreparationError matches
 * On top of that every error carries `service`, `code` and `message` (the SPEC error object) and, when the
 * server answered, its HTTP `status` (also on a 'network' error built from a string error body).
 */
import {
  httpError,
  networkError,
  preparationError,
  timeoutError,
  type HttpError,
  type Json,
  type NetworkError,
  type PreparationError,
  type TimeoutError,
} from '@farfetched/core';
import type { ErrorDetails } from '@/shared/contract';
import { REQUEST_TIMEOUT_MS } from '../config';
import { CLIENT_SERVICE, ERROR_CODES, TRANSPORT_MESSAGES } from './messages';

type ApiErrorKind = 'http' | 'network' | 'parse' | 'timeout' | 'auth-expired';

interface ApiErrorFields {
  kind: ApiErrorKind;
  /** HTTP status when the server answered. */
  status?: number;
  /** Server module that produced the error (`service` / `serviceName`), or "client" for transport errors. */
  service: string;
  code: string;
  /** Technical English message (SPEC §8 wording). For UI text use `toErrorMessage` (i18n keys). */
  message: string;
  /** Field-level problems of a rejected request (path → message), when the server sends them. */
  fields?: Record<string, string>;
  /** Typed extras of the code (contract `ErrorObject.details`), e.g. `attemptsLeft` on INVALID_ACTIVATION_CODE. */
  details?: ErrorDetails;
}

export type ApiHttpError = ApiErrorFields & HttpError & { kind: 'http'; status: number };
export type ApiAuthExpiredError = ApiErrorFields & HttpError & { kind: 'auth-expired'; status: 401 };
export type ApiNetworkError = ApiErrorFields & NetworkError & { kind: 'network' };
export type ApiParseError = ApiErrorFields & PreparationError & { kind: 'parse' };
export type ApiTimeoutError = ApiErrorFields & TimeoutError & { kind: 'timeout' };
export type ApiError = ApiHttpError | ApiAuthExpiredError | ApiNetworkError | ApiParseError | ApiTimeoutError;

export { CLIENT_SERVICE, ERROR_CODES } from './messages';

/** Non-OK answer carrying the server error object. */
export function serverError(config: {
  status: number;
  statusText: string;
  response: Json | null;
  service: string;
  code: string;
  message: string;
  fields?: Record<string, string>;
  details?: ErrorDetails;
}): ApiHttpError {
  const { status, statusText, response, ...rest } = config;
  return { ...httpError({ status, statusText, response }), status, kind: 'http', ...rest };
}

/** Non-OK answer without a usable error object: "HTTP {status}: {statusText}". */
export function httpStatusError(status: number, statusText: string, response: Json | null): ApiHttpError {
  return {
    ...httpError({ status, statusText, response }),
    status,
    kind: 'http',
    service: CLIENT_SERVICE,
    code: ERROR_CODES.http,
    message: `HTTP ${status}: ${statusText}`,
  };
}

/** Non-OK answer whose `error` is a plain string: a network error with code UNKNOWN (SPEC §8). */
export function stringBodyError(status: number, message: string): ApiNetworkError {
  return {
    ...networkError({ reason: message }),
    kind: 'network',
    status,
    service: CLIENT_SERVICE,
    code: ERROR_CODES.unknown,
    message,
  };
}

/** fetch() itself failed (offline, DNS, CORS, connection reset). */
export function fetchFailedError(cause: unknown): ApiNetworkError {
  return {
    ...networkError({ reason: cause instanceof Error ? cause.message : null, cause }),
    kind: 'network',
    service: CLIENT_SERVICE,
    code: ERROR_CODES.network,
    message: TRANSPORT_MESSAGES.network,
  };
}

/** The caller aborted the request (its AbortSignal fired). */
export function cancelledError(): ApiNetworkError {
  return {
    ...networkError({ reason: 'aborted by the caller' }),
    kind: 'network',
    service: CLIENT_SERVICE,
    code: ERROR_CODES.cancelled,
    message: TRANSPORT_MESSAGES.cancelled,
  };
}

/**
 * The body is not JSON, not an envelope, has undefined data, or data does not match the endpoint's
 * response schema. `reason` says which; the raw body is NOT kept (it may hold tokens).
 */
export function parseError(reason: string, status?: number): ApiParseError {
  return {
    ...preparationError({ response: '', reason }),
    kind: 'parse',
    ...(status === undefined ? {} : { status }),
    service: CLIENT_SERVICE,
    code: ERROR_CODES.parse,
    message: TRANSPORT_MESSAGES.parse,
  };
}

export function requestTimeoutError(): ApiTimeoutError {
  return {
    ...timeoutError({ timeout: REQUEST_TIMEOUT_MS }),
    kind: 'timeout',
    service: CLIENT_SERVICE,
    code: ERROR_CODES.timeout,
    message: TRANSPORT_MESSAGES.timeout,
  };
}

/** SPEC §4: refresh failed (or was impossible, or the retried call got 401 again). */
export function authExpiredError(): ApiAuthExpiredError {
  return {
    ...httpError({ status: 401, statusText: 'Unauthorized', response: null }),
    status: 401,
    kind: 'auth-expired',
    service: CLIENT_SERVICE,
    code: ERROR_CODES.authExpired,
    message: TRANSPORT_MESSAGES.authExpired,
  };
}

const KINDS: ReadonlySet<unknown> = new Set<ApiErrorKind>(['http', 'network', 'parse', 'timeout', 'auth-expired']);

export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const error = value as Record<string, unknown>;
  return KINDS.has(error.kind) && typeof error.message === 'string' && typeof error.code === 'string';
}

/** SPEC §9: an error with an HTTP status from 400 to 499 is the caller's fault; retrying cannot help. */
export function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status <= 499;
}

/**
 * The call may have taken effect on the server without the client knowing: no answer in time, the connection
 * dropped, a 5xx (a proxy's or the server's), or an answer that could not be read. A money-moving call is safe
 * to send again only with the SAME Idempotency-Key.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'timeout' || error.kind === 'parse') return true;
  if (error.kind === 'network') return error.code === ERROR_CODES.network;
  return typeof error.status === 'number' && error.status >= 500;
}

/** A call rejected because the access token was not accepted (401), before any refresh. */
export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.kind !== 'auth-expired' && error.status === 401;
}
