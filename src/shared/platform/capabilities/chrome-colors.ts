/**
 * Telegram's header, background and bottom bar in the app's own surfaces (issue #35), not the theme's defaults: the
 * header and the background (6.1+; a hex header colour from 6.9, a theme key before) take the page's background, the
 * bottom bar (7.10+) the surface under the MainButton. Colours are the computed CSS values (`--app-bg-color`,
 * `--app-bottom-bar-bg-color`), so they follow the theme: call again on every theme change.
 */
import { isVersionAtLeast } from './app-activity';
import { post } from './bridge-call';

const HEX = /^#[0-9a-f]{6}$/i;

/** `rgb(…)` / `#rrggbb` / `#rgb` → `#rrggbb`, or null. */
function toHex(color: string): string | null {
  const value = color.trim();
  if (HEX.test(value)) return value.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  const rgb = /^rgba?\(\s*(\d+)[ ,]+(\d+)[ ,]+(\d+)/i.exec(value);
  if (!rgb) return null;
  return `#${[rgb[1], rgb[2], rgb[3]].map((part) => Math.min(255, Number(part)).toString(16).padStart(2, '0')).join('')}`;
}

export interface ChromeColors {
  /** The page's background (header and the area behind the page). */
  background: string;
  /** The bottom bar's surface (behind the MainButton / SecondaryButton). */
  bottomBar: string;
}

/** The surfaces as the page has them now. */
export function readChromeColors(root: Element = document.documentElement): ChromeColors | null {
  const style = getComputedStyle(root);
  const background = toHex(style.getPropertyValue('--app-bg-color'));
  const bottomBar = toHex(style.getPropertyValue('--app-bottom-bar-bg-color')) ?? background;
  return background && bottomBar ? { background, bottomBar } : null;
}

/** Sets Telegram's chrome to the colours; what the client cannot do is skipped. */
export function setChromeColors(colors: ChromeColors): void {
  if (isVersionAtLeast('6.9')) post('web_app_set_header_color', { color: colors.background });
  else post('web_app_set_header_color', { color_key: 'bg_color' });
  post('web_app_set_background_color', { color: colors.background });
  post('web_app_set_bottom_bar_color', { color: colors.bottomBar });
}
