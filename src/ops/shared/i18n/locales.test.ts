import { describe, expect, it } from 'vitest';
import { OPS_ERROR_CODES } from '@/shared/contract/ops';
import { CONSOLE_NAMESPACES, consoleResources } from './index';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const keys = (value: unknown, prefix = ''): string[] =>
  typeof value !== 'object' || value === null ? [prefix] : Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
const baseKeys = (value: unknown) => [...new Set(keys(value).map((k) => k.replace(PLURAL, '')))].sort();

describe('the console translations', () => {
  const { en = {}, ru = {} } = consoleResources();

  it('are namespaces of their own (ops-*), the same in English and Russian', () => {
    expect(CONSOLE_NAMESPACES.length).toBeGreaterThan(0);
    expect(CONSOLE_NAMESPACES.every((ns) => ns.startsWith('ops-'))).toBe(true);
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(CONSOLE_NAMESPACES)('%s has the same keys in en and ru', (ns) => {
    expect(baseKeys(ru[ns])).toEqual(baseKeys(en[ns]));
  });

  it('every operator-side error code has words in both languages', () => {
    for (const code of Object.keys(OPS_ERROR_CODES)) {
      expect(en['ops-errors']?.[code], code).toEqual(expect.any(String));
      expect(ru['ops-errors']?.[code], code).toEqual(expect.any(String));
    }
  });
});
