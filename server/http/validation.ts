import * as z from 'zod/mini';
import type { Schema } from '@/shared/contract/core';
import { setPersonNameMessages } from '@/shared/contract/person-name';

// zod/mini loads no locale by default; the server wants readable English messages.
z.config(z.locales.en());
// The registration name rule's reasons (docs/api.md "Names").
setPersonNameMessages({
  required: 'Enter a name',
  tooLong: 'Use at most 64 characters',
  controlCharacters: 'Remove control or invisible characters',
  markup: 'Angle brackets < > are not allowed in a name',
  emoji: 'Emoji are not allowed in a name',
  characters: 'Use letters, spaces, hyphens, apostrophes and dots',
});

export type RequestPart = 'params' | 'query' | 'body';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

/**
 * Validates one request part. Field keys are the paths inside the part (`email`, `items.0.amount`);
 * a problem with the part as a whole (e.g. body is not an object) is keyed by the part's name.
 */
export const parsePart = <T>(part: RequestPart, schema: Schema, value: unknown): ParseResult<T> => {
  const result = z.safeParse(schema, value);
  if (result.success) return { ok: true, value: result.data as T };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : part;
    fields[key] ??= issue.message;
  }
  return { ok: false, fields };
};
