/**
 * The farfetched Contract of every operation made by the factories. The transport validates each answer against the
 * endpoint's response schema, once (http/response.ts `dataFromReply`: data off the schema is an ApiError of kind
 * 'parse'); this contract adds only SPEC §4's rule that a query returning undefined data is an error, and carries the
 * schema's type to farfetched.
 */
import type { Contract } from '@farfetched/core';

export function validatedDataContract<Data>(): Contract<Data, Data> {
  return {
    isData: (raw): raw is Data => raw !== undefined,
    getErrorMessages: (raw) => (raw === undefined ? ['data is undefined'] : []),
  };
}
