import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** The router's position in the session history (react-router keeps `idx` in history.state). */
const historyIndex = (): number => {
  const state: unknown = typeof window === 'undefined' ? null : window.history.state;
  return state && typeof state === 'object' && typeof (state as { idx?: unknown }).idx === 'number' ? (state as { idx: number }).idx : 0;
};

/**
 * A native-feeling screen change (issue #14): on every route change the new screen slides in (from the right
 * going forward, from the left going back, a fade between tabs' roots) with a CSS animation on `data-enter`.
 * CSS only: the attribute is removed and set again to restart the animation; with prefers-reduced-motion the
 * stylesheet turns the animation off. Nothing on the first render (Telegram's own opening is enough).
 */
export function useScreenTransition<T extends HTMLElement>(isRoot: boolean) {
  const ref = useRef<T>(null);
  const { pathname } = useLocation();
  const first = useRef(true);
  const index = useRef(historyIndex());

  useLayoutEffect(() => {
    const element = ref.current;
    const before = index.current;
    index.current = historyIndex();
    if (first.current || !element) {
      first.current = false;
      return;
    }
    const back = index.current < before;
    const direction = back ? 'back' : isRoot ? 'fade' : 'forward';
    delete element.dataset.enter;
    void element.offsetWidth; // restart the CSS animation
    element.dataset.enter = direction;
  }, [pathname]);

  return ref;
}
