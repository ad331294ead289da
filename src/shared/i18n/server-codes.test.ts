/**
 * Raw server codes never reach a user: every code the server can emit (one list, USER_FACING_CODES in the contract)
 * has words in English AND Russian in the `errors` namespace. Adding a code to the server's catalogue (or to the
 * record reason lists) without translating it fails here.
 */
import { describe, expect, it } from 'vitest';
import { USER_FACING_CODES } from '@/shared/contract';
import enErrors from './locales/en/errors.json';
import ruErrors from './locales/ru/errors.json';

const LOCALES = { en: enErrors, ru: ruErrors } as Record<string, { codes?: Record<string, unknown>; reasons?: Record<string, unknown> }>;

const untranslated = (group: 'codes' | 'reasons', codes: readonly string[]) =>
  Object.entries(LOCALES).flatMap(([lang, file]) =>
    codes.filter((code) => typeof file[group]?.[code] !== 'string' || !(file[group]![code] as string).trim()).map((code) => `${lang}: errors:${group}.${code}`),
  );

describe('every server code has words in both languages', () => {
  it('error codes of the envelope (catalogue, auth, HTTP layer) → errors:codes.<CODE>', () => {
    expect(USER_FACING_CODES.errors.length).toBeGreaterThan(40);
    expect(untranslated('codes', USER_FACING_CODES.errors)).toEqual([]);
  });

  it('codes stored on records (card status reasons, failure codes, purchase declines, SBP) → errors:reasons.<CODE>', () => {
    expect(USER_FACING_CODES.reasons).toEqual(expect.arrayContaining(['ISSUER_DECLINED', 'CARD_FROZEN', 'INSUFFICIENT_FUNDS', 'PAYMENT_DECLINED']));
    expect(untranslated('reasons', USER_FACING_CODES.reasons)).toEqual([]);
  });

  it('the texts show no code themselves', () => {
    for (const file of Object.values(LOCALES)) {
      for (const text of [...Object.values(file.codes ?? {}), ...Object.values(file.reasons ?? {})]) {
        expect(String(text)).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
      }
    }
  });
});
