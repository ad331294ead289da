/**
 * Turns an HTTP reply into the endpoint's data or an ApiError, exactly per SPEC §8:
 *  - non-OK: the server error object when it has `serviceName` (SPEC wording) or `service` (our server's
 *    field) and `message`; else a string `error` → network error with code UNKNOWN;
 *    else "HTTP {status}: {statusText}".
 *  - OK: `{ success: true, data }` with data matching the endpoint's response schema; anything else
 *    (not JSON, no envelope, undefined data, schema mismatch) → "Failed to parse response".
 *    An OK status with `{ success: false, error }` is mapped like a non-OK answer.
 */
import * as z from 'zod/mini';
import type { Json } from '@farfetched/core';
import { ErrorObject, type Schema } from '@/shared/contract';
import { httpStatusError, parseError, serverError, stringBodyError, type ApiError } from './errors';
import type { HttpReply } from './send';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringRecord = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every((item) => typeof item === 'string');

/** The error's typed `details` when they fit the contract; anything else is dropped (never trusted half-parsed). */
const detailsOf = (details: unknown): { details?: NonNullable<ErrorObject['details']> } => {
  if (details === undefined) return {};
  const parsed = z.safeParse(ErrorObject.shape.details, details);
  return parsed.success && parsed.data ? { details: parsed.data } : {};
};

function errorFromReply(reply: HttpReply): ApiError {
  const body = reply.notJson ? null : ((reply.json ?? null) as Json | null);
  const error = isRecord(body) ? body.error : undefined;

  if (isRecord(error)) {
    const service = typeof error.serviceName === 'string' ? error.serviceName : error.service;
    if (typeof service === 'string' && typeof error.message === 'string') {
      return serverError({
        status: reply.status,
        statusText: reply.statusText,
        response: body,
        service,
        code: typeof error.code === 'string' ? error.code : 'UNKNOWN',
        message: error.message,
        ...(isStringRecord(error.fields) ? { fields: error.fields } : {}),
        ...detailsOf(error.details),
      });
    }
  }
  if (typeof error === 'string') return stringBodyError(reply.status, error);
  return httpStatusError(reply.status, reply.statusText, body);
}

/** Short, value-free description of schema problems (values may be secrets, paths are not). */
function describeIssues(error: z.core.$ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

export function dataFromReply<S extends Schema>(reply: HttpReply, schema: S): z.infer<S> {
  if (!reply.ok) throw errorFromReply(reply);
  if (reply.notJson) throw parseError('body is not JSON', reply.status);
  const body = reply.json;
  if (isRecord(body) && body.success === false) throw errorFromReply(reply);
  if (!isRecord(body) || body.success !== true) throw parseError('body is not a success envelope', reply.status);
  if (body.data === undefined) throw parseError('data is undefined', reply.status);

  const parsed = z.safeParse(schema, body.data);
  if (!parsed.success) throw parseError(`data does not match the response schema: ${describeIssues(parsed.error)}`, reply.status);
  return parsed.data;
}
