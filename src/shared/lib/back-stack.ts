import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * A stack of "back" interceptors. Overlays (sheets, dialogs) push one while open; the single owner of the
 * Telegram back button (the app shell) asks `handleBack()` first and only navigates when nobody took it.
 * This avoids two click handlers on Telegram's one back button (closing a sheet AND leaving the screen).
 */
type Handler = () => void;
const stack: Array<{ current: Handler }> = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function pushBackHandler(handler: Handler): () => void {
  const entry = { current: handler };
  stack.push(entry);
  emit();
  return () => {
    const index = stack.indexOf(entry);
    if (index !== -1) stack.splice(index, 1);
    emit();
  };
}

/** Runs the top-most interceptor; true when one handled the back press. */
export function handleBack(): boolean {
  const top = stack[stack.length - 1];
  if (!top) return false;
  top.current();
  return true;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getSize = () => stack.length;

/** Number of open interceptors (the shell shows the back button while > 0, even on root screens). */
export function useBackHandlerCount(): number {
  return useSyncExternalStore(subscribe, getSize, getSize);
}

/** While `active`, a back press calls `handler` instead of navigating. */
export function useBackHandler(active: boolean, handler: Handler): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => (active ? pushBackHandler(() => ref.current()) : undefined), [active]);
}
