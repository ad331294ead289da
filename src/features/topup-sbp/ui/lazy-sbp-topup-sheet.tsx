import { useUnit } from 'effector-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $sbpTopUpOpen } from '../model/sheet';

const load = () => import('./sbp-topup-sheet');
const Content = lazy(load);

/**
 * The sheet's code (and its CSS) is a lazy chunk, kept out of the wallet's first screen (bundle budget):
 * it is fetched when the browser is idle after the page shows, or at the latest on the first open.
 */
export function SbpTopUpSheet() {
  const open = useUnit($sbpTopUpOpen);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => void load());
    return () => cancel(id);
  }, []);
  if (!open && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <Content />
    </Suspense>
  );
}
