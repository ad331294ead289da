/**
 * The wallet texts are chosen at run time from contract values (transaction type, commission reason, payment
 * status, error code): every value must have its text in both languages, plurals included.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommissionReason, USDT_HOLD_REASONS, WalletTransactionType } from '@/shared/contract';

type Json = Record<string, any>;
const read = (lang: string, ns: string): Json =>
  JSON.parse(readFileSync(resolve(process.cwd(), `src/shared/i18n/locales/${lang}/${ns}.json`), 'utf8'));
/** The screen's texts (`wallet`); a payment's and the sheets' shared words are their slices' (topup-sbp, entities/wallet). */
const load = (lang: string): Json => read(lang, 'wallet');

describe.each(['en', 'ru'])('wallet.json (%s)', (lang) => {
  const w = load(lang);

  it('has a title for each SPEC §3 transaction type and each commission reason', () => {
    for (const type of WalletTransactionType.options) expect(w.transaction.types[type], type).toEqual(expect.any(String));
    for (const reason of CommissionReason.options) expect(w.transaction.commission[reason], reason).toEqual(expect.any(String));
  });

  it('explains every reason a USDT deposit is held (the transaction entity\'s texts, loaded with a held row)', () => {
    const holds = JSON.parse(readFileSync(resolve(process.cwd(), `src/entities/transaction/i18n/locales/${lang}.json`), 'utf8')).hold;
    expect(holds.note).toContain('{{reason}}');
    for (const reason of USDT_HOLD_REASONS) expect(holds.reasons[reason], reason).toEqual(expect.any(String));
  });
});
