// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from './config';
import { detectLanguage, normalizeLanguage } from './detect';
import { changeLanguage, i18n, initI18n } from './instance';

describe('normalizeLanguage', () => {
  it.each([
    ['ru', 'ru'],
    ['ru-RU', 'ru'],
    ['RU_ru', 'ru'],
    ['en-GB', 'en'],
    ['de', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });
});

describe('detectLanguage order', () => {
  it('localStorage beats Telegram and the browser', () => {
    expect(detectLanguage({ stored: 'en', telegram: 'ru', browser: ['ru-RU'] })).toEqual({ language: 'en', source: 'storage' });
  });
  it('Telegram beats the browser', () => {
    expect(detectLanguage({ stored: null, telegram: 'ru', browser: ['en-US'] })).toEqual({ language: 'ru', source: 'telegram' });
  });
  it('the browser is used when nothing else is known, first supported entry wins', () => {
    expect(detectLanguage({ browser: ['de-DE', 'ru-RU', 'en'] })).toEqual({ language: 'ru', source: 'browser' });
  });
  it('unsupported values fall through to English', () => {
    expect(detectLanguage({ stored: 'fr', telegram: 'uk', browser: ['de'] })).toEqual({ language: 'en', source: 'default' });
  });
});

describe('initI18n', () => {
  beforeEach(() => localStorage.clear());

  it('caches the detected language in localStorage', async () => {
    await initI18n({ telegramLanguageCode: 'ru', navigatorLanguages: ['en-US'] });
    expect(i18n.language).toBe('ru');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('a stored choice wins on the next start', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    await initI18n({ telegramLanguageCode: 'ru', navigatorLanguages: ['ru-RU'] });
    expect(i18n.language).toBe('en');
  });

  it('changeLanguage persists the choice', async () => {
    await initI18n({ navigatorLanguages: ['en-US'] });
    await changeLanguage('ru');
    expect(i18n.language).toBe('ru');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
  });

  it('loads every locales/<lang>/<ns>.json as a namespace', async () => {
    await initI18n({ navigatorLanguages: ['en'] });
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('ru', 'welcome')).toBe(true);
    expect(i18n.t('common:appName')).toBe('Tonic Wallet');
  });
});

describe('Russian plurals', () => {
  // A plural the product shows (the card details' reveal countdown, features/card/reveal's texts): Russian has one / few / many.
  const countdown = {
    ru: { hidesIn_one: 'Скроется через {{count}} секунду', hidesIn_few: 'Скроется через {{count}} секунды', hidesIn_many: 'Скроется через {{count}} секунд', hidesIn_other: 'Скроется через {{count}} секунды' },
    en: { hidesIn_one: 'Hides in {{count}} second', hidesIn_other: 'Hides in {{count}} seconds' },
  };
  const withCountdown = () => {
    for (const [lang, texts] of Object.entries(countdown)) i18n.addResourceBundle(lang, 'plurals-test', texts);
  };
  it.each([
    [1, 'Скроется через 1 секунду'],
    [2, 'Скроется через 2 секунды'],
    [5, 'Скроется через 5 секунд'],
    [11, 'Скроется через 11 секунд'],
    [21, 'Скроется через 21 секунду'],
    [22, 'Скроется через 22 секунды'],
  ])('%i → %s', async (count, expected) => {
    await initI18n({ navigatorLanguages: ['ru'] });
    await i18n.changeLanguage('ru');
    withCountdown();
    expect(i18n.t('plurals-test:hidesIn', { count })).toBe(expected);
  });

  it('English has one/other', async () => {
    await i18n.changeLanguage('en');
    withCountdown();
    expect(i18n.t('plurals-test:hidesIn', { count: 1 })).toBe('Hides in 1 second');
    expect(i18n.t('plurals-test:hidesIn', { count: 21 })).toBe('Hides in 21 seconds');
  });
});
