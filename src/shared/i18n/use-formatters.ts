import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatRelativeDay,
  type FormatMoneyOptions,
  type MoneyValue,
} from './format';

/** Formatters bound to the current UI language; re-created when the language changes. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(
    () => ({
      lang,
      money: (money: MoneyValue, options?: FormatMoneyOptions) => formatMoney(money, lang, options),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, lang, options),
      date: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => formatDate(value, lang, options),
      dateTime: (value: Date | string | number) => formatDateTime(value, lang),
      relativeDay: (value: Date | string | number, now?: Date) => formatRelativeDay(value, lang, now),
    }),
    [lang],
  );
}
