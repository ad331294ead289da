/**
 * A statement's words, English and Russian (issue #35: the file speaks to people). The transaction names reuse the
 * app's own texts (its locale files are the source: one wording in the app and in the file); the statement's own
 * labels are here. Which name a movement gets depends on the account and the direction: money going from the wallet
 * to a card is a "Card top-up", money coming back from a card is "Money back from card", never a top-up.
 */
import enTransactions from '@/shared/i18n/locales/en/transactions.json';
import ruTransactions from '@/shared/i18n/locales/ru/transactions.json';
import enWallet from '@/shared/i18n/locales/en/wallet.json';
import ruWallet from '@/shared/i18n/locales/ru/wallet.json';

export type StatementLanguage = 'en' | 'ru';
export type StatementAccountKind = 'wallet' | 'card';

const LABELS = {
  en: {
    statement: 'Statement',
    walletTitle: (currency: string) => `Wallet ${currency}`,
    cardTitle: (last4: string | null) => (last4 ? `Card •••• ${last4}` : 'Card'),
    header: {
      statement: 'Statement',
      currency: 'Currency',
      from: 'Period from',
      to: 'Period to',
      opening: 'Opening balance',
      closing: 'Closing balance',
      credits: 'Total credits',
      debits: 'Total debits',
      generated: 'Generated at',
    },
    columns: {
      date: 'Date',
      type: 'Type',
      description: 'Description',
      reference: 'Reference',
      status: 'Status',
      credit: 'Credit',
      debit: 'Debit',
      balance: 'Balance',
      currency: 'Currency',
      id: 'Transaction id',
      typeCode: 'Type code',
    },
    types: {
      cardIssueRefund: 'Refund: card not issued',
      cardTopupRefund: 'Refund: card top-up failed',
      exchange: 'Exchange',
      other: 'Other',
    },
    fromWallet: 'From wallet',
    toWallet: 'To wallet',
    exchangeAt: (counter: string, rate: string) => `${counter} at ${rate}`,
    sbpOrder: enWallet.transaction.details.sbpOrder,
    noRows: 'No transactions in this period.',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  ru: {
    statement: 'Выписка',
    walletTitle: (currency: string) => `Кошелёк ${currency}`,
    cardTitle: (last4: string | null) => (last4 ? `Карта •••• ${last4}` : 'Карта'),
    header: {
      statement: 'Выписка',
      currency: 'Валюта',
      from: 'Период с',
      to: 'Период по',
      opening: 'Входящий остаток',
      closing: 'Исходящий остаток',
      credits: 'Всего зачислено',
      debits: 'Всего списано',
      generated: 'Сформирована',
    },
    columns: {
      date: 'Дата',
      type: 'Тип',
      description: 'Описание',
      reference: 'Референс',
      status: 'Статус',
      credit: 'Зачисление',
      debit: 'Списание',
      balance: 'Остаток',
      currency: 'Валюта',
      id: 'ID операции',
      typeCode: 'Код типа',
    },
    types: {
      cardIssueRefund: 'Возврат: карта не выпущена',
      cardTopupRefund: 'Возврат: пополнение карты не прошло',
      exchange: 'Обмен',
      other: 'Прочее',
    },
    fromWallet: 'Из кошелька',
    toWallet: 'В кошелёк',
    exchangeAt: (counter: string, rate: string) => `${counter} по курсу ${rate}`,
    sbpOrder: ruWallet.transaction.details.sbpOrder,
    noRows: 'За этот период операций нет.',
    page: (page: number, pages: number) => `Страница ${page} из ${pages}`,
  },
} as const;

const APP = { en: { wallet: enWallet.transaction, cards: enTransactions.cardTransaction }, ru: { wallet: ruWallet.transaction, cards: ruTransactions.cardTransaction } };

export const statementLabels = (language: StatementLanguage) => LABELS[language];

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** A ledger movement's name on this account, in words. `credit`: money came into the account. */
export function movementName(
  type: string,
  details: Record<string, unknown>,
  account: StatementAccountKind,
  credit: boolean,
  language: StatementLanguage,
): string {
  const wallet = APP[language].wallet;
  const cards = APP[language].cards;
  const labels = LABELS[language];
  switch (type) {
    case 'usdtDeposit':
    case 'sbpTopup':
    case 'cardIssue':
    case 'promoBonus':
    case 'manualAdjustment':
      return wallet.types[type];
    case 'currencyExchange':
      return labels.types.exchange;
    case 'serviceCommission': {
      const reason = String(details.reason ?? 'other') as keyof typeof wallet.commission;
      return wallet.commission[reason] ?? wallet.commission.other;
    }
    case 'cardTransfer':
      // Wallet: out to a card = a top-up; in from a card = money back. Card: in = a top-up; out = back to the wallet.
      if (account === 'wallet') return credit ? wallet.types.cardTransferBack : wallet.types.cardTransfer;
      return credit ? cards.type.topup : cards.type.withdrawal;
    case 'cardIssueSettle':
      return cards.type.issue;
    case 'cardTopupSettle':
      return cards.type.topup;
    case 'cardPurchase':
      return cards.type.purchase;
    case 'cardRefund':
      return cards.type.refund;
    case 'cardIssueRefund':
      return labels.types.cardIssueRefund;
    case 'cardTopupRefund':
      return labels.types.cardTopupRefund;
    default:
      return labels.types.other;
  }
}

/** The status in words (the card history's words: Completed / Pending / Failed). */
export const statusName = (status: string, language: StatementLanguage): string =>
  (APP[language].cards.status as Record<string, string>)[status] ?? status;

/** A short description from the ledger's structured details (no sentence from a user but names). */
export function movementDescription(
  type: string,
  details: Record<string, unknown>,
  account: StatementAccountKind,
  credit: boolean,
  language: StatementLanguage,
  money: (value: unknown) => string,
): string {
  const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  const wallet = APP[language].wallet;
  const labels = LABELS[language];
  switch (type) {
    case 'usdtDeposit':
      return `USDT ${text(details.usdtAmount)} (TRON)`;
    case 'sbpTopup':
      return fill(labels.sbpOrder, { orderId: text(details.orderId) });
    case 'currencyExchange':
      return labels.exchangeAt(money(details.counterAmount), text(details.rate));
    case 'cardIssue':
      return text(details.productName);
    case 'cardTransfer': {
      if (account === 'card') return credit ? labels.fromWallet : labels.toWallet;
      const last4 = text(details.cardLast4);
      if (credit) return last4 ? fill(wallet.details.fromCard, { last4 }) : wallet.details.fromYourCard;
      return last4 ? fill(wallet.details.toCard, { last4 }) : wallet.details.toYourCard;
    }
    case 'promoBonus':
      return fill(wallet.details.promoBonus, { name: text(details.referralName) });
    case 'manualAdjustment':
      // An operator's goodwill credit or correction (docs/ops.md "Manual adjustments"): the app's words for it.
      return details.kind === 'goodwill' ? wallet.details.adjustment.goodwill : wallet.details.adjustment.correction;
    default:
      return text(details.merchantName);
  }
}
