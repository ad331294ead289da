import { describe, expect, it } from 'vitest';
import { addressProblems, DeliveryAddress } from './delivery-address';

const ru = { country: 'RU', recipient: 'Иван Петров', line1: 'ул. Тверская, д. 1, кв. 5', city: 'Москва', postcode: '125009' };
const us = { country: 'US', recipient: 'Ada Lovelace', line1: '1600 Pennsylvania Ave NW', city: 'Washington', region: 'DC', postcode: '20500' };
const de = { country: 'DE', recipient: 'Jürgen Groß', line1: 'Unter den Linden 77', city: 'Berlin', postcode: '10117' };

const problemsOf = (input: unknown) => {
  const parsed = DeliveryAddress.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('delivery address: one rule for the form and the server', () => {
  it.each([
    ['RU', ru],
    ['US', us],
    ['US ZIP+4', { ...us, postcode: '20500-0003' }],
    ['DE', de],
    ['a generic country without a postcode', { ...de, country: 'AE', postcode: undefined }],
    ['a generic postcode with a space', { ...de, country: 'GB', postcode: 'SW1A 2AA' }],
    ['a second line and a region', { ...ru, line2: 'подъезд 2', region: 'Московская обл.' }],
  ])('accepts %s', (_, input) => {
    expect(problemsOf(input)).toEqual({});
  });

  it('normalises: NFC, trimmed, inner white space collapsed, country in capitals', () => {
    const parsed = DeliveryAddress.parse({ ...de, country: ' de ', recipient: '  Jürgen   Groß ', city: 'Ko\u0308ln' });
    expect(parsed).toMatchObject({ country: 'DE', recipient: 'Jürgen Groß', city: 'Köln' });
  });

  it.each([
    ['RU: 5 digits', { ...ru, postcode: '12500' }, 'postcode', 'postcode'],
    ['RU: letters', { ...ru, postcode: '12500A' }, 'postcode', 'postcode'],
    ['RU: no postcode', { ...ru, postcode: undefined }, 'postcode', 'required'],
    ['US: no state', { ...us, region: undefined }, 'region', 'required'],
    ['US: a state that is not one', { ...us, region: 'Texas' }, 'region', 'region'],
    ['US: ZIP of 4 digits', { ...us, postcode: '2050' }, 'postcode', 'postcode'],
    ['US: ZIP+3', { ...us, postcode: '20500-003' }, 'postcode', 'postcode'],
    ['generic: a postcode of 11 characters', { ...de, postcode: '12345678901' }, 'postcode', 'tooLong'],
    ['generic: a postcode with a symbol', { ...de, postcode: '10-11$' }, 'postcode', 'postcode'],
    ['an unknown country', { ...de, country: 'ZZ' }, 'country', 'country'],
    ['no country', { ...de, country: '' }, 'country', 'required'],
    ['markup', { ...de, line1: '<img src=x onerror=alert(1)>' }, 'line1', 'markup'],
    ['curly braces', { ...de, city: '{{constructor}}' }, 'city', 'markup'],
    ['emoji', { ...de, recipient: 'Jürgen 🏠' }, 'recipient', 'emoji'],
    ['a zero-width joiner', { ...de, recipient: 'Jür\u200Dgen' }, 'recipient', 'controlCharacters'],
    ['a tab inside (collapsed) and a bell', { ...de, line1: 'Unter\u0007den Linden' }, 'line1', 'controlCharacters'],
    ['only punctuation', { ...de, city: '---' }, 'city', 'characters'],
    ['a currency sign', { ...de, line1: 'Street $1' }, 'line1', 'characters'],
    ['101 characters', { ...de, line1: 'a'.repeat(101) }, 'line1', 'tooLong'],
    ['only spaces', { ...de, city: '    ' }, 'city', 'required'],
  ])('refuses %s', (_, input, field, problem) => {
    const parsed = DeliveryAddress.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.some((issue) => issue.path[0] === field)).toBe(true);
    const normalised = parsed.success ? null : input;
    if (normalised) {
      const texts = Object.fromEntries(Object.entries(normalised).map(([k, v]) => [k, typeof v === 'string' ? v.normalize('NFC').replace(/\s+/gu, ' ').trim() : v]));
      expect(addressProblems({ ...(texts as typeof de), country: String(texts.country).toUpperCase() })[field as 'city']).toBe(problem);
    }
  });

  it('refuses unknown fields, wrong types and megabytes before the rules run', () => {
    expect(DeliveryAddress.safeParse({ ...de, floor: 3 }).success).toBe(false);
    expect(DeliveryAddress.safeParse({ ...de, city: 42 }).success).toBe(false);
    expect(DeliveryAddress.safeParse({ ...de, line1: 'x'.repeat(1_000_000) }).success).toBe(false);
    expect(DeliveryAddress.safeParse(null).success).toBe(false);
  });
});
