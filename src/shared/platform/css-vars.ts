/**
 * CSS variables from Telegram: `--tg-theme-*` (theme params, updated live on theme changes),
 * `--tg-viewport-*` (size and safe-area insets), `--tg-bg-color`/`--tg-header-color` (mini app
 * colours) and `data-tg-theme="light|dark"` on <html>. Fallbacks live in platform.css.
 */
import { miniApp, themeParams, viewport } from '@telegram-apps/sdk-react';

const cleanups: VoidFunction[] = [];

function applyColorScheme(isDark: boolean): void {
  const root = document.documentElement;
  root.dataset.tgTheme = isDark ? 'dark' : 'light';
  root.style.colorScheme = isDark ? 'dark' : 'light';
}

/** Binds theme variables (call after themeParams/miniApp are mounted). Safe to call once per init. */
export function bindThemeCssVars(): void {
  const [themeBound, unbindTheme] = themeParams.bindCssVars.ifAvailable();
  if (themeBound) cleanups.push(unbindTheme);
  const [appBound, unbindApp] = miniApp.bindCssVars.ifAvailable();
  if (appBound) cleanups.push(unbindApp);
  applyColorScheme(themeParams.isDark());
  const listener = (isDark: boolean) => applyColorScheme(isDark);
  themeParams.isDark.sub(listener);
  cleanups.push(() => themeParams.isDark.unsub(listener));
}

/** Binds viewport and safe-area variables (call after viewport.mount() resolved). */
export function bindViewportCssVars(): void {
  const [bound, unbind] = viewport.bindCssVars.ifAvailable();
  if (bound) cleanups.push(unbind);
}

/** Removes every variable this module bound (tests and re-init). */
export function unbindCssVars(): void {
  while (cleanups.length > 0) {
    try {
      cleanups.pop()?.();
    } catch {
      // already unbound
    }
  }
}
