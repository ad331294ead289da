/**
 * THE money formatter (docs/architecture.md "Money kernel"): the app's screens, the bot's messages and the server's
 * refusals all write an amount with it. Money is integer minor units (USD cents, RUB kopecks): it is turned into an
 * exact decimal string (no float division) and handed to Intl.NumberFormat with `narrowSymbol`, so en + RUB prints
 * "₽1,234.50" (not "RUB 1,234.50") and ru prints "1 234,50 ₽" (U+00A0 separators).
 */
import { minorToDecimal } from './amount';

export interface MoneyValue {
  /** Integer minor units. */
  amount: number | bigint;
  /** ISO 4217 code ("USD", "RUB"); "USDT" is handled as a 6-decimal token. */
  currency: string;
}

export interface FormatMoneyOptions {
  /** 'always' / 'exceptZero' show "+" on incoming amounts (transaction lists). */
  signDisplay?: 'auto' | 'always' | 'exceptZero' | 'never';
}

const formatters = new Map<string, Intl.NumberFormat>();
function cached(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let value = formatters.get(key);
  if (!value) {
    value = make();
    formatters.set(key, value);
  }
  return value;
}

/** Tokens that are not ISO 4217 currencies: minor-unit digits and the label shown after the number. */
const TOKENS: Record<string, { digits: number; minimumDigits: number; label: string }> = {
  USDT: { digits: 6, minimumDigits: 2, label: 'USDT' },
};

export function formatMoney(money: MoneyValue, lang: string, options: FormatMoneyOptions = {}): string {
  const currency = money.currency.toUpperCase();
  const signDisplay = options.signDisplay ?? 'auto';
  const token = TOKENS[currency];
  if (token) {
    const nf = cached(`tok|${lang}|${currency}|${signDisplay}`, () =>
      new Intl.NumberFormat(lang, {
        minimumFractionDigits: token.minimumDigits,
        maximumFractionDigits: token.digits,
        signDisplay,
      }),
    );
    return `${formatDecimal(nf, minorToDecimal(money.amount, token.digits))}\u00a0${token.label}`;
  }
  const nf = cached(`cur|${lang}|${currency}|${signDisplay}`, () =>
    new Intl.NumberFormat(lang, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', signDisplay }),
  );
  const digits = nf.resolvedOptions().maximumFractionDigits ?? 2;
  return formatDecimal(nf, minorToDecimal(money.amount, digits));
}

/** What a hidden amount shows in place of its digits ("Hide balances"). */
export const MASKED_DIGITS = '••••';

/**
 * The amount with its digits replaced by MASKED_DIGITS and no sign, the currency kept where the language puts it:
 * "$••••" / "•••• ₽" / "•••• USDT". Nothing of the value (not even its length) is left.
 */
export function formatMoneyMasked(money: Pick<MoneyValue, 'currency'>, lang: string): string {
  const currency = money.currency.toUpperCase();
  const token = TOKENS[currency];
  if (token) return `${MASKED_DIGITS}\u00a0${token.label}`;
  const nf = cached(`cur|${lang}|${currency}|never`, () =>
    new Intl.NumberFormat(lang, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', signDisplay: 'never' }),
  );
  let masked = '';
  let inNumber = false;
  for (const part of nf.formatToParts(0)) {
    if (part.type === 'integer' || part.type === 'group' || part.type === 'decimal' || part.type === 'fraction') {
      if (!inNumber) masked += MASKED_DIGITS;
      inNumber = true;
    } else {
      masked += part.value;
      inNumber = false;
    }
  }
  return masked;
}

/** Intl accepts exact decimal strings (ES2023); the cast keeps older lib typings happy. */
function formatDecimal(nf: Intl.NumberFormat, decimal: string): string {
  return nf.format(decimal as unknown as number);
}
