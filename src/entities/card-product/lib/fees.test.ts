import { describe, expect, it } from 'vitest';
import { makeProduct } from '../testing/fixtures';
import { checkAmount, depositFee, initialDepositBounds, issueCharge, topUpBounds, topUpCharge } from './fees';
import { amountToInput, parseAmountInput } from './amount-input';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });

describe('deposit fee: fixed + ceil(amount × bps / 10 000)', () => {
  it('rounds the percent part up to the cent', () => {
    const product = makeProduct({ depositFee: { bps: 150, fixed: usd(0) } });
    expect(depositFee(product, 10_000)).toEqual(usd(150)); // 1.5 % of $100.00
    expect(depositFee(product, 1_001)).toEqual(usd(16)); // 15.015 → 16
    expect(depositFee(product, 1)).toEqual(usd(1));
  });

  it('adds the fixed part, and is exact for large amounts (bigint)', () => {
    const product = makeProduct({ depositFee: { bps: 100, fixed: usd(50) } });
    expect(depositFee(product, 2_000)).toEqual(usd(70));
    expect(depositFee(product, 900_719_925_474_099)).toEqual(usd(50 + 9_007_199_254_741));
  });

  it('is zero without fee', () => {
    expect(depositFee(makeProduct({ depositFee: { bps: 0, fixed: usd(0) } }), 5_000)).toEqual(usd(0));
  });
});

describe('bounds and charges', () => {
  it('initial deposit: at least minimalDeposit, within depositRange', () => {
    const product = makeProduct({ minimalDeposit: usd(5_000), depositRange: { min: usd(2_000), max: usd(2_500_000) } });
    expect(initialDepositBounds(product)).toEqual({ min: usd(5_000), max: usd(2_500_000) });
    expect(topUpBounds(product)).toEqual({ min: usd(2_000), max: usd(2_500_000) });
  });

  it('issue charge = issue cost + deposit + deposit fee', () => {
    const product = makeProduct({ issueCost: usd(5_000), depositFee: { bps: 150, fixed: usd(100) } });
    expect(issueCharge(product, 5_000)).toEqual({ issueCost: usd(5_000), deposit: usd(5_000), depositFee: usd(175), total: usd(10_175) });
  });

  it('top-up charge = amount + fee', () => {
    const product = makeProduct({ depositFee: { bps: 200, fixed: usd(0) } });
    expect(topUpCharge(product, 2_550)).toEqual({ amount: usd(2_550), fee: usd(51), total: usd(2_601) });
  });

  it('checks an amount against the bounds', () => {
    const bounds = { min: usd(1_000), max: usd(5_000) };
    expect(checkAmount(null, bounds)).toBe('required');
    expect(checkAmount('invalid', bounds)).toBe('invalid');
    expect(checkAmount(0, bounds)).toBe('invalid');
    expect(checkAmount(999, bounds)).toBe('belowMin');
    expect(checkAmount(5_001, bounds)).toBe('aboveMax');
    expect(checkAmount(1_000, bounds)).toBeNull();
    expect(checkAmount(5_000, bounds)).toBeNull();
  });
});

describe('amount input', () => {
  it.each([
    ['25', 2_500],
    ['25.5', 2_550],
    ['25,50', 2_550],
    ['0.01', 1],
    ['1 234.56', 123_456],
    ['1\u00a0234,5', 123_450],
    ['007', 700],
    ['10.', 1_000],
  ])('%j → %d minor units', (text, minor) => {
    expect(parseAmountInput(text)).toBe(minor);
  });

  it.each(['12.345', 'abc', '-5', '1e3', '12.3.4', '99999999999999999999'])('%j is not an amount', (text) => {
    expect(parseAmountInput(text)).toBe('invalid');
  });

  it('empty is null', () => {
    expect(parseAmountInput('   ')).toBeNull();
  });

  it('formats minor units back for the input', () => {
    expect(amountToInput(1_000)).toBe('10.00');
    expect(amountToInput(5)).toBe('0.05');
    expect(amountToInput(123_456)).toBe('1234.56');
  });
});
