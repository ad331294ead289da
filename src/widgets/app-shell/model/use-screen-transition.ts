import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** The router's position in the session history (react-router keeps `idx` in history.state). */
const historyIndex = (): number => {
  const state: unknown = typeof window === 'undefined' ? null : window.history.state;
  return state && typeof state === 'object' && typeof (state as { idx?: unknown }).idx === 'number' ? (state as { idx: number }).idx : 0;
};

/**
 * Module-level, not per shell: the layouts (tabs, protected, auth) each mount their own AppShell, and a move
 * between them must animate too. Null until the first screen was shown (Telegram's own opening is enough).
 */
let shown: { path: string; index: number } | null = null;

/**
 * A native-feeling screen change (issue #14): on every route change the new screen slides in (from the right
 * going forward, from the left going back, a fade between tab roots) with a CSS animation on `data-enter`.
 * CSS only: the attribute is removed and set again to restart the animation; with prefers-reduced-motion the
 * stylesheet turns the animation off.
 */
export function useScreenTransition<T extends HTMLElement>(isRoot: boolean) {
  const ref = useRef<T>(null);
  const { pathname } = useLocation();

  useLayoutEffect(() => {
    const element = ref.current;
    const before = shown;
    shown = { path: pathname, index: historyIndex() };
    if (!element || !before || before.path === pathname) return;
    const direction = shown.index < before.index ? 'back' : isRoot ? 'fade' : 'forward';
    delete element.dataset.enter;
    void element.offsetWidth; // restart the CSS animation
    element.dataset.enter = direction;
    // Only a new path starts a transition.
  }, [pathname]);

  return ref;
}
