import { useSyncExternalStore } from 'react';

/**
 * The first screen's first painted frame (issue #34). What is not on that frame — the wallet's verification banner, the
 * history's tools, the app lock's check with the server — waits for it, so none of it is downloaded, compiled or
 * rendered while the screen is due (docs/performance.md "Start-up"). Boot holds the wait (`holdUntilFirstScreen`) and the
 * router releases it once the first screen has painted (`firstScreenPainted`, app/router `useScreenShown`). Nothing
 * waits when boot never held it (a component rendered on its own, as in tests).
 */
let held = false;
let painted = false;
const listeners = new Set<() => void>();

export function holdUntilFirstScreen(): void {
  if (!painted) held = true;
}

export function firstScreenPainted(): void {
  if (painted) return;
  painted = true;
  for (const listener of [...listeners]) listener();
}

const isReleased = (): boolean => painted || !held;

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether what waits for the first screen may render now (re-renders once it may). */
export function useAfterFirstScreen(): boolean {
  return useSyncExternalStore(subscribe, isReleased, isReleased);
}

/** Resolves once what waits for the first screen may start (at once when boot did not hold it, or it has painted). */
export function afterFirstScreen(): Promise<void> {
  if (isReleased()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = subscribe(() => {
      unsubscribe();
      resolve();
    });
  });
}
