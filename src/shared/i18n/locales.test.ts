import { describe, expect, it } from 'vitest';
import type { ReadCallback } from 'i18next';
import { SHARED_NAMESPACE_REASONS, SUPPORTED_LANGUAGES } from './config';
import { CORE_NAMESPACES, hasLocaleFile, localeBackend, toNamespaces } from './resources';

/** What the i18next backend gives for a language + namespace. */
function read(language: string, namespace: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const callback: ReadCallback = (error, data) => (error ? reject(error) : resolve(data));
    localeBackend.read(language, namespace, callback);
  });
}

const en = import.meta.glob<Record<string, unknown>>('./locales/en/*.json', { eager: true, import: 'default' });
const ru = import.meta.glob<Record<string, unknown>>('./locales/ru/*.json', { eager: true, import: 'default' });
const all = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

const PLURAL = /_(zero|one|two|few|many|other)$/;

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const baseKeys = (value: unknown) => [...new Set(keys(value).map((k) => k.replace(PLURAL, '')))].sort();

describe('locale files', () => {
  const enNs = toNamespaces(en);
  const ruNs = toNamespaces(ru);

  it('every namespace exists in both languages', () => {
    expect(Object.keys(ruNs).sort()).toEqual(Object.keys(enNs).sort());
  });

  it.each(Object.keys(enNs))('namespace "%s" has the same keys in en and ru (plural forms aside)', (ns) => {
    expect(baseKeys(ruNs[ns])).toEqual(baseKeys(enNs[ns]));
  });

  it.each(SUPPORTED_LANGUAGES)('locales/%s/ holds only the shared namespaces of config.ts SHARED_NAMESPACE_REASONS (a slice keeps its own words)', (lng) => {
    const files = Object.keys(all).filter((path) => path.startsWith(`./locales/${lng}/`));
    expect(files.length).toBeGreaterThan(0);
    const notShared = Object.keys(toNamespaces(Object.fromEntries(files.map((path) => [path, {}])))).filter((ns) => !Object.hasOwn(SHARED_NAMESPACE_REASONS, ns));
    expect(notShared, "move these words beside their slice (defineTexts, docs/frontend.md \"i18n\"), or list the namespace with why it is shared").toEqual([]);
  });

  it('every shared namespace listed has its files and a reason', () => {
    for (const [ns, reason] of Object.entries(SHARED_NAMESPACE_REASONS)) {
      expect({ ns, en: ns in enNs, ru: ns in ruNs, reason: reason.length > 0 }).toEqual({ ns, en: true, ru: true, reason: true });
    }
  });

  it('the core namespaces (English in the entry chunk) are the ones the app frame and the Welcome use', () => {
    expect([...CORE_NAMESPACES]).toEqual(['common', 'shell', 'welcome']);
  });

  it('the backend can load every file', async () => {
    for (const ns of Object.keys(enNs)) {
      expect(await hasLocaleFile('en', ns)).toBe(true);
      expect(await hasLocaleFile('ru', ns)).toBe(true);
    }
    expect(await hasLocaleFile('ru', 'no-such-namespace')).toBe(false);
    await expect(read('ru', 'no-such-namespace')).rejects.toThrow(/no locale file/);
  });

  it.each(SUPPORTED_LANGUAGES.filter((lng) => lng !== 'en'))('every core namespace in "%s" comes from its one core chunk', async (lng) => {
    for (const ns of [...CORE_NAMESPACES, 'errors']) expect(await read(lng, ns)).toEqual(all[`./locales/${lng}/${ns}.json`]);
  });
});
