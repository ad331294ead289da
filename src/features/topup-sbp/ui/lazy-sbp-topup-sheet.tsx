import { useUnit } from 'effector-react';
import { lazySheet } from '@/shared/ui';
import { $sbpTopUpOpen } from '../model/sheet';

const Lazy = lazySheet(() => import('./sbp-topup-sheet'));

/** The sheet's code is a lazy chunk (see `lazySheet`): fetched when the browser is idle, or on the first open. */
export function SbpTopUpSheet() {
  const open = useUnit($sbpTopUpOpen);
  return <Lazy open={open} />;
}
