import { describe, expect, it } from 'vitest';
import { SbpPaymentStatus } from '@/shared/contract';
import { KNOWN_PAYMENT_FAILURES } from '../lib/failure-text';
import en from './locales/en.json';
import ru from './locales/ru.json';

/** A payment's words are chosen at run time from contract values: each value has its text, plurals included. */
describe.each([
  ['en', en, ['one', 'other']],
  ['ru', ru, ['one', 'few', 'many', 'other']],
] as const)("an SBP payment's words (%s)", (_, words, forms) => {
  const payment = words.payment as Record<string, any>;

  it('name every SBP payment status and explain every known payment failure', () => {
    for (const status of SbpPaymentStatus.options) expect(payment.status[status], status).toEqual(expect.any(String));
    for (const code of KNOWN_PAYMENT_FAILURES) expect(payment.failureReasons[code], code).toEqual(expect.any(String));
  });

  it("use the language's plural forms", () => {
    for (const form of forms) expect(payment[`redirectIn_${form}`], form).toContain('{{seconds}}');
  });
});
