import { useUnit } from 'effector-react';
import { loadNamespaces } from '@/shared/i18n';
import { lazySheet } from '@/shared/ui';
import { $sbpTopUpOpen } from '../model/sheet';

// The sheet's texts (namespace `wallet-actions`, not on the wallet's first paint) come with its code.
const Lazy = lazySheet(() => Promise.all([import('./sbp-topup-sheet'), loadNamespaces(['wallet-actions'])]).then(([sheet]) => sheet));

/** The sheet's code is a lazy chunk (see `lazySheet`): fetched when the browser is idle, or on the first open. */
export function SbpTopUpSheet() {
  const open = useUnit($sbpTopUpOpen);
  return <Lazy open={open} />;
}
