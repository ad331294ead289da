import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { AmountsHiddenContext } from '@/shared/i18n';
import { $balancesHidden } from '../model/hide-balances';

/** Gives every amount of the app (useFormatters().money) the device's "hidden" choice. */
export function HideBalancesProvider({ children }: { children: ReactNode }) {
  const hidden = useUnit($balancesHidden);
  return <AmountsHiddenContext.Provider value={hidden}>{children}</AmountsHiddenContext.Provider>;
}

