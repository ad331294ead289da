import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('English', () => {
    expect(formatMoney({ amount: 123450, currency: 'RUB' }, 'en')).toBe('₽1,234.50');
    expect(formatMoney({ amount: 123450, currency: 'USD' }, 'en')).toBe('$1,234.50');
    expect(formatMoney({ amount: 0, currency: 'USD' }, 'en')).toBe('$0.00');
    expect(formatMoney({ amount: -99, currency: 'RUB' }, 'en')).toBe('-₽0.99');
    expect(formatMoney({ amount: 1, currency: 'RUB' }, 'en')).toBe('₽0.01');
  });

  it('Russian (non-breaking spaces, comma decimals, symbol after)', () => {
    expect(formatMoney({ amount: 123450, currency: 'RUB' }, 'ru')).toBe(`1${NBSP}234,50${NBSP}₽`);
    expect(formatMoney({ amount: 0, currency: 'RUB' }, 'ru')).toBe(`0,00${NBSP}₽`);
    expect(formatMoney({ amount: -123450, currency: 'RUB' }, 'ru')).toBe(`-1${NBSP}234,50${NBSP}₽`);
    expect(formatMoney({ amount: 7, currency: 'RUB' }, 'ru')).toBe(`0,07${NBSP}₽`);
    expect(formatMoney({ amount: 100000, currency: 'USD' }, 'ru')).toBe(`1${NBSP}000,00${NBSP}$`);
  });

  it('does not lose precision on large amounts', () => {
    expect(formatMoney({ amount: 900719925474099n, currency: 'USD' }, 'en')).toBe('$9,007,199,254,740.99');
  });

  it('shows a sign on request', () => {
    expect(formatMoney({ amount: 1500, currency: 'USD' }, 'en', { signDisplay: 'exceptZero' })).toBe('+$15.00');
  });

  it('formats USDT as a 6-decimal token', () => {
    expect(formatMoney({ amount: 12_500_000, currency: 'USDT' }, 'en')).toBe(`12.50${NBSP}USDT`);
    expect(formatMoney({ amount: 12_500_123, currency: 'USDT' }, 'ru')).toBe(`12,500123${NBSP}USDT`);
  });
});

describe('formatMoneyMasked (Hide balances)', () => {
  it('keeps the currency where the language puts it and nothing of the value', async () => {
    const { formatMoneyMasked } = await import('./format');
    expect(formatMoneyMasked({ currency: 'USD' }, 'en')).toBe('$••••');
    expect(formatMoneyMasked({ currency: 'RUB' }, 'ru')).toBe('••••\u00a0₽');
    expect(formatMoneyMasked({ currency: 'USDT' }, 'en')).toBe('••••\u00a0USDT');
    expect(formatMoneyMasked({ amount: -123456, currency: 'USD' } as never, 'en')).toBe('$••••');
  });
});
