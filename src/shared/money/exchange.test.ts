import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExchangeRate } from '@/shared/contract';
import { convertAtRate, exchangeFee, findRate, isQuoteExpired, parseDecimal, previewExchange, quoteSecondsLeft } from './exchange';

const rate = (over: Partial<ExchangeRate> = {}): ExchangeRate => ({
  from: 'USD',
  to: 'RUB',
  rate: '92.2700',
  feeBps: 50,
  quoteId: 'q1',
  expiresAt: '2025-03-12T10:01:00.000Z',
  updatedAt: '2025-03-12T10:00:00.000Z',
  ...over,
});

describe('exchange preview (docs/api.md arithmetic)', () => {
  it('$100.00 → RUB at 92.27 with 0.5 % fee', () => {
    // fee = ceil(10000 × 50 / 10000) = 50 cents; credited = floor(9950 × 92.27) = 918 086.5 → 918 086 kopecks
    expect(previewExchange(100_00, rate())).toEqual({
      from: 'USD',
      to: 'RUB',
      debited: { amount: 100_00, currency: 'USD' },
      fee: { amount: 50, currency: 'USD' },
      credited: { amount: 9_180_86, currency: 'RUB' },
      rate: '92.2700',
      quoteId: 'q1',
    });
  });

  it('rounds the fee up and the credit down', () => {
    // 1 cent: fee ceil(0.005) = 1 → nothing left to credit
    expect(previewExchange(1, rate())?.fee.amount).toBe(1);
    expect(previewExchange(1, rate())?.credited.amount).toBe(0);
    // 201 cents: fee ceil(1.005) = 2; credited floor(199 × 92.27) = floor(18361.73) = 18361
    expect(previewExchange(201, rate())).toMatchObject({ fee: { amount: 2 }, credited: { amount: 18_361 } });
  });

  it('RUB → USD at an 8-decimal rate', () => {
    // 1000.00 RUB: fee 500 kop; net 99 500 × 0.01081000 = 1075.595 → 1075 cents
    const preview = previewExchange(1_000_00, rate({ from: 'RUB', to: 'USD', rate: '0.01081000' }));
    expect(preview).toMatchObject({ fee: { amount: 5_00, currency: 'RUB' }, credited: { amount: 10_75, currency: 'USD' } });
  });

  it('matches the integer formula for any amount and fee (never floats)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e10 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 99_999_999 }), (amount, feeBps, units) => {
        const text = `${Math.floor(units / 10_000)}.${String(units % 10_000).padStart(4, '0')}`;
        const preview = previewExchange(amount, rate({ rate: text, feeBps }))!;
        const fee = (BigInt(amount) * BigInt(feeBps) + 9_999n) / 10_000n;
        expect(BigInt(preview.fee.amount)).toBe(fee);
        expect(BigInt(preview.credited.amount)).toBe(((BigInt(amount) - fee) * BigInt(units)) / 10_000n);
        expect(preview.debited.amount).toBe(amount);
      }),
    );
  });

  it('refuses amounts that are not positive integers and bad rates', () => {
    expect(previewExchange(0, rate())).toBeNull();
    expect(previewExchange(-5, rate())).toBeNull();
    expect(previewExchange(1.5, rate())).toBeNull();
    expect(previewExchange(100, rate({ rate: '-1' }))).toBeNull();
    // a credit beyond the safe integer range is not shown as a wrong number
    expect(previewExchange(Number.MAX_SAFE_INTEGER, rate({ feeBps: 0 }))).toBeNull();
  });

  it('helpers', () => {
    expect(parseDecimal('92.4150')).toEqual({ units: 924150n, scale: 4 });
    expect(parseDecimal('1e3')).toBeNull();
    expect(exchangeFee(199, 50)).toBe(1);
    expect(findRate([rate(), rate({ from: 'RUB', to: 'USD' })], 'RUB', 'USD')?.from).toBe('RUB');
    expect(findRate([], 'RUB', 'USD')).toBeNull();
    const now = Date.parse('2025-03-12T10:00:30.200Z');
    expect(isQuoteExpired(rate(), now)).toBe(false);
    expect(quoteSecondsLeft(rate(), now)).toBe(30);
    expect(isQuoteExpired(rate(), Date.parse('2025-03-12T10:01:00.000Z'))).toBe(true);
    expect(convertAtRate({ amount: 1_000_00, currency: 'RUB' }, rate({ from: 'RUB', to: 'USD', rate: '0.01081000' }))).toEqual({ amount: 10_81, currency: 'USD' });
  });
});
