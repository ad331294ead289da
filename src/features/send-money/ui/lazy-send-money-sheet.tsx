import { useUnit } from 'effector-react';
import { loadNamespaces } from '@/shared/i18n';
import { lazySheet } from '@/shared/ui';
import { $sendMoneyOpen } from '../model/sheet';

// Its texts (its own, and the sheets' shared `wallet-actions` with the error words) load with its code.
const Lazy = lazySheet(() => Promise.all([import('./send-money-sheet'), loadNamespaces(['wallet-actions', 'error-codes', 'errors'])]).then(([module]) => module));

/** The sheet's code is a lazy chunk (fetched when the browser is idle, or on the first open). */
export function SendMoneySheet() {
  const open = useUnit($sendMoneyOpen);
  return <Lazy open={open} />;
}
