/**
 * The bot's texts in English and Russian (server-side: they leave in a Telegram message, not through the app's i18n).
 * Amounts by the money kernel's formatMoney in the message's language (as the app writes them); a button opens the Mini App (with a start parameter where one
 * names a screen: `sbp_<paymentId>` for a failed payment, docs/frontend.md "Deep links").
 */
import type { FreezeReason, InfoRequestItem, NotificationLanguage, TradeDeclineReason, Money } from '@/shared/contract';
import { miniAppLink } from '@/shared/contract';
import { formatMoney } from '@/shared/money';
import enErrors from '@/shared/i18n/locales/en/errors.json';
import ruErrors from '@/shared/i18n/locales/ru/errors.json';
import type { BotButton } from '../../adapters/telegram-bot';
import type { AccountStatusChange, NotificationParams, StoredNotificationKind } from './store';

export interface AppLinkSettings {
  botUsername: string;
  miniAppShortName: string | null;
}

/** The decline reasons in the app's own words (one text per reason in both places: the locale files are the source). */
const DECLINE_REASONS: Record<NotificationLanguage, Record<TradeDeclineReason, string>> = {
  en: enErrors.reasons,
  ru: ruErrors.reasons,
};

/** The account notices in the app's own words (errors.json `verification`: the same sentences the app shows). */
const VERIFICATION_WORDS = { en: enErrors.verification, ru: ruErrors.verification };

const accountStatus = (p: { status: AccountStatusChange; items?: InfoRequestItem[]; freezeReason?: FreezeReason }, language: NotificationLanguage): string => {
  const words = VERIFICATION_WORDS[language];
  const ru = language === 'ru';
  switch (p.status) {
    case 'verified':
      return ru ? 'Ваш аккаунт проверен: пополнения, обмен и карты доступны.' : 'Your account is verified: top-ups, exchanges and cards are open to you.';
    case 'verificationFailed':
      return words.failed;
    case 'infoRequested':
      return words.verificationRequest.replace('{{items}}', (p.items ?? []).map((item) => words.verificationItems[item]).join(ru ? '; ' : '; '));
    case 'frozen':
      return `${words.frozen.title}. ${words.frozen.text.replace('{{reason}}', p.freezeReason ? words.frozen.reasons[p.freezeReason] : '')}`.replace(/\s+/g, ' ');
    case 'unfrozen':
      return ru ? 'Ваш счёт разморожен: деньги снова можно переводить.' : 'Your account is no longer frozen: money can move again.';
  }
};

const card = (last4: string | null | undefined, language: NotificationLanguage): string =>
  last4 ? (language === 'ru' ? `карта •${last4}` : `card •${last4}`) : language === 'ru' ? 'карта' : 'card';

const TEXTS = {
  en: {
    topUpCredited: (p: any, l: NotificationLanguage) => `Top-up credited: ${formatMoney(p.amount, l)} (${p.method === 'usdt' ? 'USDT' : 'SBP'}).`,
    paymentFailed: (p: any, l: NotificationLanguage) => `Your SBP payment of ${formatMoney(p.amount, l)} did not go through. No money was taken.`,
    cardReady: (p: any, l: NotificationLanguage) => `Your ${card(p.last4, l)} is ready.`,
    cardBlocked: (p: any, l: NotificationLanguage) => `Your ${card(p.last4, l)} has been blocked.`,
    purchaseApproved: (p: any, l: NotificationLanguage) => `Purchase approved: ${formatMoney(p.amount, l)} at ${p.merchant}, ${card(p.last4, l)}.`,
    purchaseDeclined: (p: any, l: NotificationLanguage) =>
      `Purchase declined: ${formatMoney(p.amount, l)} at ${p.merchant}, ${card(p.last4, l)}. ${DECLINE_REASONS[l][p.reason as TradeDeclineReason] ?? ''}`.trim(),
    newSignIn: (p: any, l: NotificationLanguage) =>
      `New sign-in to your account on ${new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(p.at))} UTC. If it was not you, end that session in Settings.`,
    transferReceived: (p: any, l: NotificationLanguage) =>
      `${p.from} sent you ${formatMoney(p.amount, l)}.${p.note ? `\n“${p.note}”` : ''}`,
    requestPaid: (p: any, l: NotificationLanguage) => `${p.by} paid your request for ${formatMoney(p.amount, l)}.`,
    withdrawalCompleted: (p: any, l: NotificationLanguage) =>
      `Your withdrawal of ${formatMoney(p.amount, l)} ${p.method === 'usdt' ? 'in USDT has been confirmed on the TRON network' : 'by SBP has been paid out'}.`,
    withdrawalFailed: (p: any, l: NotificationLanguage) =>
      `Your withdrawal of ${formatMoney(p.amount, l)} ${p.method === 'usdt' ? 'in USDT' : 'by SBP'} did not go through. The money is back in your wallet.`,
    accountStatus: (p: any, l: NotificationLanguage) => accountStatus(p, l),
    open: 'Open wallet',
    openPayment: 'View payment',
    welcome: 'Welcome! Your wallet and cards live in the app.',
    promo: (code: string) => `Sign up with promo code ${code}.`,
    promoButton: 'Sign up',
    payment: 'Back to your payment.',
  },
  ru: {
    topUpCredited: (p: any, l: NotificationLanguage) => `Пополнение зачислено: ${formatMoney(p.amount, l)} (${p.method === 'usdt' ? 'USDT' : 'СБП'}).`,
    paymentFailed: (p: any, l: NotificationLanguage) => `Платёж СБП на ${formatMoney(p.amount, l)} не прошёл. Деньги не списаны.`,
    cardReady: (p: any, l: NotificationLanguage) => `Ваша ${card(p.last4, l)} готова.`,
    cardBlocked: (p: any, l: NotificationLanguage) => `Ваша ${card(p.last4, l)} заблокирована.`,
    purchaseApproved: (p: any, l: NotificationLanguage) => `Покупка одобрена: ${formatMoney(p.amount, l)}, ${p.merchant}, ${card(p.last4, l)}.`,
    purchaseDeclined: (p: any, l: NotificationLanguage) =>
      `Покупка отклонена: ${formatMoney(p.amount, l)}, ${p.merchant}, ${card(p.last4, l)}. ${DECLINE_REASONS[l][p.reason as TradeDeclineReason] ?? ''}`.trim(),
    newSignIn: (p: any, l: NotificationLanguage) =>
      `Новый вход в аккаунт ${new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(p.at))} UTC. Если это были не вы, завершите этот сеанс в настройках.`,
    transferReceived: (p: any, l: NotificationLanguage) =>
      `${p.from} перевёл(а) вам ${formatMoney(p.amount, l)}.${p.note ? `\n«${p.note}»` : ''}`,
    requestPaid: (p: any, l: NotificationLanguage) => `${p.by} оплатил(а) ваш запрос на ${formatMoney(p.amount, l)}.`,
    withdrawalCompleted: (p: any, l: NotificationLanguage) =>
      `Вывод ${formatMoney(p.amount, l)} ${p.method === 'usdt' ? 'в USDT подтверждён в сети TRON' : 'по СБП выплачен'}.`,
    withdrawalFailed: (p: any, l: NotificationLanguage) =>
      `Вывод ${formatMoney(p.amount, l)} ${p.method === 'usdt' ? 'в USDT' : 'по СБП'} не прошёл. Деньги вернулись в кошелёк.`,
    accountStatus: (p: any, l: NotificationLanguage) => accountStatus(p, l),
    open: 'Открыть кошелёк',
    openPayment: 'Открыть платёж',
    welcome: 'Добро пожаловать! Кошелёк и карты — в приложении.',
    promo: (code: string) => `Зарегистрируйтесь с промокодом ${code}.`,
    promoButton: 'Зарегистрироваться',
    payment: 'Вернуться к платежу.',
  },
} satisfies Record<NotificationLanguage, Record<StoredNotificationKind, (p: any, l: NotificationLanguage) => string> & Record<string, unknown>>;

const button = (app: AppLinkSettings, text: string, startParam?: string): BotButton | undefined => {
  const url = miniAppLink(app, startParam);
  return url ? { text, url } : undefined;
};

/** The message of one notification. */
export const renderNotification = (
  kind: StoredNotificationKind,
  params: NotificationParams,
  language: NotificationLanguage,
  app: AppLinkSettings,
): { text: string; button?: BotButton } => {
  const t = TEXTS[language] ?? TEXTS.en;
  const text = t[kind](params, language);
  if (kind === 'paymentFailed' && 'paymentId' in params) return { text, button: button(app, t.openPayment, `sbp_${params.paymentId}`) };
  return { text, button: button(app, t.open) };
};

/** Start parameters the app follows (src/app/boot/deep-link.ts, the sign-up form): `ref_<CODE>`, `sbp_<paymentId>`. */
const START_PARAM = /^[A-Za-z0-9_-]{1,64}$/;

/** The answer to /start [payload]: a welcome with a button into the app, carrying the payload as its start parameter. */
export const renderStart = (payload: string | undefined, language: NotificationLanguage, app: AppLinkSettings): { text: string; button?: BotButton } => {
  const t = TEXTS[language];
  const param = payload && START_PARAM.test(payload) ? payload : undefined;
  if (param?.startsWith('ref_') && /^ref_[A-Z0-9]{4,16}$/i.test(param)) {
    const code = param.slice(4).toUpperCase();
    return { text: `${t.welcome}\n${t.promo(code)}`, button: button(app, t.promoButton, `ref_${code}`) };
  }
  if (param?.startsWith('sbp_')) return { text: t.payment, button: button(app, t.openPayment, param) };
  return { text: t.welcome, button: button(app, t.open) };
};

/** Telegram's language_code → the bot's language. */
export const languageOf = (code: string | undefined | null): NotificationLanguage => (code?.toLowerCase().startsWith('ru') ? 'ru' : 'en');
