/**
 * Card product money rules (docs/api.md "Cards"): the deposit fee and the deposit ranges, the ONE copy. The server
 * charges with `depositFee`; the app previews issue and top-up charges with the same function. All amounts are
 * integer minor units of the product currency.
 */
import type { CardProduct, Money } from '@/shared/contract';
import type { AmountInputResult } from './amount';

/** A product's deposit fee: basis points of the amount plus a fixed part (minor units). */
export interface DepositFeeRule {
  bps: number;
  fixed: number;
}

/** Fee on a deposit or top-up of `amount`: fixed + ceil(amount × bps / 10 000), exact (bigint). */
export function depositFee(rule: DepositFeeRule, amount: number): number {
  const percent = amount > 0 && rule.bps > 0 ? Number((BigInt(amount) * BigInt(rule.bps) + 9_999n) / 10_000n) : 0;
  return rule.fixed + percent;
}

/** The deposit fee of a product as the contract describes it (the fixed part is Money). */
export function productDepositFee(product: Pick<CardProduct, 'depositFee' | 'currency'>, amount: number): Money {
  const { bps, fixed } = product.depositFee;
  return { amount: depositFee({ bps, fixed: fixed.amount }, amount), currency: product.currency };
}

/** What a deposit is: the initial deposit of a new card, or a later top-up. */
export type DepositKind = 'initial' | 'topUp';

/**
 * THE deposit-range rule (the server refuses with DEPOSIT_OUT_OF_RANGE outside it; the app checks and shows the same
 * bounds): a top-up lies within depositRange; the initial deposit at issue is at least minimalDeposit too.
 */
export function depositBounds(product: Pick<CardProduct, 'depositRange' | 'minimalDeposit'>, kind: DepositKind): { min: Money; max: Money } {
  const { min, max } = product.depositRange;
  if (kind === 'topUp') return { min, max };
  return { min: min.amount >= product.minimalDeposit.amount ? min : product.minimalDeposit, max };
}

export interface IssueCharge {
  issueCost: Money;
  deposit: Money;
  depositFee: Money;
  /** What the wallet is charged: issueCost + deposit + depositFee. */
  total: Money;
}

/** What issuing the card with `initialDeposit` takes from the wallet (product currency). */
export function issueCharge(product: CardProduct, initialDeposit: number): IssueCharge {
  const fee = productDepositFee(product, initialDeposit);
  const currency = product.currency;
  return {
    issueCost: product.issueCost,
    deposit: { amount: initialDeposit, currency },
    depositFee: fee,
    total: { amount: product.issueCost.amount + initialDeposit + fee.amount, currency },
  };
}

export interface TopUpCharge {
  amount: Money;
  fee: Money;
  /** What the wallet is charged: amount + fee. */
  total: Money;
}

export function topUpCharge(product: CardProduct, amount: number): TopUpCharge {
  const fee = productDepositFee(product, amount);
  return {
    amount: { amount, currency: product.currency },
    fee,
    total: { amount: amount + fee.amount, currency: product.currency },
  };
}

/** Why an amount is not accepted, or null when it is. */
export type AmountProblem = 'required' | 'invalid' | 'belowMin' | 'aboveMax';

/** A parsed amount (`parseAmountInput`) against a range. */
export function checkAmount(parsed: AmountInputResult, bounds: { min: Money; max: Money }): AmountProblem | null {
  if (!parsed.ok) return parsed.error === 'empty' ? 'required' : 'invalid';
  if (parsed.amount <= 0) return 'invalid';
  if (parsed.amount < bounds.min.amount) return 'belowMin';
  if (parsed.amount > bounds.max.amount) return 'aboveMax';
  return null;
}
