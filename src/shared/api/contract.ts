/**
 * A farfetched Contract over a zod/mini schema (STACK-NOTES: @farfetched/zod supports zod 3 only).
 * It also rejects `undefined`: SPEC §4 "a query that returns undefined data is an error".
 *
 * The transport already validated the data, so this is the farfetched-level guard; it checks the parsed
 * output again, so response schemas must not transform (output must still match the schema).
 */
import * as z from 'zod/mini';
import type { Contract } from '@farfetched/core';
import type { Schema } from '@/shared/contract';
import { describeIssues } from './http/response';

export function schemaContract<S extends Schema>(schema: S): Contract<unknown, z.infer<S>> {
  return {
    isData: (raw): raw is z.infer<S> => raw !== undefined && z.safeParse(schema, raw).success,
    getErrorMessages: (raw) => {
      if (raw === undefined) return ['data is undefined'];
      const result = z.safeParse(schema, raw);
      return result.success ? [] : [describeIssues(result.error)];
    },
  };
}
