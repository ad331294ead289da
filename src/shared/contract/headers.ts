/**
 * HTTP header names of the API, the one list both sides use (client transport: src/shared/api/http/request.ts; server:
 * server/http/*). Written in their canonical case; header names are case-insensitive, and Node hands them to the
 * server lower-cased (server/http/headers.ts reads them through `requestHeader`). The acquirer's webhook signature is
 * not ours (server/adapters/sbp).
 */
export const API_HEADERS = {
  /** `Bearer <access token>` on every call but the auth ones (SPEC §7); support and metrics tokens too. */
  authorization: 'Authorization',
  /** Makes a state-changing call safe to retry (docs/api.md "Idempotency"). */
  idempotencyKey: 'Idempotency-Key',
  /** `true` on an answer replayed from the idempotency store. */
  idempotencyReplayed: 'Idempotency-Replayed',
  /** Raw Telegram init data, on every call inside Telegram (docs/auth.md "Telegram init data"). */
  telegramInitData: 'X-Telegram-Init-Data',
  /** `<platform>/<version>` of the Telegram client from the launch parameters, inside Telegram only (sessions list). */
  telegramClient: 'X-Telegram-Client',
  /** The request id, on every answer (taken from the request when it carries a sane one). */
  requestId: 'X-Request-Id',
  /** Seconds to wait, on 429 and 503 answers. */
  retryAfter: 'Retry-After',
  /** The server's SANDBOX_TOKEN, for the sandbox mailbox and verification controls (/api/dev/*). */
  sandboxToken: 'X-Sandbox-Token',
} as const;

export type ApiHeader = (typeof API_HEADERS)[keyof typeof API_HEADERS];
