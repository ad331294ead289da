/** Balances card: loads the wallet and (for the estimated total) the cached quotes while mounted. */
import { combine, sample } from 'effector';
import { createGate } from 'effector-react';
import { $exchangeRates, exchangeRatesRequested } from '@/entities/exchange-rate';
import { $balances, walletRequested } from '@/entities/wallet';
import type { Money } from '@/shared/contract';
import { convertAtRate, findRate } from '@/shared/money';

export const WalletBalanceGate = createGate({ name: 'WalletBalanceGate' });

/**
 * Everything in USD, RUB converted at the current RUB→USD quote (no fee): an estimate, shown with "≈".
 * Null while a quote is missing.
 */
export const $estimatedTotal = combine($balances, $exchangeRates, (balances, rates): Money | null => {
  if (balances.length === 0) return null;
  let total = 0;
  for (const balance of balances) {
    if (balance.currency === 'USD') {
      total += balance.available.amount + balance.held.amount;
      continue;
    }
    const rate = findRate(rates, balance.currency, 'USD');
    if (!rate) return null;
    const converted = convertAtRate({ amount: balance.available.amount + balance.held.amount, currency: balance.currency }, rate);
    if (!converted) return null;
    total += converted.amount;
  }
  return { amount: total, currency: 'USD' };
});

sample({ clock: WalletBalanceGate.open, target: [walletRequested, exchangeRatesRequested] });
