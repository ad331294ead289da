/**
 * The bot's texts in English and Russian (server-side: they leave in a Telegram message, not through the app's i18n).
 * The events' texts are the app's own (`events` of the notifications locale files: the activity centre shows the same
 * sentences), with the amounts by the money kernel's formatMoney in the message's language (as the app writes them);
 * a button opens the Mini App (with a start parameter where one names a screen: `sbp_<paymentId>` for a failed
 * payment, docs/frontend.md "Deep links").
 */
import type { AccountStatusChange, FreezeReason, InfoRequestItem, NotificationLanguage, TradeDeclineReason } from '@/shared/contract';
import { miniAppLink } from '@/shared/contract';
import { formatMoney } from '@/shared/money';
import enErrors from '@/shared/i18n/locales/en/errors.json';
import ruErrors from '@/shared/i18n/locales/ru/errors.json';
import enNotifications from '@/shared/i18n/locales/en/notifications.json';
import ruNotifications from '@/shared/i18n/locales/ru/notifications.json';
import type { BotButton } from '../../adapters/telegram-bot';
import type { NotificationParams, StoredNotificationKind } from './store';

export interface AppLinkSettings {
  botUsername: string;
  miniAppShortName: string | null;
}

/** The app's locale files of each language: the events' sentences, the decline reasons, what verification asks for and why an account is frozen (one text in both places). */
const LOCALE = {
  en: { ...enNotifications, reasons: enErrors.reasons, verification: enErrors.verification },
  ru: { ...ruNotifications, reasons: ruErrors.reasons, verification: ruErrors.verification },
} satisfies Record<NotificationLanguage, unknown>;

/** i18next's `{{name}}` placeholders, filled the way the app's i18n fills them (no escaping: plain text). */
const fill = (template: string, values: Record<string, string>): string => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/**
 * One event's sentence, as the app's activity centre writes it (an account notice: its status's sentence, with what was
 * asked for or why the account was frozen); `at` of a sign-in in UTC (a chat has no time zone).
 */
const eventText = (kind: StoredNotificationKind, p: Record<string, any>, l: NotificationLanguage): string => {
  const locale = LOCALE[l];
  const parts = locale.eventParts;
  const at = p.at ? `${new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(p.at))} UTC` : '';
  const template: string =
    kind === 'accountStatus'
      ? locale.events.accountStatus[p.status as AccountStatusChange]
      : kind === 'withdrawalCompleted' || kind === 'withdrawalFailed'
        ? locale.events[kind][p.method as 'usdt' | 'sbp']
        : locale.events[kind];
  return fill(template, {
    amount: p.amount ? formatMoney(p.amount, l) : '',
    method: p.method === 'usdt' || p.method === 'sbp' ? parts.methods[p.method as 'usdt' | 'sbp'] : '',
    card: p.last4 ? fill(parts.cardLast4, { last4: String(p.last4) }) : parts.card,
    merchant: String(p.merchant ?? ''),
    from: String(p.from ?? ''),
    by: String(p.by ?? ''),
    note: p.note ? fill(parts.note, { note: String(p.note) }) : '',
    reason: (p.reason ? locale.reasons[p.reason as TradeDeclineReason] : p.freezeReason ? locale.verification.frozen.reasons[p.freezeReason as FreezeReason] : '') ?? '',
    items: ((p.items ?? []) as InfoRequestItem[]).map((item) => locale.verification.verificationItems[item]).join('; '),
    at,
  })
    .replace(/ {2,}/g, ' ')
    .trim();
};

const TEXTS = {
  en: {
    open: 'Open wallet',
    openPayment: 'View payment',
    welcome: 'Welcome! Your wallet and cards live in the app.',
    promo: (code: string) => `Sign up with promo code ${code}.`,
    promoButton: 'Sign up',
    payment: 'Back to your payment.',
  },
  ru: {
    open: 'Открыть кошелёк',
    openPayment: 'Открыть платёж',
    welcome: 'Добро пожаловать! Кошелёк и карты — в приложении.',
    promo: (code: string) => `Зарегистрируйтесь с промокодом ${code}.`,
    promoButton: 'Зарегистрироваться',
    payment: 'Вернуться к платежу.',
  },
} satisfies Record<NotificationLanguage, Record<string, unknown>>;

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
  const text = eventText(kind, params as Record<string, any>, language);
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
