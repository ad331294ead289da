import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToInputText, parseAmountInput } from './amount-input';

const ok = (amount: number) => ({ ok: true, amount });
const err = (error: string) => ({ ok: false, error });

describe('parseAmountInput', () => {
  it.each([
    ['1 234,56', 123456],
    ['1234.56', 123456],
    ['1234,56', 123456],
    ['1\u00a0234,56', 123456],
    ['1\u202f234,5', 123450],
    ['  42  ', 4200],
    ['0', 0],
    ['0.01', 1],
    ['.5', 50],
    [',5', 50],
    ['5.', 500],
    ['007', 700],
    ['1,234.56', 123456],
    ['1.234,56', 123456],
    ['1,234,567', 123456700],
    ['1.234.567', 123456700],
    ['1 000 000', 100000000],
    ['90071992547409.91', 9007199254740991],
  ])('accepts %j as %d minor units', (text, amount) => {
    expect(parseAmountInput(text, 'RUB')).toEqual(ok(amount));
    expect(parseAmountInput(text, 'USD')).toEqual(ok(amount));
  });

  it.each([
    ['1.234', 'tooManyDecimals'],
    ['1,234', 'tooManyDecimals'],
    ['0.001', 'tooManyDecimals'],
    ['12.345', 'tooManyDecimals'],
  ])('rejects more than 2 decimals: %j', (text, error) => {
    expect(parseAmountInput(text, 'USD')).toEqual(err(error));
  });

  it.each(['-5', '−5', '-0.5', '- 12,50'])('rejects a negative amount %j', (text) => {
    expect(parseAmountInput(text, 'USD')).toEqual(err('negative'));
  });

  it.each(['', '   ', '\u00a0'])('reports empty text %j', (text) => {
    expect(parseAmountInput(text, 'USD')).toEqual(err('empty'));
  });

  it.each(['abc', '12a', '1e5', '0x10', '+5', '$5', '5 USD', '.', ',', '1..2', '1.2.3', '1,2,3', '1,23,456', '1.234,5.6', '1,2.5', 'NaN', 'Infinity', '--5', '-'])(
    'rejects a non-number %j',
    (text) => {
      expect(parseAmountInput(text, 'USD')).toEqual(err('invalid'));
    },
  );

  it('rejects amounts beyond the safe integer range', () => {
    expect(parseAmountInput('90071992547409.92', 'USD')).toEqual(err('tooLarge'));
    expect(parseAmountInput('99999999999999999999', 'RUB')).toEqual(err('tooLarge'));
  });

  it('is exact for every amount with up to 2 decimals (no float rounding)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (minor) => {
        const text = `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
        expect(parseAmountInput(text, 'USD')).toEqual(ok(minor));
        expect(parseAmountInput(text.replace('.', ','), 'RUB')).toEqual(ok(minor));
      }),
    );
  });
});

describe('amountToInputText', () => {
  it('prints whole amounts without decimals and others with the language separator', () => {
    expect(amountToInputText(150000, 'RUB')).toBe('1500');
    expect(amountToInputText(150050, 'RUB', 'ru')).toBe('1500,50');
    expect(amountToInputText(5, 'USD', 'en')).toBe('0.05');
  });

  it('round-trips through parseAmountInput', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom('en', 'ru'), (minor, lang) => {
        expect(parseAmountInput(amountToInputText(minor, 'USD', lang), 'USD')).toEqual(ok(minor));
      }),
    );
  });
});
