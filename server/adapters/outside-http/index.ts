/**
 * fetch for every adapter that calls an outside service (docs/adapters.md "Outside input"): a redirect is followed only
 * within the origin the adapter was configured with. The central bank's document answered with a 302 to another URL
 * was followed, and whatever that URL served was quoted; now a redirect to another origin is an error the adapter
 * treats like any failed call (the last good data stays).
 */

/** A redirect the adapter must not follow (to another origin, without a Location, a loop). */
export class OutsideRedirectError extends Error {
  override name = 'OutsideRedirectError';
}

const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** 307/308 keep the method and body; the others turn a request into a GET, which only a GET may become. */
const KEEPS_METHOD = new Set([307, 308]);

/**
 * `fetch(url, init)` with redirects followed by hand: same origin only, at most MAX_REDIRECTS; a GET follows any
 * redirect, another method only 307/308 (method and body kept). Throws OutsideRedirectError otherwise.
 */
export const outsideFetch = async (url: string | URL, init: RequestInit = {}, fetchFn: typeof fetch = fetch): Promise<Response> => {
  let current = new URL(url);
  const method = (init.method ?? 'GET').toUpperCase();
  for (let hop = 0; ; hop++) {
    const response = await fetchFn(current, { ...init, redirect: 'manual' });
    if (!REDIRECTS.has(response.status)) return response;
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    if (!location) throw new OutsideRedirectError(`${response.status} without a Location from ${current.origin}`);
    const next = new URL(location, current);
    if (next.origin !== current.origin) throw new OutsideRedirectError(`redirect from ${current.origin} to another origin (${next.origin}) refused`);
    if (method !== 'GET' && method !== 'HEAD' && !KEEPS_METHOD.has(response.status)) {
      throw new OutsideRedirectError(`${response.status} redirect of a ${method} refused`);
    }
    if (hop >= MAX_REDIRECTS) throw new OutsideRedirectError(`more than ${MAX_REDIRECTS} redirects from ${current.origin}`);
    current = next;
  }
};
