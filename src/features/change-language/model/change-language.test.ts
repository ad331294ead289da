// @vitest-environment happy-dom
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { currentLanguage, initI18n, LANGUAGE_STORAGE_KEY } from '@/shared/i18n';
import { cloudStorage } from '@/shared/platform';
import { CLOUD_LANGUAGE_KEY, LANGUAGE_CHOSEN_KEY, languageChosen, languageCloudSyncStarted } from './change-language';

vi.mock('@/shared/platform', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/shared/platform')>();
  return { ...original, cloudStorage: { getItem: vi.fn(), setItem: vi.fn(), removeItem: vi.fn() } };
});

const unsupported = { ok: false as const, error: { kind: 'unsupported' as const, messageKey: 'platform:errors.unsupported' } };
/** An in-memory Telegram Cloud Storage (6.9+). */
const cloud = new Map<string, string>();
const withCloud = () => {
  vi.mocked(cloudStorage.getItem).mockImplementation(async (key) => ({ ok: true, value: cloud.get(key) ?? '' }));
  vi.mocked(cloudStorage.setItem).mockImplementation(async (key, value) => {
    cloud.set(key, value);
    return { ok: true, value: undefined };
  });
};
const withoutCloud = () => {
  vi.mocked(cloudStorage.getItem).mockResolvedValue(unsupported);
  vi.mocked(cloudStorage.setItem).mockResolvedValue(unsupported);
};

beforeEach(async () => {
  localStorage.clear();
  cloud.clear();
  vi.mocked(cloudStorage.getItem).mockReset();
  vi.mocked(cloudStorage.setItem).mockReset();
  await initI18n({ navigatorLanguages: ['en-US'] }); // detected English, cached in localStorage
});
afterEach(() => vi.restoreAllMocks());

describe('change language', () => {
  test('a choice applies at once, is remembered in localStorage and saved to Telegram Cloud Storage', async () => {
    withCloud();
    const scope = fork();
    await allSettled(languageChosen, { scope, params: 'ru' });

    expect(currentLanguage()).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
    expect(localStorage.getItem(LANGUAGE_CHOSEN_KEY)).toBe('1');
    expect(cloudStorage.setItem).toHaveBeenCalledExactlyOnceWith(CLOUD_LANGUAGE_KEY, 'ru');
    expect(cloud.get(CLOUD_LANGUAGE_KEY)).toBe('ru');

    await allSettled(languageChosen, { scope, params: 'en' });
    expect(currentLanguage()).toBe('en');
    expect(cloud.get(CLOUD_LANGUAGE_KEY)).toBe('en');
  });

  test('without cloud storage (Telegram 6.7, a browser) the choice still applies and persists locally', async () => {
    withoutCloud();
    const scope = fork();
    await allSettled(languageChosen, { scope, params: 'ru' });
    expect(currentLanguage()).toBe('ru');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
    // A new start on the same device keeps it (detection reads localStorage first).
    await initI18n({ navigatorLanguages: ['en-US'], telegramLanguageCode: 'en' });
    expect(currentLanguage()).toBe('ru');
  });

  test('start-up sync: a device without a chosen language takes the cloud’s, without writing it back', async () => {
    withCloud();
    cloud.set(CLOUD_LANGUAGE_KEY, 'ru');
    const scope = fork();
    await allSettled(languageCloudSyncStarted, { scope });
    expect(currentLanguage()).toBe('ru');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
    expect(localStorage.getItem(LANGUAGE_CHOSEN_KEY)).toBe('1');
    expect(cloudStorage.setItem).not.toHaveBeenCalled();
  });

  test('start-up sync: a language chosen on this device wins over the cloud', async () => {
    withCloud();
    const scope = fork();
    await allSettled(languageChosen, { scope, params: 'en' });
    cloud.set(CLOUD_LANGUAGE_KEY, 'ru'); // chosen on another device later
    await allSettled(languageCloudSyncStarted, { scope });
    expect(currentLanguage()).toBe('en');
    expect(cloudStorage.getItem).not.toHaveBeenCalled();
  });

  test('start-up sync ignores an empty or unknown cloud value and missing cloud storage', async () => {
    withCloud();
    const scope = fork();
    await allSettled(languageCloudSyncStarted, { scope });
    expect(currentLanguage()).toBe('en');
    cloud.set(CLOUD_LANGUAGE_KEY, 'de');
    await allSettled(languageCloudSyncStarted, { scope });
    expect(currentLanguage()).toBe('en');
    expect(localStorage.getItem(LANGUAGE_CHOSEN_KEY)).toBeNull();

    withoutCloud();
    await allSettled(languageCloudSyncStarted, { scope });
    expect(currentLanguage()).toBe('en');
  });
});
