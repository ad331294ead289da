import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { authRegister, RegistrationForm } from './auth';
import { normalizePersonName, PersonName, personNameProblem } from './person-name';

const problemOf = (raw: string) => personNameProblem(normalizePersonName(raw));

describe('PersonName (the registration name rule)', () => {
  it.each([
    ['Ada', 'Ada'],
    ['  Jean-Luc  ', 'Jean-Luc'],
    ["O'Brien", "O'Brien"],
    ['D’Artagnan', 'D’Artagnan'],
    ['J. R. R.', 'J. R. R.'],
    ['Анна  Мария', 'Анна Мария'],
    ['Zoë', 'Zoë'],
    ['Zoe\u0308', 'Zoë'], // decomposed → NFC
    ['李小龍', '李小龍'],
    ['محمد', 'محمد'],
    ['देवनागरी', 'देवनागरी'],
    ['𐐷𐐸', '𐐷𐐸'], // astral (Deseret) letters
    ['a'.repeat(64), 'a'.repeat(64)],
  ])('accepts %j as %j', (raw, expected) => {
    const parsed = z.safeParse(PersonName, raw);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toBe(expected);
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['a'.repeat(65), 'tooLong'],
    ['𐐷'.repeat(65), 'tooLong'],
    ['Ada\u0000', 'controlCharacters'],
    ['Ada\u0007Lovelace', 'controlCharacters'],
    ['Ada\u200BLovelace', 'controlCharacters'], // zero-width space
    ['\u202Eecalevol', 'controlCharacters'], // bidi override
    ['<b>Ada</b>', 'markup'],
    ['Ada<script>', 'markup'],
    ['Ada 😀', 'emoji'],
    ['👨‍👩‍👧', 'emoji'],
    ['🇷🇺', 'emoji'],
    ['Ada ❤️', 'emoji'],
    ['Ada2', 'characters'],
    ['Ada & Bob', 'characters'],
    ['---', 'characters'],
    ['Ada"', 'characters'],
  ])('refuses %j (%s)', (raw, problem) => {
    expect(problemOf(raw)).toBe(problem);
    const parsed = z.safeParse(PersonName, raw);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBeTruthy();
  });

  it('is the rule of the registration form and the register body', () => {
    const form = { firstName: ' Zoe\u0308 ', lastName: 'Ада', phoneNumber: '+79991234567', country: 'RUS', email: 'a@b.co' };
    expect(z.parse(RegistrationForm, form).firstName).toBe('Zoë');
    const bad = z.safeParse(authRegister.body!, { ...form, lastName: '<img src=x>', code: '123456' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['lastName']);
  });
});
