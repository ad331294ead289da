/**
 * SPEC §8 transport messages and error codes: plain constants, no farfetched import, so the session entity
 * (on the first screen) can read them without pulling the transport (see docs/performance.md "Bundle budget").
 */
import { REQUEST_TIMEOUT_MS } from '../config';

/** `service` of errors made by the client itself (no server error object). */
export const CLIENT_SERVICE = 'client';

/** SPEC §8 transport messages, verbatim. */
export const TRANSPORT_MESSAGES = {
  parse: 'Failed to parse response',
  network: 'Network error occurred',
  authExpired: 'Authentication expired. Please log in again.',
  timeout: `Request timed out after ${REQUEST_TIMEOUT_MS / 1000} seconds`,
  cancelled: 'Request was cancelled',
} as const;

export const ERROR_CODES = {
  /** SPEC §8: a string error body becomes a network error with code UNKNOWN. */
  unknown: 'UNKNOWN',
  http: 'HTTP_ERROR',
  parse: 'PARSE_ERROR',
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  cancelled: 'CANCELLED',
  authExpired: 'AUTH_EXPIRED',
} as const;
