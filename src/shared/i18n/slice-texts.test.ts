import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from './index';
import { defineTexts, sliceNamespaces } from './slice-texts';

/** Every slice's own translation files: locales/en.json and locales/ru.json beside the slice's texts.ts. */
const sliceFiles = import.meta.glob<Record<string, unknown>>(['/src/**/locales/{en,ru}.json', '!/src/shared/i18n/locales/**'], {
  eager: true,
  import: 'default',
});

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const baseKeys = (value: unknown) => [...new Set(keys(value).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

describe('translations that live with their slice', () => {
  it("load with the slice: a declared namespace is read from the slice's file of the current language", async () => {
    await initI18n({ navigatorLanguages: ['en'] });
    const texts = defineTexts('test-slice', {
      en: async () => ({ default: { hello: 'Hello' } }),
      ru: async () => ({ default: { hello: 'Привет' } }),
    });
    await changeLanguage('ru');
    await i18n.loadNamespaces(texts.ns);
    expect(i18n.t(`${texts.ns}:hello`)).toBe('Привет');
    await changeLanguage('en');
    await i18n.loadNamespaces(texts.ns);
    expect(i18n.t(`${texts.ns}:hello`)).toBe('Hello');
  });

  it("are requested as the slice's code arrives, in the current language only (not when its view first renders)", async () => {
    await initI18n({ navigatorLanguages: ['en'] });
    await changeLanguage('ru');
    const asked: string[] = [];
    let arrived!: () => void;
    const there = new Promise<void>((resolve) => (arrived = resolve));
    const texts = defineTexts('test-arrives', {
      en: async () => (asked.push('en'), { default: { hello: 'Hello' } }),
      ru: async () => {
        asked.push('ru');
        setTimeout(arrived);
        return { default: { hello: 'Привет' } };
      },
    });
    await there;
    expect(asked).toEqual(['ru']);
    expect(i18n.hasLoadedNamespace(texts.ns)).toBe(true);
    expect(sliceNamespaces()).toContain(texts.ns);
    await changeLanguage('en');
  });

  it('a namespace belongs to one slice: declaring it again with other files throws', () => {
    const en = async () => ({ default: {} });
    defineTexts('test-owned', { en, ru: en });
    expect(() => defineTexts('test-owned', { en: async () => ({ default: {} }), ru: en })).toThrow(/declared twice/);
  });

  it("every slice's files exist in both languages with the same keys (plural forms aside)", () => {
    const bySlice = new Map<string, Partial<Record<'en' | 'ru', unknown>>>();
    for (const [path, data] of Object.entries(sliceFiles)) {
      const [, slice, lang] = /^(.*)\/locales\/(en|ru)\.json$/.exec(path)!;
      bySlice.set(slice!, { ...bySlice.get(slice!), [lang as 'en' | 'ru']: data });
    }
    expect(bySlice.size).toBeGreaterThan(0);
    for (const [slice, files] of bySlice) {
      expect({ slice, ru: baseKeys(files.ru) }).toEqual({ slice, ru: baseKeys(files.en) });
    }
  });
});
