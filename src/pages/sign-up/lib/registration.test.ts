import { describe, expect, test } from 'vitest';
import {
  countryFromCoordinates,
  EMPTY_FORM,
  PHONE_MESSAGES,
  phoneFromTelegram,
  promoCodeFromStartParam,
  validatePhone,
  validateRegistration,
} from './registration';
import { userTexts } from '@/entities/user';

const VALID = { firstName: ' Ann ', lastName: 'Petrova', phoneNumber: '+7 (912) 345-67-89', country: 'RUS', email: ' ann@example.com ', promoCode: '' };

describe('phone validation (SPEC §5 messages, verbatim)', () => {
  test('the three SPEC messages', () => {
    expect(PHONE_MESSAGES.invalid.defaultValue).toBe('Invalid Phone Number');
    expect(PHONE_MESSAGES.length.defaultValue).toBe('Please enter a valid phone number');
    expect(PHONE_MESSAGES.format.defaultValue).toBe('Invalid phone number format');
  });

  test.each([
    ['', 'invalid'],
    ['   ', 'invalid'],
    ['phone', 'invalid'],
    ['+7 912 abc', 'invalid'],
    ['++79123456789', 'invalid'],
    ['89123456789', 'format'],
    ['9123456789', 'format'],
    ['+0123456789', 'format'],
    ['+7912', 'length'],
    ['+1234567', 'length'],
    ['+1234567890123456', 'length'],
  ] as const)('%j → %s', (input, kind) => {
    expect(validatePhone(input)).toBe(PHONE_MESSAGES[kind]);
  });

  test.each(['+79123456789', '+7 (912) 345-67-89', '+375 29 123-45-67', '+971.50.123.4567', '+12345678', '+123456789012345'])('%j is valid', (input) => {
    expect(validatePhone(input)).toBeNull();
  });
});

describe('validateRegistration', () => {
  test('an empty form names every required field; the promo code is optional', () => {
    const result = validateRegistration(EMPTY_FORM);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['country', 'email', 'firstName', 'lastName', 'phoneNumber']);
    expect(result.errors.phoneNumber).toBe(PHONE_MESSAGES.invalid);
    expect(result.errors.email?.defaultValue).toBe('Enter your email');
  });

  test('normalises a valid form to the contract shape', () => {
    expect(validateRegistration(VALID)).toEqual({
      ok: true,
      form: { firstName: 'Ann', lastName: 'Petrova', phoneNumber: '+79123456789', country: 'RUS', email: 'ann@example.com' },
    });
  });

  test('a promo code is upper-cased; a malformed one is refused', () => {
    expect(validateRegistration({ ...VALID, promoCode: ' friend42 ' })).toMatchObject({ ok: true, form: { promoCode: 'FRIEND42' } });
    const bad = validateRegistration({ ...VALID, promoCode: 'no way!' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.promoCode?.keys).toEqual([`${userTexts.ns}:validation.promoCodeFormat`]);
  });

  test('bad email, unknown country and a too long name', () => {
    const result = validateRegistration({ ...VALID, email: 'ann@', country: 'XXX', firstName: 'A'.repeat(65) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.email?.keys).toEqual([`${userTexts.ns}:validation.emailInvalid`]);
    expect(result.errors.country?.keys).toEqual([`${userTexts.ns}:validation.countryRequired`]);
    expect(result.errors.firstName).toMatchObject({ keys: [`${userTexts.ns}:validation.nameTooLong`], values: { max: 64 } });
  });
});

describe('prefill helpers', () => {
  test('Telegram numbers get a "+"', () => {
    expect(phoneFromTelegram('79123456789')).toBe('+79123456789');
    expect(phoneFromTelegram('+7 912 345 67 89')).toBe('+79123456789');
    expect(phoneFromTelegram('')).toBe('');
  });

  test.each([
    ['ref_FRIEND42', 'FRIEND42'],
    ['ref-abcd', 'ABCD'],
    ['FRIEND42', 'FRIEND42'],
    ['sbp_pay_123', null],
    ['ref_', null],
    ['x', null],
    ['ref_this_is_not_a_code', null],
    [undefined, null],
  ] as const)('start parameter %j → %j', (param, expected) => {
    expect(promoCodeFromStartParam(param)).toBe(expected);
  });

  test.each([
    ['Moscow', 55.75, 37.62, 'RUS'],
    ['Saint Petersburg', 59.94, 30.31, 'RUS'],
    ['Novosibirsk', 55.03, 82.92, 'RUS'],
    ['Vladivostok', 43.12, 131.89, 'RUS'],
    ['Kaliningrad', 54.71, 20.51, 'RUS'],
    ['Rostov-on-Don', 47.23, 39.72, 'RUS'],
    ['Minsk', 53.9, 27.57, 'BLR'],
    ['Dubai', 25.2, 55.27, 'ARE'],
    ['Tehran', 35.69, 51.39, 'IRN'],
    ['Cairo', 30.04, 31.24, 'MNA'],
    ['Riyadh', 24.71, 46.68, 'MNA'],
    ['Casablanca', 33.57, -7.59, 'MNA'],
    ['Almaty', 43.24, 76.89, 'OTH'],
    ['Kyiv', 50.45, 30.52, 'OTH'],
    ['Berlin', 52.52, 13.4, 'OTH'],
    ['New York', 40.71, -74.0, 'OTH'],
  ] as const)('%s → %s', (_, lat, lon, country) => {
    expect(countryFromCoordinates(lat, lon)).toBe(country);
  });
});

describe('names: the contract rule (PersonName), with translated reasons', () => {
  test.each([
    ['<b>Ann</b>', `${userTexts.ns}:validation.nameMarkup`],
    ['Ann 😀', `${userTexts.ns}:validation.nameEmoji`],
    ['Ann\u200B', `${userTexts.ns}:validation.nameControlCharacters`],
    ['Ann2', `${userTexts.ns}:validation.nameCharacters`],
  ])('%j is refused with %s', (firstName, key) => {
    const result = validateRegistration({ ...VALID, firstName });
    if (result.ok) throw new Error('expected errors');
    expect(result.errors.firstName?.keys).toEqual([key]);
  });

  test('the form sends the normalised name (NFC, one space), exactly what the server stores', () => {
    const result = validateRegistration({ ...VALID, firstName: ' Zoe\u0308   Anne ', lastName: 'D’Artagnan-Łukasz' });
    if (!result.ok) throw new Error('expected a form');
    expect(result.form.firstName).toBe('Zoë Anne');
    expect(result.form.lastName).toBe('D’Artagnan-Łukasz');
  });

  test('every name reason exists in English and Russian', async () => {
    const { i18n, initI18n } = await import('@/shared/i18n');
    await initI18n({ navigatorLanguages: ['en-US'] });
    await i18n.loadLanguages(['en', 'ru']);
    await i18n.loadNamespaces([userTexts.ns]);
    for (const key of ['nameMarkup', 'nameEmoji', 'nameControlCharacters', 'nameCharacters', 'nameTooLong']) {
      for (const lng of ['en', 'ru']) {
        const text = i18n.getFixedT(lng, userTexts.ns)(`validation.${key}`, { max: 64 });
        expect(text, `${lng} ${key}`).not.toBe(`validation.${key}`);
      }
    }
    expect(i18n.getFixedT('ru', userTexts.ns)('validation.nameEmoji')).toBe('Эмодзи в имени недопустимы');
  });
});
