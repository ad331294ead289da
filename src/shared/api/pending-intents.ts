/**
 * The pending intents of money-moving calls, in sessionStorage per signed-in user (docs/frontend-data.md
 * "Idempotent mutations"). Keys are not secrets; nothing else (no token, no card data) is stored here.
 */
import { tokenStorage } from './auth/tokens';

import { PENDING_INTENTS_PREFIX } from './pending-intents-reset';

/** The server keeps a key's answer for 24 h; an older pending key would be processed as new: forget it before. */
const PENDING_INTENT_MAX_AGE_MS = 23 * 60 * 60 * 1000;

/** A request sent for an intent whose answer is not known yet. */
export interface PendingIntent {
  key: string;
  /** The exact input sent with this key (a replay must send the same body). */
  input: unknown;
  createdAt: number;
}
type Registry = Record<string, PendingIntent>;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The signed-in user's id: the access token's `sub` (decoded, never verified: it only names the bucket). */
function currentUserId(): string {
  const token = tokenStorage.getAccessToken();
  const payload = token?.split('.')[1];
  if (!payload) return 'anonymous';
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub ? sub : 'anonymous';
  } catch {
    return 'anonymous';
  }
}

const bucket = () => `${PENDING_INTENTS_PREFIX}${currentUserId()}`;

function read(): Registry {
  try {
    const raw = storage()?.getItem(bucket());
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Registry) : {};
  } catch {
    return {};
  }
}

function write(registry: Registry): void {
  try {
    if (Object.keys(registry).length === 0) storage()?.removeItem(bucket());
    else storage()?.setItem(bucket(), JSON.stringify(registry));
  } catch {
    // Storage full or disabled: the keys last for this page only (kept in the caller's memory meanwhile).
  }
}

/**
 * The intent's identity: inputs are built by the models in a fixed key order, and a stored input keeps its order
 * through JSON, so plain JSON compares them.
 */
export const stableStringify = (value: unknown): string => JSON.stringify(value) ?? 'null';

export const pendingIntents = {
  get(intent: string, now = Date.now()): PendingIntent | null {
    const found = read()[intent];
    return found && typeof found.key === 'string' && now - found.createdAt < PENDING_INTENT_MAX_AGE_MS ? found : null;
  },
  put(intent: string, entry: PendingIntent): void {
    write({ ...read(), [intent]: entry });
  },
  /** Drops the intent only while it still holds `key` (a newer attempt is never dropped by an older answer). */
  settle(intent: string, key: string): void {
    const registry = read();
    if (registry[intent]?.key !== key) return;
    delete registry[intent];
    write(registry);
  },
};
