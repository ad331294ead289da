import { describe, expect, it } from 'vitest';
import { CardProduct } from '@/shared/contract';
import { parseAmountInput, type AmountInputResult } from './amount';
import { checkAmount, depositBounds, depositFee, issueCharge, productDepositFee, topUpCharge } from './deposit';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const parsed = (amount: number): AmountInputResult => ({ ok: true, amount });
/** A valid product (the contract's schema checks it); the entity's fixture lives above shared. */
const makeProduct = (overrides: Partial<CardProduct> = {}): CardProduct =>
  CardProduct.parse({
    id: 'prd_visa',
    name: 'Visa Virtual',
    scheme: 'visa',
    form: 'virtual',
    currency: 'USD',
    issueCost: usd(1_000),
    creationFee: usd(500),
    issuingFee: usd(500),
    minimalDeposit: usd(1_000),
    depositFee: { bps: 150, fixed: usd(0) },
    depositRange: { min: usd(1_000), max: usd(1_000_000) },
    description: 'A virtual card.',
    requirements: ['Verified account'],
    available: true,
    imageUrl: null,
    ...overrides,
  });

describe('deposit fee: fixed + ceil(amount × bps / 10 000)', () => {
  it('rounds the percent part up to the cent', () => {
    const product = makeProduct({ depositFee: { bps: 150, fixed: usd(0) } });
    expect(productDepositFee(product, 10_000)).toEqual(usd(150)); // 1.5 % of $100.00
    expect(productDepositFee(product, 1_001)).toEqual(usd(16)); // 15.015 → 16
    expect(productDepositFee(product, 1)).toEqual(usd(1));
  });

  it('adds the fixed part, and is exact for large amounts (bigint)', () => {
    const product = makeProduct({ depositFee: { bps: 100, fixed: usd(50) } });
    expect(productDepositFee(product, 2_000)).toEqual(usd(70));
    expect(productDepositFee(product, 900_719_925_474_099)).toEqual(usd(50 + 9_007_199_254_741));
  });

  it('is zero without fee', () => {
    expect(productDepositFee(makeProduct({ depositFee: { bps: 0, fixed: usd(0) } }), 5_000)).toEqual(usd(0));
  });
});

describe('bounds and charges', () => {
  it('initial deposit: at least minimalDeposit, within depositRange', () => {
    const product = makeProduct({ minimalDeposit: usd(5_000), depositRange: { min: usd(2_000), max: usd(2_500_000) } });
    expect(depositBounds(product, 'initial')).toEqual({ min: usd(5_000), max: usd(2_500_000) });
    expect(depositBounds(product, 'topUp')).toEqual({ min: usd(2_000), max: usd(2_500_000) });
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
    expect(checkAmount(parseAmountInput('', 'USD'), bounds)).toBe('required');
    expect(checkAmount(parseAmountInput('abc', 'USD'), bounds)).toBe('invalid');
    expect(checkAmount(parsed(0), bounds)).toBe('invalid');
    expect(checkAmount(parsed(999), bounds)).toBe('belowMin');
    expect(checkAmount(parsed(5_001), bounds)).toBe('aboveMax');
    expect(checkAmount(parsed(1_000), bounds)).toBeNull();
    expect(checkAmount(parsed(5_000), bounds)).toBeNull();
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
    expect(parseAmountInput(text, 'USD')).toEqual(parsed(minor));
  });

  it.each(['12.345', 'abc', '-5', '1e3', '12.3.4', '99999999999999999999'])('%j is not an amount', (text) => {
    expect(parseAmountInput(text, 'USD').ok).toBe(false);
  });

  it('empty is null', () => {
    expect(parseAmountInput('   ', 'USD')).toEqual({ ok: false, error: 'empty' });
  });
});

describe('depositFee (the server charges with it)', () => {
  it('fixed + ceil(amount × bps / 10 000), exact', () => {
    expect(depositFee({ bps: 150, fixed: 0 }, 1000)).toBe(15);
    expect(depositFee({ bps: 150, fixed: 0 }, 1001)).toBe(16); // 15.015 → 16
    expect(depositFee({ bps: 100, fixed: 50 }, 2000)).toBe(70);
    expect(depositFee({ bps: 0, fixed: 0 }, 5000)).toBe(0);
    expect(depositFee({ bps: 9999, fixed: 0 }, Number.MAX_SAFE_INTEGER)).toBe(9_006_298_534_815_517); // (2^53 − 1) × 9999 / 10 000, rounded up
  });
});
