/**
 * "The app went to the background / came back" for the app lock (docs/platform.md "App lock"):
 * - Telegram 8.0+: the client's `visibility_changed { is_visible }` (the Mini App minimised, another chat opened, the
 *   client in the background). Telegram's own script turns it into its `activated` / `deactivated` events; those are
 *   not bridge events (fixtures/telegram-web-app.json): listening for them heard nothing from a real client;
 * - elsewhere (older clients, outside Telegram): the page's `visibilitychange` (document hidden / visible).
 */
import { runtime } from '../state';
import { listen } from './bridge-call';

type AppActivitySource = 'telegram' | 'page';

/** `major.minor` of the running client at least `min` (false outside Telegram / before init). */
export function isVersionAtLeast(min: string, version = runtime.launchParams?.version): boolean {
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
    return listen<{ is_visible?: boolean }>('visibility_changed', (payload) => {
      if (payload.is_visible === false) onBackground();
      else if (payload.is_visible === true) onForeground?.();
    });
  }
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onBackground();
    else onForeground?.();
  };
  document.addEventListener('visibilitychange', onVisibility);
  return () => document.removeEventListener('visibilitychange', onVisibility);
}
