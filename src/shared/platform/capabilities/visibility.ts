/**
 * "The mini app went to the background": Telegram's visibility_changed event plus the page's
 * visibilitychange/pagehide. Used to hide revealed card data. May fire more than once per hide.
 */
import { off, on } from '@telegram-apps/sdk-react';

/** Calls `callback` whenever the app is hidden. Returns the unsubscribe function. */
export function onAppHidden(callback: () => void): () => void {
  const onTelegram = (payload: { is_visible: boolean }) => {
    if (!payload.is_visible) callback();
  };
  const onDocument = () => {
    if (document.visibilityState === 'hidden') callback();
  };
  const onPageHide = () => callback();

  on('visibility_changed', onTelegram);
  document.addEventListener('visibilitychange', onDocument);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    off('visibility_changed', onTelegram);
    document.removeEventListener('visibilitychange', onDocument);
    window.removeEventListener('pagehide', onPageHide);
  };
}
