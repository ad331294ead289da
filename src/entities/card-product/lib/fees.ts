/**
 * Card product money rules (docs/api.md "Cards"), the same arithmetic the server uses. All amounts are
 * integer minor units of the product currency; the server stays the truth, this only previews.
 */
import type { CardProduct, Money } from '@/shared/contract';

/** Deposit fee on a deposit or top-up of `amount`: fixed + ceil(amount × bps / 10 000) (exact, bigint). */
export function depositFee(product: Pick<CardProduct, 'depositFee' | 'currency'>, amount: number): Money {
  const { bps, fixed } = product.depositFee;
  const percent = amount > 0 && bps > 0 ? Number((BigInt(amount) * BigInt(bps) + 9_999n) / 10_000n) : 0;
  return { amount: fixed.amount + percent, currency: product.currency };
}

/** Bounds of one top-up (depositRange). */
export function topUpBounds(product: Pick<CardProduct, 'depositRange'>): { min: Money; max: Money } {
  return { min: product.depositRange.min, max: product.depositRange.max };
}

/** Bounds of the initial deposit at issue: at least minimalDeposit and within depositRange. */
export function initialDepositBounds(product: Pick<CardProduct, 'depositRange' | 'minimalDeposit'>): { min: Money; max: Money } {
  const { min, max } = product.depositRange;
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
  const fee = depositFee(product, initialDeposit);
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
  const fee = depositFee(product, amount);
  return {
    amount: { amount, currency: product.currency },
    fee,
    total: { amount: amount + fee.amount, currency: product.currency },
  };
}

/** Why an amount is not accepted, or null when it is. */
export type AmountProblem = 'required' | 'invalid' | 'belowMin' | 'aboveMax';

export function checkAmount(amount: number | null | 'invalid', bounds: { min: Money; max: Money }): AmountProblem | null {
  if (amount === null) return 'required';
  if (amount === 'invalid' || amount <= 0) return 'invalid';
  if (amount < bounds.min.amount) return 'belowMin';
  if (amount > bounds.max.amount) return 'aboveMax';
  return null;
}
