import { AUTH_ERROR_CODES, type AuthErrorCode } from '@/shared/contract/auth';
import { DomainError } from '../../http/errors';

/** A DomainError for an auth/users code: status and service come from the contract's AUTH_ERROR_CODES. */
export const authError = (
  code: AuthErrorCode,
  message: string,
  extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
): DomainError => {
  const info = AUTH_ERROR_CODES[code];
  return new DomainError(info.service, code, message, info.status, extra.fields, extra.headers);
};
