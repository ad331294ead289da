/**
 * Hides the on-screen keyboard (issue #35: "Continue" after an amount): Telegram's own `web_app_hide_keyboard` (9.1+),
 * and in any case the focused field loses focus, which closes the keyboard in browsers and older clients too.
 */
import { post } from './bridge-call';

export function hideKeyboard(): void {
  post('web_app_hide_keyboard');
  const active = typeof document === 'undefined' ? null : document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName)) active.blur();
}
