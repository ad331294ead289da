import * as z from 'zod/mini';
import type { FastifyInstance } from 'fastify';
import type { Schema } from '@/shared/contract/core';
import { setPersonNameMessages } from '@/shared/contract/person-name';
import { httpErrors } from './errors';

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

export const NUL_MESSAGE = 'Must not contain the NUL character (U+0000).';

/**
 * Path of the first string (value or object key) holding U+0000, or null. PostgreSQL cannot store NUL in text, so
 * such input is refused for every part of every endpoint before any schema or handler sees it (the contract's own
 * string shapes refuse it too: `@/shared/contract/core` Text/Id).
 */
const findNul = (value: unknown, path: Array<string | number> = [], depth = 0): Array<string | number> | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replace(/\u0000/g, '\\u0000')];
    const found = findNul(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
};

export type RequestPart = 'params' | 'query' | 'body';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

/**
 * Validates one request part. Field keys are the paths inside the part (`email`, `items.0.amount`);
 * a problem with the part as a whole (e.g. body is not an object) is keyed by the part's name.
 */
export const parsePart = <T>(part: RequestPart, schema: Schema, value: unknown): ParseResult<T> => {
  const nul = findNul(value);
  if (nul) return { ok: false, fields: { [nul.length ? nul.join('.') : part]: NUL_MESSAGE } };
  const result = z.safeParse(schema, value);
  if (result.success) return { ok: true, value: result.data as T };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : part;
    fields[key] ??= issue.message;
  }
  return { ok: false, fields };
};

/**
 * The same NUL refusal for the routes that are not bound through route() (the sandbox SBP page, the SBP webhook,
 * static files): a preValidation hook over params, query and body of every request.
 */
export const registerNulGuard = (app: FastifyInstance): void => {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      const nul = findNul(value);
      if (nul) return done(httpErrors.validation({ [nul.length ? nul.join('.') : part]: NUL_MESSAGE }));
    }
    done();
  });
};
