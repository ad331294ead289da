/**
 * GETs sent by boot before the screen that needs them has loaded its code (issue #34: the signed-in Wallet's first
 * paint, `WALLET_FIRST_PAINT_GETS` in @/shared/config): the request leaves with the session, not after the screen's
 * chunk has been downloaded and evaluated, and the transport takes its reply when the screen's query asks for the same
 * URL with the same token (`takeEarlyResponse`, from `sendHttp`), so each GET still goes out once and its answer goes
 * through the same checks (status, envelope, schema, a 401's refresh). A reply nobody asked for within
 * REQUEST_TIMEOUT_MS is dropped. The early request carries Accept and the bearer token only: the other headers the
 * transport sends (Telegram init data and client) are read by the sign-in routes alone.
 *
 * In the entry: light on purpose (no farfetched, zod or contract; `npm run size` checks the Welcome).
 */
import { REQUEST_TIMEOUT_MS } from './config';

interface EarlyGet {
  authorization: string;
  response: Promise<Response>;
  controller: AbortController;
  startedAt: number;
}

const early = new Map<string, EarlyGet>();

/** Sends GET `urls` now with `accessToken`; their replies wait for the transport (`takeEarlyResponse`). */
export function startEarlyGets(urls: readonly string[], accessToken: string): void {
  const authorization = `Bearer ${accessToken}`;
  for (const url of urls) {
    const controller = new AbortController();
    const response = fetch(url, { method: 'GET', headers: { Accept: 'application/json', Authorization: authorization }, signal: controller.signal });
    response.catch(() => undefined); // a failure is the taker's to see; none taken, none reported
    early.set(url, { authorization, response, controller, startedAt: Date.now() });
    setTimeout(() => {
      if (early.get(url)?.response !== response) return;
      early.delete(url);
      controller.abort();
    }, REQUEST_TIMEOUT_MS);
  }
}

/**
 * The early reply of this request, once (a GET of the same URL with the same Authorization, still fresh), or
 * undefined: the caller sends it itself. `signal` aborting aborts the early request too.
 */
export function takeEarlyResponse(request: { url: string; method: string; headers: Record<string, string> }, signal: AbortSignal): Promise<Response> | undefined {
  if (request.method !== 'GET') return undefined;
  const entry = early.get(request.url);
  if (!entry) return undefined;
  early.delete(request.url);
  if (entry.authorization !== request.headers.Authorization || Date.now() - entry.startedAt >= REQUEST_TIMEOUT_MS) {
    entry.controller.abort();
    return undefined;
  }
  if (signal.aborted) entry.controller.abort();
  else signal.addEventListener('abort', () => entry.controller.abort(), { once: true });
  return entry.response;
}
