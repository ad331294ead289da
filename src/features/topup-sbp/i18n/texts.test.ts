/** The sheet's words are chosen at run time from the amount checks: each has its text in both languages. */
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import ru from './locales/ru.json';

describe.each([
  ['en', en],
  ['ru', ru],
] as const)('the SBP top-up words (%s)', (_lang, texts) => {
  it('has every amount message the checks can produce', () => {
    for (const reason of ['empty', 'invalid', 'negative', 'tooManyDecimals', 'tooLarge', 'zero', 'belowMinimum', 'aboveMaximum'] as const)
      expect(texts.amountErrors[reason], reason).toBeTruthy();
  });
});
