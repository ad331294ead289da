/** The sheet's words are chosen at run time from the amount checks: each has its text in both languages. */
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import ru from './locales/ru.json';

describe.each([
  ['en', en],
  ['ru', ru],
] as const)('the exchange words (%s)', (lang, texts) => {
  it('has every amount message the checks can produce', () => {
    for (const reason of ['notPositive', 'insufficient', 'belowMinimum', 'invalid', 'tooManyDecimals', 'tooLarge'] as const) expect(texts.errors[reason], reason).toBeTruthy();
  });

  it('keeps the SPEC §5 messages (verbatim in English)', () => {
    if (lang !== 'en') return;
    expect(texts.errors.notPositive).toBe('Amount must be greater than 0');
    expect(texts.errors.insufficient).toBe('Insufficient funds for this exchange');
    expect(texts.rateUnavailable).toBe('Rate unavailable');
  });
});
