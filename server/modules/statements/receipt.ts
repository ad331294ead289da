/**
 * A transaction's receipt (issue #35): the details sheet's facts as a one-page PDF — what it was (in words), the
 * amount, status and time, then the figures and every identifier support may ask for. Built from the same details
 * the app shows (server/modules/transaction-details), in the receipt's language, with the PDF statement's fonts.
 */
import type { CardTradeDetails, CardTransactionDetails, Money, WalletTransactionDetails } from '@/shared/contract';
import enTransactions from '@/shared/i18n/locales/en/transactions.json';
import ruTransactions from '@/shared/i18n/locales/ru/transactions.json';
import enErrors from '@/shared/i18n/locales/en/errors.json';
import ruErrors from '@/shared/i18n/locales/ru/errors.json';
import { LOCALE, pdfMaker } from './pdf';
import { movementName, type StatementLanguage } from './texts';

export type ReceiptDetails =
  | { kind: 'wallet'; data: WalletTransactionDetails }
  | { kind: 'card'; data: CardTransactionDetails }
  | { kind: 'trade'; data: CardTradeDetails };

const TEXT = {
  en: { receipt: 'Receipt', generated: 'Generated at', status: 'Status', reason: 'Reason' },
  ru: { receipt: 'Квитанция', generated: 'Сформирована', status: 'Статус', reason: 'Причина' },
} as const;
/** The app's words (one wording on the screen and in the PDF): the details' labels, the card transactions' and purchases' names, the reasons. */
const APP = { en: { details: enTransactions, errors: enErrors }, ru: { details: ruTransactions, errors: ruErrors } };

interface ReceiptLine {
  label: string;
  value: string;
}

interface ReceiptDocument {
  language: StatementLanguage;
  title: string;
  amount: Money;
  direction: 'credit' | 'debit';
  status: string;
  at: Date;
  lines: ReceiptLine[];
}

/** What the details say, as the receipt's lines (the money formatted by `money`, times by `time`). */
function buildReceipt(details: ReceiptDetails, language: StatementLanguage, money: (value: Money) => string): ReceiptDocument {
  const app = APP[language];
  const ids = app.details.ids;
  const amounts = app.details.amounts;
  const lines: ReceiptLine[] = [];
  const add = (label: string, value: string | null | undefined) => {
    if (value) lines.push({ label, value });
  };
  const reason = (code: string | null) => (code ? ((app.errors.reasons as Record<string, string>)[code] ?? code) : null);
  const cardName = (card: { maskedNumber: string | null; productName?: string } | null) =>
    card ? [card.productName, card.maskedNumber ? `•••• ${card.maskedNumber.slice(-4)}` : null].filter(Boolean).join(' ') : null;
  if (details.kind === 'wallet') {
    const { transaction: tx, fees, total, card, sbpPayment } = details.data;
    const txDetails = tx.details as Record<string, unknown>;
    add(amounts.amount, money(tx.amount));
    if (tx.type === 'currencyExchange') {
      add(amounts.received, money(tx.details.counterAmount));
      add(amounts.rate, tx.details.rate);
    }
    if (tx.type === 'usdtDeposit') add(amounts.usdtAmount, `${tx.details.usdtAmount} USDT`);
    for (const fee of fees) add(amounts.fee, money(fee.amount));
    if (total) add(amounts.total, money(total));
    add(app.details.sections.card, cardName(card));
    if (tx.status === 'failed') add(TEXT[language].reason, reason(tx.failureCode));
    add(ids.transaction, tx.id);
    add(ids.txHash, typeof txDetails.txHash === 'string' ? txDetails.txHash : null);
    add(ids.order, sbpPayment?.orderId ?? (typeof txDetails.orderId === 'string' ? txDetails.orderId : null));
    add(ids.invoice, sbpPayment?.invoiceId);
    return {
      language,
      title: movementName(tx.type, txDetails, 'wallet', tx.direction === 'credit', language),
      amount: tx.amount,
      direction: tx.direction,
      status: app.details.status[tx.status],
      at: new Date(tx.createdAt),
      lines,
    };
  }
  if (details.kind === 'card') {
    const { transaction: tx, fee, walletDebit, transferId, card, trade, failureCode } = details.data;
    add(amounts.amount, money(tx.amount));
    if (fee) add(amounts.fee, money(fee));
    if (walletDebit) add(amounts.walletDebit, money(walletDebit));
    add(app.details.sections.merchant, tx.merchantName);
    if (trade?.originalAmount) add(amounts.originalAmount, `${trade.originalAmount.amount} ${trade.originalAmount.currency}`);
    add(app.details.sections.card, cardName(card));
    if (tx.status === 'failed') add(TEXT[language].reason, reason(failureCode));
    add(ids.transaction, tx.id);
    add(ids.transfer, transferId);
    add(ids.trade, tx.tradeId);
    return {
      language,
      title: app.details.cardTransaction.type[tx.type],
      amount: tx.amount,
      direction: tx.direction,
      status: app.details.status[tx.status],
      at: new Date(tx.createdAt),
      lines,
    };
  }
  const { trade, card, failureCode } = details.data;
  add(amounts.amount, money(trade.amount));
  if (trade.originalAmount) add(amounts.originalAmount, `${trade.originalAmount.amount} ${trade.originalAmount.currency}`);
  add(app.details.merchant.name, trade.merchant.name);
  add(app.details.merchant.mcc, trade.merchant.mcc);
  add(app.details.merchant.country, trade.merchant.country);
  add(app.details.sections.card, cardName(card));
  if (trade.status === 'declined') add(TEXT[language].reason, reason(failureCode) ?? app.details.trade.declinedUnknown);
  add(ids.trade, trade.id);
  return {
    language,
    title: `${app.details.trade.kind[trade.kind]}: ${trade.merchant.name}`,
    amount: trade.amount,
    direction: trade.kind === 'refund' ? 'credit' : 'debit',
    status: app.details.trade.status[trade.status],
    at: new Date(trade.createdAt),
    lines,
  };
}

/** A long unbroken value (a 64-character tx hash) in lines of 32: a PDF table cannot wrap inside a word. */
const wrapToken = (value: string): string => (value.length > 32 && !/\s/.test(value) ? (value.match(/.{1,32}/g) ?? [value]).join('\n') : value);

/** The receipt as a PDF (A5: a receipt, not a report). */
export async function renderReceiptPdf(details: ReceiptDetails, language: StatementLanguage, timeZone = 'UTC', now = new Date()): Promise<Buffer> {
  const locale = LOCALE[language];
  const money = (value: Money) => new Intl.NumberFormat(locale, { style: 'currency', currency: value.currency }).format(value.amount / 100);
  const receipt = buildReceipt(details, language, money);
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone });
  const text = TEXT[language];
  const signed = `${receipt.direction === 'credit' ? '+' : '−'}${money(receipt.amount)}`;
  const definition = {
    pageSize: 'A5',
    pageMargins: [32, 36, 32, 40],
    info: { title: `${text.receipt}: ${receipt.title}`, creator: 'Tonic Wallet' },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.2 },
    content: [
      { text: text.receipt, fontSize: 11, color: '#666666' },
      { text: receipt.title, fontSize: 16, bold: true, margin: [0, 2, 0, 8] },
      { text: signed, fontSize: 24, bold: true },
      { text: `${text.status}: ${receipt.status} · ${dateTime.format(receipt.at)}`, color: '#444444', margin: [0, 4, 0, 14] },
      {
        table: {
          widths: ['auto', '*'],
          body: receipt.lines.map((line) => [{ text: line.label, color: '#555555' }, { text: wrapToken(line.value), alignment: 'right' }]),
        },
        layout: 'lightHorizontalLines',
      },
    ],
    footer: () => ({ text: `${text.generated}: ${dateTime.format(now)}`, fontSize: 8, color: '#666666', margin: [32, 12, 32, 0] }),
  };
  return pdfMaker().createPdf(definition).getBuffer();
}
