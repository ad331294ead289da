import { OPS_ERROR_CODES, type OpsErrorCode } from '@/shared/contract/ops/errors';
import type { ErrorDetails } from '@/shared/contract/core';
import { DomainError } from '../../http/errors';

/** A refusal of the operator side: status from the contract's OPS_ERROR_CODES, service `ops`. */
export const opsError = (code: OpsErrorCode, message: string, extra: { details?: ErrorDetails; fields?: Record<string, string> } = {}): DomainError =>
  new DomainError('ops', code, message, OPS_ERROR_CODES[code].status, extra.fields, undefined, extra.details);
