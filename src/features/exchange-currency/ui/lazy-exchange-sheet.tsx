import { useUnit } from 'effector-react';
import { lazySheet } from '@/shared/ui';
import { $exchangeOpen } from '../model/sheet';

const Lazy = lazySheet(() => import('./exchange-sheet'));

/** The sheet's code is a lazy chunk (see `lazySheet`): fetched when the browser is idle, or on the first open. */
export function ExchangeSheet() {
  const open = useUnit($exchangeOpen);
  return <Lazy open={open} />;
}
