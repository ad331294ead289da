import { useUnit } from 'effector-react';
import { loadNamespaces } from '@/shared/i18n';
import { lazySheet } from '@/shared/ui';
import { $sbpTopUpOpen } from '../model/sheet';

// Its texts (its own and the sheets' shared `wallet-actions`, not needed by the wallet's first paint) load with its code.
const Lazy = lazySheet(() => Promise.all([import('./sbp-topup-sheet'), loadNamespaces(['wallet-actions'])]).then(([module]) => module));

/** The sheet's code is a lazy chunk and its texts (see `lazySheet`): fetched when the browser is idle, or on the first open. */
export function SbpTopUpSheet() {
  const open = useUnit($sbpTopUpOpen);
  return <Lazy open={open} />;
}
