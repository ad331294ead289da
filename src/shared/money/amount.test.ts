import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToInputText, minorToDecimal, parseAmountInput, parseMinorUnits } from './amount';

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
    expect(parseMinorUnits(text, 2)).toEqual(ok(amount));
    expect(parseMinorUnits(text, 2)).toEqual(ok(amount));
  });

  it.each([
    ['1.234', 'tooManyDecimals'],
    ['1,234', 'tooManyDecimals'],
    ['0.001', 'tooManyDecimals'],
    ['12.345', 'tooManyDecimals'],
  ])('rejects more than 2 decimals: %j', (text, error) => {
    expect(parseMinorUnits(text, 2)).toEqual(err(error));
  });

  it.each(['-5', '−5', '-0.5', '- 12,50'])('rejects a negative amount %j', (text) => {
    expect(parseMinorUnits(text, 2)).toEqual(err('negative'));
  });

  it.each(['', '   ', '\u00a0'])('reports empty text %j', (text) => {
    expect(parseMinorUnits(text, 2)).toEqual(err('empty'));
  });

  it.each(['abc', '12a', '1e5', '0x10', '+5', '$5', '5 USD', '.', ',', '1..2', '1.2.3', '1,2,3', '1,23,456', '1.234,5.6', '1,2.5', 'NaN', 'Infinity', '--5', '-'])(
    'rejects a non-number %j',
    (text) => {
      expect(parseMinorUnits(text, 2)).toEqual(err('invalid'));
    },
  );

  it('rejects amounts beyond the safe integer range', () => {
    expect(parseMinorUnits('90071992547409.92', 2)).toEqual(err('tooLarge'));
    expect(parseMinorUnits('99999999999999999999', 2)).toEqual(err('tooLarge'));
  });

  it('is exact for every amount with up to 2 decimals (no float rounding)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (minor) => {
        const text = `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
        expect(parseMinorUnits(text, 2)).toEqual(ok(minor));
        expect(parseMinorUnits(text.replace('.', ','), 2)).toEqual(ok(minor));
      }),
    );
  });
});

describe('parseAmountInput: card amounts', () => {
  it.each([
    ['25', 2_500],
    ['25.5', 2_550],
    ['25,50', 2_550],
    ['0.01', 1],
    ['1 234.56', 123_456],
    ['1\u00a0234,5', 123_450],
    ["1'234.56", 123_456],
    ['1\u2019234,5', 123_450],
    ['007', 700],
    ['10.', 1_000],
  ])('%j → %d minor units', (text, minor) => {
    expect(parseMinorUnits(text, 2)).toEqual(ok(minor));
  });

  it.each(['12.345', 'abc', '-5', '1e3', '12.3.4', '99999999999999999999'])('%j is not an amount', (text) => {
    expect(parseMinorUnits(text, 2).ok).toBe(false);
  });

  it('empty is empty', () => {
    expect(parseMinorUnits('   ', 2)).toEqual(err('empty'));
  });
});

describe('parseAmountInput (per currency)', () => {
  it('uses the currency digits', () => {
    expect(parseAmountInput('1 234,56', 'RUB')).toEqual(ok(123456));
    expect(parseAmountInput('12.345', 'USD')).toEqual(err('tooManyDecimals'));
    expect(parseAmountInput('   ', 'USD')).toEqual(err('empty'));
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

describe('minorToDecimal', () => {
  it('formats minor units back for an input (card amounts)', () => {
    expect(minorToDecimal(1_000, 2)).toBe('10.00');
    expect(minorToDecimal(5, 2)).toBe('0.05');
    expect(minorToDecimal(123_456, 2)).toBe('1234.56');
  });
});

describe('minorToDecimal', () => {
  it.each([
    [123450, 2, '1234.50'],
    [5, 2, '0.05'],
    [-5, 2, '-0.05'],
    [0, 2, '0.00'],
    [1000, 0, '1000'],
    [12_345_678n, 6, '12.345678'],
  ])('%s / 10^%i → %s', (amount, digits, expected) => {
    expect(minorToDecimal(amount, digits)).toBe(expected);
  });
});
