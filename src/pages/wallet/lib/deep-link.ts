/**
 * Wallet deep links: /wallet?topup=usdt, /wallet?topup=sbp&amount=150000 (kopecks; Retry of a failed SBP
 * payment), /wallet?action=exchange&from=RUB. The page opens the sheet once and drops the parameters.
 */
import type { Currency } from '@/shared/contract';

export type WalletDeepLink =
  | { kind: 'usdt' }
  | { kind: 'sbp'; amount?: number }
  | { kind: 'exchange'; from?: Currency }
  /** A payment link (/wallet?send=<payCode>) or a payment request (/wallet?request=<id>): the send sheet. */
  | { kind: 'send'; payCode: string }
  | { kind: 'request'; requestId: string };

export const WALLET_LINK_PARAMS = ['topup', 'amount', 'action', 'from', 'send', 'request'] as const;

export function parseWalletDeepLink(search: URLSearchParams): WalletDeepLink | null {
  const send = search.get('send');
  if (send && /^[A-Za-z0-9]{10}$/.test(send)) return { kind: 'send', payCode: send };
  const request = search.get('request');
  if (request && /^prq_[A-Za-z0-9_-]{22}$/.test(request)) return { kind: 'request', requestId: request };
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
