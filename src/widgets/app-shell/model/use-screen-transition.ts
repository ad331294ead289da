import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A native-feeling screen change (issue #14): on every route change the new screen slides in (from the right
 * going forward, from the left going back, a fade between tabs' roots) with a CSS animation on `data-enter`.
 * CSS only: the attribute is removed and set again to restart the animation; with prefers-reduced-motion the
 * stylesheet turns the animation off. Nothing on the first render (Telegram's own opening is enough).
 */
export function useScreenTransition<T extends HTMLElement>(isRoot: boolean) {
  const ref = useRef<T>(null);
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);

  useLayoutEffect(() => {
    const element = ref.current;
    if (first.current || !element) {
      first.current = false;
      return;
    }
    const direction = isRoot && navigationType !== 'POP' ? 'fade' : navigationType === 'POP' ? 'back' : 'forward';
    delete element.dataset.enter;
    void element.offsetWidth; // restart the CSS animation
    element.dataset.enter = direction;
  }, [pathname]);

  return ref;
}
