/** SBP amount checks (RUB): parsed from what the user typed, within config.sbp min..max (SPEC §5). */
import { parseAmountInput, type AmountInputError } from '@/shared/money';
import type { AppConfig, Money } from '@/shared/contract';

export type SbpAmountCheck =
  | { status: 'empty' }
  | { status: 'invalid'; reason: Exclude<AmountInputError, 'empty'> | 'zero' }
  | { status: 'belowMinimum'; minimum: Money }
  | { status: 'aboveMaximum'; maximum: Money }
  | { status: 'ok'; amount: number };

export function checkSbpAmount(text: string, limits: AppConfig['sbp'] | null): SbpAmountCheck {
  const parsed = parseAmountInput(text, 'RUB');
  if (!parsed.ok) return parsed.error === 'empty' ? { status: 'empty' } : { status: 'invalid', reason: parsed.error };
  if (parsed.amount === 0) return { status: 'invalid', reason: 'zero' };
  if (limits && parsed.amount < limits.minAmount.amount) return { status: 'belowMinimum', minimum: limits.minAmount };
  if (limits && parsed.amount > limits.maxAmount.amount) return { status: 'aboveMaximum', maximum: limits.maxAmount };
  return { status: 'ok', amount: parsed.amount };
}
