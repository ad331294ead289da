/**
 * What blocks deleting the account, as an instruction the user can follow (issue #35): an amount in words, a card to
 * close, or a card to wait for (never "close" a card the server says cannot be closed yet). Amounts come formatted
 * with `price` (never masked by "hide balances": the user needs them to act).
 */
import type { DeletionBlocker, Money } from '@/shared/contract';
import { deleteAccountTexts } from '../i18n/texts';

export interface BlockerTextTools {
  t: (key: string, options?: Record<string, unknown>) => string;
  price: (money: Money) => string;
}

export function blockerText(blocker: DeletionBlocker, { t, price }: BlockerTextTools): string {
  switch (blocker.kind) {
    case 'walletBalance':
      return t(`${deleteAccountTexts.ns}:walletBalance`, { currency: blocker.currency, amount: price(blocker) });
    case 'pendingTransaction':
      return t(`${deleteAccountTexts.ns}:pendingTransaction`, { amount: price(blocker) });
    case 'card': {
      const key = `${deleteAccountTexts.ns}:${blocker.next === 'close' ? 'card' : 'cardWait'}${blocker.last4 ? '' : 'NoNumber'}`;
      const status = t(`cards:status.${blocker.status}`, { defaultValue: blocker.status });
      return t(key, { card: `•• ${blocker.last4 ?? ''}`, status });
    }
  }
}
