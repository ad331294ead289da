import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { lazySheet } from '@/shared/ui';
import { $detailsOpen, transactionDetailsClosed } from '../model/details';

const Lazy = lazySheet(() => import('./transaction-details-sheet'));

/**
 * The sheet's code is a lazy chunk (see `lazySheet`): fetched when the browser is idle, or on the first open.
 * Leaving the screen that shows it closes it, so it never reopens on the next screen with a history.
 */
export function TransactionDetailsSheet() {
  const [open, close] = useUnit([$detailsOpen, transactionDetailsClosed]);
  useEffect(() => () => close(), [close]);
  return <Lazy open={open} />;
}
