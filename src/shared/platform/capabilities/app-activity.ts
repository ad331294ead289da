/**
 * "The app went to the background / came back" for the app lock (docs/platform.md "App lock"):
 * - Telegram 8.0+: the client's `deactivated` / `activated` events (the Mini App minimised, another chat opened, the
 *   client in the background);
 * - elsewhere (older clients, outside Telegram): the page's `visibilitychange` (document hidden / visible).
 * The SDK 3.11 has no wrapper for these events; its `on()` passes unknown events through with their raw payload.
 */
import { off, on } from '@telegram-apps/sdk-react';
import { runtime } from '../state';

type AppActivitySource = 'telegram' | 'page';

/** `major.minor` of the running client at least `min` (false outside Telegram / before init). */
function isVersionAtLeast(min: string, version = runtime.launchParams?.version): boolean {
  if (!runtime.initialized || !version) return false;
  const [a = 0, b = 0] = version.split('.').map(Number);
  const [x = 0, y = 0] = min.split('.').map(Number);
  return a > x || (a === x && b >= y);
}

/** Which signal tells this client's background state: Telegram's events on 8.0+, the page's visibility elsewhere. */
function appActivitySource(): AppActivitySource {
  return isVersionAtLeast('8.0') ? 'telegram' : 'page';
}

export interface AppActivityHandlers {
  onBackground: () => void;
  onForeground?: () => void;
}

/** Follows the app's background state. Returns the unsubscribe function. */
export function onAppActivity({ onBackground, onForeground }: AppActivityHandlers): () => void {
  if (appActivitySource() === 'telegram') {
    const listen = on as unknown as (event: string, listener: () => void) => void;
    const stop = off as unknown as (event: string, listener: () => void) => void;
    const background = () => onBackground();
    const foreground = () => onForeground?.();
    listen('deactivated', background);
    listen('activated', foreground);
    return () => {
      stop('deactivated', background);
      stop('activated', foreground);
    };
  }
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onBackground();
    else onForeground?.();
  };
  document.addEventListener('visibilitychange', onVisibility);
  return () => document.removeEventListener('visibilitychange', onVisibility);
}
