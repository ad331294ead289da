/**
 * What the wallet lacks to pay a charge. A paying feature creates its store once (`createShortfall($total)`) and
 * both its model (the confirmation is blocked) and `WalletFunds` (the warning) read that store.
 */
import { combine, type Store } from 'effector';
import type { Currency, Money } from '@/shared/contract';
import { $available } from './wallet';

/**
 * How much the wallet lacks to pay `total` (minor units, in the total's currency), or null when it is enough or the
 * wallet is not loaded yet (the server checks anyway: INSUFFICIENT_FUNDS).
 */
function shortfallOf(available: Record<Currency, number> | null, total: Money | null): Money | null {
  if (!available || !total) return null;
  const missing = total.amount - (available[total.currency] ?? 0);
  return missing > 0 ? { amount: missing, currency: total.currency } : null;
}

/** The shortfall of the wallet for the charge in `$total` (null: nothing to pay yet, enough, or not loaded). */
export function createShortfall($total: Store<Money | null>): Store<Money | null> {
  return combine($available, $total, shortfallOf);
}
