import type { ErrorDetails, ErrorObject } from '@/shared/contract/core';
import { AUTH_ERROR_CODES, type AuthErrorCode } from '@/shared/contract/auth';
import { ERROR_CODES, type ErrorCode } from '@/shared/contract/errors';

/**
 * An expected failure with a stable code, answered as
 * `{ success: false, error: { service, code, message, fields? } }` with `httpStatus`.
 * `service` names the module that refused (api, auth, users, wallet, cards, ...).
 */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly service: string,
    readonly code: string,
    message: string,
    readonly httpStatus: number,
    /** Field path → message, for form errors. */
    readonly fields?: Record<string, string>,
    /** Extra response headers (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
    /** Typed extras of the code (contract `ErrorObject.details`), e.g. `attemptsLeft`. */
    readonly details?: ErrorDetails,
  ) {
    super(message);
  }

  toErrorObject(): ErrorObject {
    return {
      service: this.service,
      code: this.code,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

/** A DomainError for a code of the shared catalogue (`@/shared/contract/errors`): status and service from there. */
export const catalogError = (
  code: ErrorCode,
  message: string,
  extra: { fields?: Record<string, string>; headers?: Record<string, string>; details?: ErrorDetails } = {},
): DomainError => {
  const info = ERROR_CODES[code];
  return new DomainError(info.service, code, message, info.status, extra.fields, extra.headers, extra.details);
};

/**
 * A DomainError for an auth/users code: status and service from the contract's AUTH_ERROR_CODES. Here, beside
 * catalogError, because both the auth and the users module answer these codes (users must not import auth).
 */
export const authError = (
  code: AuthErrorCode,
  message: string,
  extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
): DomainError => {
  const info = AUTH_ERROR_CODES[code];
  return new DomainError(info.service, code, message, info.status, extra.fields, extra.headers);
};

/** Errors of the HTTP layer itself. */
export const httpErrors = {
  validation: (fields: Record<string, string>) =>
    catalogError('VALIDATION_ERROR', 'The request is invalid: check the marked fields.', { fields }),
  unauthorized: (message = 'Sign in required: the access token is missing, invalid or expired.') =>
    catalogError('UNAUTHORIZED', message),
  notFound: (method: string, url: string) => {
    // The path as sent, shortened: a 6 000-character path is not echoed back whole.
    const path = url.split('?')[0]!;
    return catalogError('NOT_FOUND', `No such API route: ${method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path}`);
  },
  internal: () => catalogError('INTERNAL', 'Something went wrong on our side. Please try again later.'),
} as const;
