/**
 * The text receipt "Share" hands on (issue #35): what it was, the amount, status and time, then the ids. Words from
 * the sheet's own texts (`t` looks up the sheet's namespaces: its own, then the shared `transactions`), money and dates by the sheet's formatters (so the language is the app's).
 */
import type { Money } from '@/shared/contract';
import { createdAtOf, headlineOf, idLinesOf, type TransactionDetails } from './details-view';

export interface ReceiptTextTools {
  t: (key: string, options?: Record<string, unknown>) => string;
  /** Money as the receipt shows it (never masked: the user chose to share it). */
  price: (money: Money, options?: { signDisplay?: 'always' }) => string;
  dateTime: (iso: string) => string;
}

export function receiptText(details: TransactionDetails, title: string, status: string, { t, price, dateTime }: ReceiptTextTools): string {
  const lines = [
    `${t('receipt.title')}: ${title}`,
    price(headlineOf(details), { signDisplay: 'always' }),
    `${status} · ${dateTime(createdAtOf(details))}`,
    ...idLinesOf(details).map((line) => `${t(`ids.${line.kind}`)}: ${line.value}`),
  ];
  return lines.join('\n');
}
