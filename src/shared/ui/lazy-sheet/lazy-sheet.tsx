import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useAfterFirstScreen } from '@/shared/lib';

export interface LazySheetProps {
  /** The sheet is open (e.g. `useUnit($sheetOpen)`). */
  open: boolean;
}

/**
 * Starts `load` (a lazy chunk's import) when the browser is idle after the component mounted, and not before the
 * first screen has painted (@/shared/lib `useAfterFirstScreen`): the code of what the first paint does not show (a
 * sheet, a collapsed form) is there before the user reaches for it, and never competes with the first screen.
 */
export function useIdlePreload(load: () => Promise<unknown>): void {
  const afterFirstScreen = useAfterFirstScreen();
  useEffect(() => {
    if (!afterFirstScreen) return;
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => void load());
    return () => cancel(id);
  }, [load, afterFirstScreen]);
}

/**
 * A sheet whose code (and its CSS) is a lazy chunk, kept out of the first screen (bundle budget): it is fetched
 * when the browser is idle after the page shows, or at the latest on the first open; once opened it stays
 * mounted (the sheet animates its own closing).
 */
export function lazySheet(load: () => Promise<{ default: ComponentType }>): ComponentType<LazySheetProps> {
  const Content = lazy(load);
  function LazySheet({ open }: LazySheetProps) {
    const [wanted, setWanted] = useState(false);
    useEffect(() => {
      if (open) setWanted(true);
    }, [open]);
    useIdlePreload(load);
    if (!open && !wanted) return null;
    return (
      <Suspense fallback={null}>
        <Content />
      </Suspense>
    );
  }
  return LazySheet;
}
