/** Opening links: t.me links inside Telegram, other links in the external browser. */
import { openLink as sdkOpenLink, openTelegramLink as sdkOpenTelegramLink } from '@telegram-apps/sdk-react';
import { fail, ok, settle, type BridgeResult } from '../bridge-result';
import { runtime } from '../state';

const TELEGRAM_LINK = /^https:\/\/t\.me\/.+/;

function openInBrowser(url: string): BridgeResult<void> {
  try {
    // With 'noopener' window.open() returns null even on success, so there is nothing to check.
    window.open(url, '_blank', 'noopener,noreferrer');
    return ok(undefined);
  } catch {
    return fail('failed');
  }
}

function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Opens a https://t.me/... link in Telegram; outside Telegram (or on failure) in a new tab. */
export async function openTelegramLink(url: string): Promise<BridgeResult<void>> {
  if (!TELEGRAM_LINK.test(url)) return fail('invalid', 'platform:errors.linkInvalid');
  if (!runtime.initialized || !sdkOpenTelegramLink.isAvailable()) return openInBrowser(url);
  const result = await settle(() => sdkOpenTelegramLink(url));
  return result.ok ? result : openInBrowser(url);
}

/** Opens an http(s) link in the external browser (Telegram's in-app browser where configured). */
export async function openLink(url: string, options: { tryInstantView?: boolean } = {}): Promise<BridgeResult<void>> {
  if (!isHttpUrl(url)) return fail('invalid', 'platform:errors.linkInvalid');
  if (!runtime.initialized || !sdkOpenLink.isAvailable()) return openInBrowser(url);
  const result = await settle(() => sdkOpenLink(url, options));
  return result.ok ? result : openInBrowser(url);
}

/** Telegram's share sheet for a URL with optional text (t.me/share/url). */
export function shareUrl(url: string, text?: string): Promise<BridgeResult<void>> {
  const query = new URLSearchParams({ url, text: text ?? '' }).toString().replace(/\+/g, '%20');
  return openTelegramLink(`https://t.me/share/url?${query}`);
}
