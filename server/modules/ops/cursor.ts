import { httpErrors } from '../../http/errors';

/** Keyset cursors of the operator lists: base64url of the key's text (opaque to the console). */
export const encodeCursor = (key: string): string => Buffer.from(key, 'utf8').toString('base64url');

/** The key of a cursor, checked by `parse` (null = not one of ours → 400 VALIDATION_ERROR on `cursor`). */
export const decodeCursor = <T>(cursor: string, parse: (key: string) => T | null): T => {
  const key = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const value = key ? parse(key) : null;
  if (value === null) throw httpErrors.validation({ cursor: 'Invalid cursor' });
  return value;
};
