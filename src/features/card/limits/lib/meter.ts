import type { Money } from '@/shared/contract';

/**
 * The monthly-limit meter: how full it is, and its aria values. While balances are hidden the aria values are a
 * percentage (0–100), so no amount reaches the accessibility tree (the bar itself shows only the share).
 */
export function meterValues(spent: Money, monthly: Money, hidden: boolean): { max: number; now: number; share: number } {
  const share = monthly.amount > 0 ? Math.min(1, spent.amount / monthly.amount) : 0;
  if (hidden) return { max: 100, now: Math.round(share * 100), share };
  return { max: monthly.amount, now: Math.min(spent.amount, monthly.amount), share };
}
