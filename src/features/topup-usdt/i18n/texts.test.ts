/** The sheet's words are chosen at run time from the amount checks: each has its text in both languages, plurals included. */
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import ru from './locales/ru.json';

describe.each([
  ['en', en, ['one', 'other']],
  ['ru', ru, ['one', 'few', 'many', 'other']],
] as const)('the USDT top-up words (%s)', (lang, texts, forms) => {
  it('has every amount message the checks can produce', () => {
    for (const reason of ['invalid', 'negative', 'tooManyDecimals', 'tooLarge', 'notWhole', 'belowMinimum'] as const) expect(texts.amountErrors[reason], reason).toBeTruthy();
  });

  it("uses the language's plural forms", () => {
    for (const form of forms) expect((texts as Record<string, unknown>)[`factConfirmations_${form}`], form).toContain('{{count}}');
  });

  it('keeps the SPEC §5 warning (verbatim in English)', () => {
    if (lang !== 'en') return;
    expect(texts.warning).toContain('A USDT top-up requires your unique ID {{tag}} appended to the amount as decimals. Otherwise the transfer may not be credited.');
  });
});
