import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en/platform.json';
import ru from '../i18n/locales/ru/platform.json';
import { ERROR_MESSAGE_KEYS } from './bridge-result';

function keys(object: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(object).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('platform translations', () => {
  it('en and ru have the same keys', () => {
    expect(keys(ru).sort()).toEqual(keys(en).sort());
  });

  it('every message key used by the wrappers exists', async () => {
    const sources = import.meta.glob<string>('./**/*.ts', { query: '?raw', import: 'default', eager: true });
    const used = new Set<string>(Object.values(ERROR_MESSAGE_KEYS));
    for (const source of Object.values(sources)) {
      for (const match of source.matchAll(/'platform:([a-zA-Z.]+)'/g)) used.add(`platform:${match[1]}`);
    }
    const known = new Set(keys(en).map((key) => `platform:${key}`));
    expect([...used].filter((key) => !known.has(key))).toEqual([]);
  });
});
