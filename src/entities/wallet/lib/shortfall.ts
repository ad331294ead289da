import type { Currency, Money } from '@/shared/contract';

/**
 * How much the wallet lacks to pay `total` (minor units, in the total's currency), or null when it is enough or the
 * wallet is not loaded yet (the server checks anyway: INSUFFICIENT_FUNDS).
 */
export function shortfallOf(available: Record<Currency, number> | null, total: Money | null): Money | null {
  if (!available || !total) return null;
  const missing = total.amount - (available[total.currency] ?? 0);
  return missing > 0 ? { amount: missing, currency: total.currency } : null;
}
