/**
 * Sign-out side of the pending intents (docs/frontend-data.md "Idempotent mutations"): a tiny module, because the
 * session entity (first screen) imports it; the registry itself stays with the mutations.
 */
export const PENDING_INTENTS_PREFIX = 'tgwallet.pendingIntents.';

/** Sign-out: forget every pending intent of this tab (all users). */
export function forgetPendingIntents(): void {
  try {
    // Reading sessionStorage itself can throw (disabled storage, sandboxed iframes).
    const store = typeof sessionStorage === 'undefined' ? null : sessionStorage;
    if (!store) return;
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(PENDING_INTENTS_PREFIX)) keys.push(key);
    }
    keys.forEach((key) => store.removeItem(key));
  } catch {
    // Nothing to forget.
  }
}
