import { useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatMoneyMasked, MASKED_DIGITS, type FormatMoneyOptions, type MoneyValue } from '@/shared/money';
import { formatDate, formatDateTime, formatNumber, formatRelativeDay } from './format';
import { AmountsHiddenContext } from './amounts-hidden';


/** Formatters bound to the current UI language; re-created when the language changes or amounts are hidden/shown. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const amountsHidden = useContext(AmountsHiddenContext);
  return useMemo(
    () => ({
      lang,
      amountsHidden,
      money: (money: MoneyValue, options?: FormatMoneyOptions) =>
        amountsHidden ? formatMoneyMasked(money, lang) : formatMoney(money, lang, options),
      /** An exact decimal kept as it is (a USDT amount with its 6 decimals; the unit is the caller's): masked while hidden. */
      exact: (decimal: string) => (amountsHidden ? MASKED_DIGITS : decimal),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, lang, options),
      date: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => formatDate(value, lang, options),
      dateTime: (value: Date | string | number) => formatDateTime(value, lang),
      relativeDay: (value: Date | string | number, now?: Date) => formatRelativeDay(value, lang, now),
    }),
    [lang, amountsHidden],
  );
}
