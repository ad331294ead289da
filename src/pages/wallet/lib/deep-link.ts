/**
 * Wallet deep links: /wallet?topup=usdt, /wallet?topup=sbp&amount=150000 (kopecks; Retry of a failed SBP
 * payment), /wallet?action=exchange&from=RUB. The page opens the sheet once and drops the parameters.
 */
import type { Currency } from '@/shared/contract';

export type WalletDeepLink = { kind: 'usdt' } | { kind: 'sbp'; amount?: number } | { kind: 'exchange'; from?: Currency };

export const WALLET_LINK_PARAMS = ['topup', 'amount', 'action', 'from'] as const;

export function parseWalletDeepLink(search: URLSearchParams): WalletDeepLink | null {
  const topup = search.get('topup');
  if (topup === 'usdt') return { kind: 'usdt' };
  if (topup === 'sbp') {
    const raw = search.get('amount');
    const amount = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
    return amount !== undefined && amount > 0 ? { kind: 'sbp', amount } : { kind: 'sbp' };
  }
  if (search.get('action') === 'exchange') {
    const from = search.get('from');
    return from === 'USD' || from === 'RUB' ? { kind: 'exchange', from } : { kind: 'exchange' };
  }
  return null;
}
