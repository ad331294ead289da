/**
 * The app's one clipboard mechanism (docs/frontend.md "Clipboard"). Writing: the async Clipboard API, else a hidden
 * textarea + execCommand('copy') (older webviews, iframes without the permission); rejects when neither works, and
 * callers say "Failed to copy to clipboard" (SPEC §8). Taking copied sensitive data back off: `clearCopiedText`.
 */
export async function writeClipboard(text: string): Promise<void> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (clipboard?.writeText) {
    try {
      await clipboard.writeText(text);
      return;
    } catch {
      // not permitted here (insecure context, iframe policy, no focus): try the fallback
    }
  }
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') throw new Error('Copy to clipboard is not available');
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } finally {
    area.value = '';
    area.remove();
  }
  if (!copied) throw new Error('Copy to clipboard is not available');
}

/**
 * Taking copied text (card data) back off the clipboard when it hides (docs/cards.md "Sensitive data").
 * Browsers let a page write the clipboard only while the document has focus; reading it may be refused
 * (permission prompt, Telegram webviews). So:
 *   - no focus → 'unfocused' (the caller retries when focus returns and says so meanwhile);
 *   - the clipboard still holds what we copied → overwritten with an empty string → 'cleared';
 *   - it holds something else (the user copied since) → left alone → 'changed';
 *   - reading is refused → overwritten anyway (we cannot tell) → 'cleared';
 *   - writing is refused → 'failed'.
 */
export type ClipboardClearResult = 'cleared' | 'changed' | 'unfocused' | 'failed';

export async function clearCopiedText(copied: string): Promise<ClipboardClearResult> {
  if (typeof document !== 'undefined' && typeof document.hasFocus === 'function' && !document.hasFocus()) return 'unfocused';
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (!clipboard?.writeText) return 'failed';
  let current: string | null = null;
  try {
    current = typeof clipboard.readText === 'function' ? await clipboard.readText() : null;
  } catch {
    current = null; // refused: cannot tell, overwrite
  }
  if (current !== null && current !== copied) return 'changed';
  try {
    await clipboard.writeText('');
    return 'cleared';
  } catch {
    return 'failed';
  }
}

/** Calls `listener` once, the next time the window gets focus. Returns the unsubscribe. */
export function onNextFocus(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const handler = () => listener();
  window.addEventListener('focus', handler, { once: true });
  return () => window.removeEventListener('focus', handler);
}
