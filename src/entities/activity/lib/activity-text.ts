/**
 * One activity entry's sentence: the same `notifications:events.*` sentence the bot sends (server/modules/notifications
 * texts.ts fills the same templates), with the amounts by the app's formatters (masked while balances are hidden) and a
 * sign-in's moment in the device's time zone; an account notice (what operators decided) in its status's sentence, with
 * what verification asks for or why the account was frozen in the words the app shows them elsewhere.
 */
import type { ActivityItem, Money } from '@/shared/contract';

type Translate = (key: string, options?: Record<string, unknown>) => string;
/** The app's formatters (useFormatters()): the user's money, a moment. */
export interface ActivityFormatters {
  money: (money: Money) => string;
  dateTime: (value: string) => string;
}

export function activityText(item: ActivityItem, t: Translate, format: ActivityFormatters): string {
  const card = 'last4' in item && item.last4 ? t('notifications:eventParts.cardLast4', { last4: item.last4 }) : t('notifications:eventParts.card');
  const values: Record<string, unknown> = { card, interpolation: { escapeValue: false } };
  if ('amount' in item) values.amount = format.money(item.amount);
  if (item.kind === 'topUpCredited') values.method = t(`notifications:eventParts.methods.${item.method}`);
  if ('merchant' in item) values.merchant = item.merchant;
  if (item.kind === 'purchaseDeclined') values.reason = t(`errors:reasons.${item.reason}`);
  if (item.kind === 'newSignIn') values.at = format.dateTime(item.at);
  if (item.kind === 'transferReceived') {
    values.from = item.from;
    values.note = item.note ? t('notifications:eventParts.note', { note: item.note, interpolation: { escapeValue: false } }) : '';
  }
  if (item.kind === 'requestPaid') values.by = item.by;
  if (item.kind === 'withdrawalCompleted' || item.kind === 'withdrawalFailed') return t(`notifications:events.${item.kind}.${item.method}`, values).trim();
  if (item.kind === 'accountStatus') {
    values.items = (item.items ?? []).map((entry) => t(`errors:verification.verificationItems.${entry}`)).join('; ');
    values.reason = item.freezeReason ? t(`errors:verification.frozen.reasons.${item.freezeReason}`) : '';
    return t(`notifications:events.accountStatus.${item.status}`, values).replace(/ {2,}/g, ' ').trim();
  }
  return t(`notifications:events.${item.kind}`, values).trim();
}
