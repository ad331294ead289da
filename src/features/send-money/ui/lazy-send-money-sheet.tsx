import { useUnit } from 'effector-react';
import { loadNamespaces } from '@/shared/i18n';
import { lazySheet } from '@/shared/ui';
import { $sendMoneyOpen } from '../model/sheet';

// Its texts (its own and the money sheets' shared words, entities/wallet's) load with its code; the error words with it.
const Lazy = lazySheet(() => Promise.all([import('./send-money-sheet'), loadNamespaces(['error-codes', 'errors'])]).then(([module]) => module));

/** The sheet's code is a lazy chunk (fetched when the browser is idle, or on the first open). */
export function SendMoneySheet() {
  const open = useUnit($sendMoneyOpen);
  return <Lazy open={open} />;
}
