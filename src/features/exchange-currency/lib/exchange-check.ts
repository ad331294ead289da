/**
 * Validation of an exchange amount (SPEC §5): "Amount must be greater than 0", "Insufficient funds for this
 * exchange", the configured minimum per source currency. `debited = amount` (the fee is inside it), so the
 * amount itself must fit the available balance.
 */
import { parseAmountInput, type AmountInputError } from '@/shared/money';
import type { Currency, Money } from '@/shared/contract';

export type ExchangeCheck =
  | { status: 'empty' }
  | { status: 'invalid'; reason: Exclude<AmountInputError, 'empty' | 'negative'> }
  /** SPEC §5 "Amount must be greater than 0" (zero or negative). */
  | { status: 'notPositive' }
  | { status: 'belowMinimum'; amount: number; minimum: Money }
  /** SPEC §5 "Insufficient funds for this exchange". */
  | { status: 'insufficient'; amount: number; available: Money }
  | { status: 'ok'; amount: number };

export function checkExchangeAmount(
  text: string,
  from: Currency,
  available: Record<Currency, number> | null,
  minimum: Money | null,
): ExchangeCheck {
  const parsed = parseAmountInput(text, from);
  if (!parsed.ok) {
    if (parsed.error === 'empty') return { status: 'empty' };
    if (parsed.error === 'negative') return { status: 'notPositive' };
    return { status: 'invalid', reason: parsed.error };
  }
  const { amount } = parsed;
  if (amount <= 0) return { status: 'notPositive' };
  if (available && amount > available[from]) return { status: 'insufficient', amount, available: { amount: available[from], currency: from } };
  if (minimum && minimum.currency === from && amount < minimum.amount) return { status: 'belowMinimum', amount, minimum };
  return { status: 'ok', amount };
}

/** The amount typed, when it is a number worth previewing (even if it is over the balance). */
export function previewableAmount(check: ExchangeCheck): number | null {
  return check.status === 'ok' || check.status === 'insufficient' || check.status === 'belowMinimum' ? check.amount : null;
}

export { otherCurrency } from './other-currency';
