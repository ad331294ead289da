/**
 * Raw server codes never reach a user: every code the server can emit (one list, userFacingCodes() in the contract)
 * has words in English AND Russian (`error-codes` for envelope codes, `errors:reasons` for record codes). Adding a code to the server's catalogue (or to the
 * record reason lists) without translating it fails here.
 */
import { describe, expect, it } from 'vitest';
import { userFacingCodes } from '@/shared/contract';
import enErrorCodes from './locales/en/error-codes.json';
import enErrors from './locales/en/errors.json';
import ruErrorCodes from './locales/ru/error-codes.json';
import ruErrors from './locales/ru/errors.json';

// Envelope codes live in their own namespace (`error-codes`, fetched right after the first screen: no screen
// needs them to render); record reasons stay in `errors` (history rows render them).
const LOCALES = { en: { codes: enErrorCodes, reasons: enErrors.reasons }, ru: { codes: ruErrorCodes, reasons: ruErrors.reasons } } as Record<
  string,
  { codes?: Record<string, unknown>; reasons?: Record<string, unknown> }
>;

const untranslated = (group: 'codes' | 'reasons', codes: readonly string[]) =>
  Object.entries(LOCALES).flatMap(([lang, file]) =>
    codes.filter((code) => typeof file[group]?.[code] !== 'string' || !(file[group]![code] as string).trim()).map((code) => (group === 'codes' ? `${lang}: error-codes:${code}` : `${lang}: errors:reasons.${code}`)),
  );

describe('every server code has words in both languages', () => {
  it('error codes of the envelope (catalogue, auth, HTTP layer) → error-codes:<CODE>', () => {
    expect(userFacingCodes().errors.length).toBeGreaterThan(40);
    expect(untranslated('codes', userFacingCodes().errors)).toEqual([]);
  });

  it('codes stored on records (card status reasons, failure codes, purchase declines, SBP) → errors:reasons.<CODE>', () => {
    expect(userFacingCodes().reasons).toEqual(expect.arrayContaining(['ISSUER_DECLINED', 'CARD_FROZEN', 'INSUFFICIENT_FUNDS', 'PAYMENT_DECLINED']));
    expect(untranslated('reasons', userFacingCodes().reasons)).toEqual([]);
  });

  it('the texts show no code themselves', () => {
    for (const file of Object.values(LOCALES)) {
      for (const text of [...Object.values(file.codes ?? {}), ...Object.values(file.reasons ?? {})]) {
        expect(String(text)).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
      }
    }
  });
});
