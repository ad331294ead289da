/**
 * One HTTP round trip with the SPEC §9 timeout: fetch, read the body, parse JSON.
 * Rejects only with ApiError: 'timeout' after REQUEST_TIMEOUT_MS, 'network' when fetch fails
 * (or code CANCELLED when the caller's signal aborts it). Never looks at the status: see response.ts.
 * A GET that boot sent early (early-replies.ts) takes that request's reply instead of sending it again.
 */
import { REQUEST_TIMEOUT_MS } from '../config';
import { takeEarlyResponse } from '../early-replies';
import { cancelledError, fetchFailedError, requestTimeoutError } from './errors';

export interface HttpRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface HttpReply {
  ok: boolean;
  status: number;
  statusText: string;
  /** Parsed JSON body; undefined for an empty body. */
  json: unknown;
  /** The body was not empty but was not JSON either. */
  notJson: boolean;
}

export async function sendHttp({ signal, ...init }: HttpRequest): Promise<HttpReply> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  try {
    const response = await (takeEarlyResponse(init, controller.signal) ?? fetch(init.url, { ...init, signal: controller.signal }));
    const text = await response.text();
    let json: unknown;
    let notJson = false;
    if (text.trim() !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        notJson = true;
      }
    }
    return { ok: response.ok, status: response.status, statusText: response.statusText, json, notJson };
  } catch (cause) {
    if (timedOut) throw requestTimeoutError();
    if (signal?.aborted) throw cancelledError();
    throw fetchFailedError(cause);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
}
