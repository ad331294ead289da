import { describe, expect, it } from 'vitest';
import { checkUsdtAmount, minimumWholeUsdt, usdtCredit, usdtExactAmount } from './usdt-amount';

const min = { amount: 10_00, currency: 'USD' as const };

describe('USDT amount to send (docs/api.md "USDT deposit tag")', () => {
  it('is the whole USDT amount with the 6-digit tag as decimals', () => {
    expect(usdtExactAmount(100, '012345')).toBe('100.012345');
    expect(usdtExactAmount(10, '999999')).toBe('10.999999');
    expect(() => usdtExactAmount(100, '1234')).toThrow();
    expect(() => usdtExactAmount(1.5, '012345')).toThrow();
  });

  it('accepts whole amounts from the minimum deposit up', () => {
    expect(checkUsdtAmount('', min)).toEqual({ status: 'empty' });
    expect(checkUsdtAmount('100', min)).toEqual({ status: 'ok', whole: 100 });
    expect(checkUsdtAmount('1 000', min)).toEqual({ status: 'ok', whole: 1000 });
    expect(checkUsdtAmount('10,00', min)).toEqual({ status: 'ok', whole: 10 });
    expect(checkUsdtAmount('9', min)).toEqual({ status: 'belowMinimum', minimum: min });
    expect(checkUsdtAmount('0', min)).toEqual({ status: 'belowMinimum', minimum: min });
  });

  it('refuses decimals (they carry the tag) and non-numbers', () => {
    expect(checkUsdtAmount('100.5', min)).toEqual({ status: 'invalid', reason: 'notWhole' });
    expect(checkUsdtAmount('100.123', min)).toEqual({ status: 'invalid', reason: 'tooManyDecimals' });
    expect(checkUsdtAmount('-100', min)).toEqual({ status: 'invalid', reason: 'negative' });
    expect(checkUsdtAmount('abc', min)).toEqual({ status: 'invalid', reason: 'invalid' });
  });

  it('a minimum with cents rounds up to whole USDT', () => {
    expect(minimumWholeUsdt({ amount: 10_50, currency: 'USD' })).toBe(11);
    expect(checkUsdtAmount('10', { amount: 10_50, currency: 'USD' })).toMatchObject({ status: 'belowMinimum' });
  });

  it('says exactly what is credited: the received USDT rounded DOWN to the cent, and the sub-cent rest that is not', () => {
    expect(usdtCredit('150.049693')).toEqual({ credited: { amount: 150_04, currency: 'USD' }, uncreditedUsdt: '0.009693' });
    expect(usdtCredit('100.012345')).toEqual({ credited: { amount: 100_01, currency: 'USD' }, uncreditedUsdt: '0.002345' });
    expect(usdtCredit('10.999999')).toEqual({ credited: { amount: 10_99, currency: 'USD' }, uncreditedUsdt: '0.009999' });
    expect(usdtCredit('10.010000')).toEqual({ credited: { amount: 10_01, currency: 'USD' }, uncreditedUsdt: '0.000000' });
    // Integer arithmetic on micro-USDT: no float drift on large amounts.
    expect(usdtCredit('999999999.999999')).toEqual({ credited: { amount: 99_999_999_999, currency: 'USD' }, uncreditedUsdt: '0.009999' });
    expect(() => usdtCredit('1.5')).toThrow();
  });
});
