import { useUnit } from 'effector-react';
import { lazySheet } from '@/shared/ui';
import { $usdtTopUpOpen } from '../model/sheet';

// Its texts (the slice's own, not needed by the wallet's first paint) load with its code.
const Lazy = lazySheet(() => import('./usdt-topup-sheet'));

/** The sheet's code is a lazy chunk and its texts (see `lazySheet`): fetched when the browser is idle, or on the first open. */
export function UsdtTopUpSheet() {
  const open = useUnit($usdtTopUpOpen);
  return <Lazy open={open} />;
}
