import { useUnit } from 'effector-react';
import { loadNamespaces } from '@/shared/i18n';
import { lazySheet } from '@/shared/ui';
import { $requestMoneyOpen } from '../model/sheet';

const Lazy = lazySheet(() => Promise.all([import('./request-money-sheet'), loadNamespaces(['error-codes', 'errors'])]).then(([module]) => module));

/** The sheet's code is a lazy chunk (fetched when the browser is idle, or on the first open). */
export function RequestMoneySheet() {
  const open = useUnit($requestMoneyOpen);
  return <Lazy open={open} />;
}
