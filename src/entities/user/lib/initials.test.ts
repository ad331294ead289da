import { describe, expect, it } from 'vitest';
import { userInitials } from './initials';

const isWellFormed = (s: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('userInitials (names already stored, any content)', () => {
  it.each([
    ['Ada', 'Lovelace', 'AL'],
    [' анна ', 'петрова', 'АП'],
    ['𐐷𐐸', '𐐹', '𐐏𐐑'], // astral (Deseret) letters, upper-cased whole
    ['Zoe\u0308', 'Ørsted', 'ZØ'], // the combining mark stays with its letter
    ['😀Ann', 'Lee', 'AL'], // a leading emoji is skipped for the first letter
    ['👨‍👩‍👧', '🇷🇺', '👨‍👩‍👧🇷🇺'], // no letter: the whole first grapheme, never half of it
    ['<b>', '', 'B'],
    ['', '', ''],
    ['\u202Eevil', 'x', 'EX'],
  ])('%j %j → %j', (first, last, expected) => {
    const result = userInitials(first, last);
    expect(result).toBe(expected);
    expect(isWellFormed(result)).toBe(true);
  });

  it('works without Intl.Segmenter (code points, marks kept)', () => {
    const original = Intl.Segmenter;
    // simulate an engine without Segmenter
    delete (Intl as { Segmenter?: unknown }).Segmenter;
    try {
      expect(userInitials('𐐷x', '😀')).toBe('𐐏😀');
      expect(isWellFormed(userInitials('😀', '👨‍👩‍👧'))).toBe(true);
    } finally {
      (Intl as { Segmenter?: unknown }).Segmenter = original;
    }
  });
});
