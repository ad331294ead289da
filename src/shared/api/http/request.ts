/**
 * `request(endpoint, input, options)`: one contract endpoint call (SPEC §6–§9).
 *
 *  URL      {baseUrl}{path with params}{?query}; baseUrl from configureApi (VITE_API_BASE_URL by default)
 *  headers  Accept/Content-Type JSON; X-Telegram-Init-Data and X-Telegram-Client on every call (when known);
 *           Authorization: Bearer on every call except auth 'none' (register, login, send-code,
 *           verify-code, refresh-token); Idempotency-Key on idempotent endpoints
 *  timeout  10 000 ms per round trip, then aborted ('timeout' ApiError)
 *  401      refresh once (single flight) and retry once; otherwise 'auth-expired' (see auth/refresh.ts)
 *  423/403  APP_LOCKED / STEP_UP_REQUIRED: waits for the app lock's screen or prompt, then sends again (auth/app-lock-wait.ts)
 *  result   the envelope's `data`, validated by the endpoint's response schema; every failure is an ApiError
 */
import type { EndpointData, EndpointDef, EndpointInput } from '@/shared/contract';
import { API_HEADERS, authRefreshToken } from '@/shared/contract';
import { globalTransportEvents, type TransportEvents } from '../auth/events';
import { APP_LOCK_CODES, waitForAppLock } from '../auth/app-lock-wait';
import { expireSession, renewAccessToken } from '../auth/refresh';
import { tokenStorage, type SessionTokens } from '../auth/tokens';
import { getApiConfig } from '../config';
import { authExpiredError, isApiError, isUnauthorized } from './errors';
import { dataFromReply } from './response';
import { sendHttp } from './send';
import { buildUrl } from './url';

export type AnyEndpoint = EndpointDef<any, any, any, any>;

export interface RequestOptions {
  /** Aborts the call (the promise rejects with a 'network' ApiError, code CANCELLED). */
  signal?: AbortSignal;
  /** For idempotent endpoints: reuse a key to make a retry safe. Default: a fresh crypto.randomUUID(). */
  idempotencyKey?: string;
}

/** Input is optional when the endpoint has no required parts (no params, no body). */
export type RequestArgs<E> = {} extends EndpointInput<E>
  ? [input?: EndpointInput<E>, options?: RequestOptions]
  : [input: EndpointInput<E>, options?: RequestOptions];

interface RawInput {
  params?: Record<string, string | number>;
  query?: unknown;
  body?: unknown;
}

/** Calls a contract endpoint. Resolves with validated `data`; rejects with an ApiError. */
export function request<E extends AnyEndpoint>(endpoint: E, ...[input, options]: RequestArgs<E>): Promise<EndpointData<E>> {
  return executeRequest(endpoint, input, options, globalTransportEvents);
}

/** `request` with explicit transport events (the farfetched factories pass scope-bound ones). */
export async function executeRequest<E extends AnyEndpoint>(
  endpoint: E,
  input: EndpointInput<E> | undefined,
  options: RequestOptions = {},
  events: TransportEvents = globalTransportEvents,
): Promise<EndpointData<E>> {
  const { baseUrl, getInitData, getTelegramClient, operatorSession } = getApiConfig();
  const { params, query, body } = (input ?? {}) as RawInput;
  const url = buildUrl(baseUrl, endpoint.path, params, query);
  const json = body === undefined ? undefined : JSON.stringify(body);
  const idempotencyKey = endpoint.idempotent ? (options.idempotencyKey ?? crypto.randomUUID()) : undefined;

  const sendOnce = async (accessToken: string | null): Promise<EndpointData<E>> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    const initData = getInitData();
    if (initData !== undefined) headers[API_HEADERS.telegramInitData] = initData;
    const telegramClient = getTelegramClient?.();
    if (telegramClient !== undefined) headers[API_HEADERS.telegramClient] = telegramClient;
    if (accessToken) headers[API_HEADERS.authorization] = `Bearer ${accessToken}`;
    if (idempotencyKey) headers[API_HEADERS.idempotencyKey] = idempotencyKey;
    const reply = await sendHttp({ url, method: endpoint.method, headers, body: json, signal: options.signal });
    return dataFromReply(reply, endpoint.response) as EndpointData<E>;
  };
  // Refused for the app lock: wait for the lock screen or the step-up prompt, then send again with the token stored by
  // then (the lock screen's own calls may have refreshed it); not passed: the server's error stands.
  const send = async (accessToken: string | null): Promise<EndpointData<E>> => {
    for (let refusals = 0; ; refusals++) {
      try {
        return await sendOnce(refusals === 0 ? accessToken : (tokenStorage.getAccessToken() ?? accessToken));
      } catch (error) {
        const requirement = isApiError(error) && 'status' in error ? APP_LOCK_CODES[error.code] : undefined;
        if (!requirement || refusals >= 2 || !(await waitForAppLock(requirement, events.appLockRequired))) throw error;
      }
    }
  };

  if (endpoint.auth === 'none') return send(null);
  // The operator console's calls carry the operator's token, never the user's (docs/ops.md).
  if (endpoint.auth === 'operator') {
    if (!operatorSession) throw authExpiredError();
    return operatorSession(send);
  }

  const sentToken = tokenStorage.getAccessToken();
  try {
    return await send(sentToken);
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
  }

  const callRefreshEndpoint = (refreshToken: string): Promise<SessionTokens> =>
    executeRequest(authRefreshToken, { body: { refreshToken } }, {}, events);
  const freshToken = await renewAccessToken(sentToken, callRefreshEndpoint, events);

  try {
    return await send(freshToken);
  } catch (error) {
    // The fresh token was rejected too: no second refresh (SPEC §9 "refreshed once per 401").
    if (isUnauthorized(error)) throw expireSession(events);
    throw error;
  }
}
