import { useUnit } from 'effector-react';
import { lazySheet } from '@/shared/ui';
import { $sbpTopUpOpen } from '../model/sheet';

// Its texts (its own and the money sheets' shared words, entities/wallet's; not needed by the wallet's first paint) load with its code.
const Lazy = lazySheet(() => import('./sbp-topup-sheet'));

/** The sheet's code is a lazy chunk and its texts (see `lazySheet`): fetched when the browser is idle, or on the first open. */
export function SbpTopUpSheet() {
  const open = useUnit($sbpTopUpOpen);
  return <Lazy open={open} />;
}
