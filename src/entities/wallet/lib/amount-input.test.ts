import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToInputText, parseAmountInput } from './amount-input';

const ok = (amount: number) => ({ ok: true, amount });

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
