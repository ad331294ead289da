/**
 * Writes text to the clipboard (async Clipboard API). Rejects when the browser refuses (no permission,
 * insecure context, no API): callers show "Failed to copy to clipboard" (SPEC §8).
 */
export async function copyTextToClipboard(text: string): Promise<void> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard?.writeText) throw new Error('The Clipboard API is not available');
  await clipboard.writeText(text);
}
