import { httpErrors } from '../../http/errors';

/**
 * Opaque keyset cursors (docs/api.md "Pagination"): base64url of a JSON array of the sort key of the
 * last item on the page. A cursor that does not decode to the expected shape → 400 VALIDATION_ERROR.
 */
export const encodeCursor = (key: ReadonlyArray<string | number>): string => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

export const decodeCursor = <T extends ReadonlyArray<'string' | 'number'>>(
  cursor: string | undefined,
  shape: T,
): { [K in keyof T]: T[K] extends 'number' ? number : string } | null => {
  if (cursor === undefined) return null;
  const invalid = () => httpErrors.validation({ cursor: 'Invalid cursor: pass nextCursor from the previous page unchanged' });
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== shape.length) throw invalid();
  parsed.forEach((item, i) => {
    if (typeof item !== shape[i]) throw invalid();
    if (typeof item === 'number' && !Number.isSafeInteger(item)) throw invalid();
  });
  return parsed as { [K in keyof T]: T[K] extends 'number' ? number : string };
};

/** Timestamps in cursors: ISO strings, checked. */
export const cursorDate = (value: string): Date => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw httpErrors.validation({ cursor: 'Invalid cursor: pass nextCursor from the previous page unchanged' });
  return date;
};

export const DEFAULT_PAGE_SIZE = 20;
