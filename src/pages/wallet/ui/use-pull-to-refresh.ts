import { useEffect, useRef, useState } from 'react';

/** How far (px, after resistance) the page must be pulled down to refresh. */
export const PULL_THRESHOLD = 64;

/**
 * Pull-to-refresh on the window scroller: a one-finger pull down from the very top (no sheet open) shows a
 * distance for the indicator, and releasing past the threshold calls `onRefresh`.
 */
export function usePullToRefresh(onRefresh: () => void): number {
  const [pull, setPull] = useState(0);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    let startY: number | null = null;
    let distance = 0;
    const onStart = (event: TouchEvent) => {
      const locked = document.body.style.overflow === 'hidden'; // a sheet is open
      startY = window.scrollY <= 0 && event.touches.length === 1 && !locked ? event.touches[0]!.clientY : null;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      const dy = event.touches[0]!.clientY - startY;
      distance = dy > 0 ? Math.min(dy * 0.5, PULL_THRESHOLD * 1.5) : 0;
      setPull(distance);
    };
    const onEnd = () => {
      if (startY !== null && distance >= PULL_THRESHOLD) refresh.current();
      startY = null;
      distance = 0;
      setPull(0);
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  return pull;
}
