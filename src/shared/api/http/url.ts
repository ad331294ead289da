import { buildPath } from '@/shared/contract';

type QueryValue = string | number | boolean | null | undefined;

/** Query string from `input.query`: undefined/null are left out, arrays repeat the key. */
function buildQueryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue | QueryValue[]>)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** `{baseUrl}{path with params filled}{?query}`; an empty baseUrl means same origin. */
export function buildUrl(
  baseUrl: string,
  path: string,
  params: Record<string, string | number> | undefined,
  query: unknown,
): string {
  return `${baseUrl.replace(/\/+$/, '')}${buildPath(path, params)}${buildQueryString(query)}`;
}
