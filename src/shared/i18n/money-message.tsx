import { createElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoneyValue } from '@/shared/money';
import { useFormatters } from './use-formatters';

interface MoneyMessageProps {
  /** A fully qualified i18n key ("exchange-currency:done"). */
  i18nKey: string;
  /** Interpolation values that are amounts. */
  money: Record<string, MoneyValue>;
}

/**
 * A translated text with amounts, formatted when it is DISPLAYED (useFormatters().money), so "hide balances"
 * masks it, and a toast already on screen follows the eye button (docs/frontend.md "Hide balances").
 */
function MoneyMessage({ i18nKey, money }: MoneyMessageProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const values = Object.fromEntries(Object.entries(money).map(([name, value]) => [name, format.money(value)]));
  return <>{t(i18nKey, values)}</>;
}

/** For models: the message a toast (notify) shows, instead of a string formatted in the model. */
export function moneyMessage(i18nKey: string, money: Record<string, MoneyValue>): ReactElement {
  return createElement(MoneyMessage, { i18nKey, money });
}
