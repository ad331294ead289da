/**
 * What makes the app look and hold like a native one once its first screen is up (issue #35): portrait lock on phones,
 * and Telegram's header, background and bottom bar in the app's own surfaces, again on every theme change. A lazy chunk
 * fetched by startNativeLook() once the first screen's paint has been presented: nothing of it is on a first screen (docs/performance.md "Bundle budget").
 */
import { listen } from './bridge-call';
import { readChromeColors, setChromeColors } from './chrome-colors';
import { lockPortraitOnPhones } from './orientation';

export function applyNativeLook(): () => void {
  lockPortraitOnPhones();
  const apply = () => {
    const colors = readChromeColors();
    if (colors) setChromeColors(colors);
  };
  apply();
  // The theme's CSS variables are rebound on theme_changed; read the surfaces a frame later.
  return listen('theme_changed', () => requestAnimationFrame(apply));
}
