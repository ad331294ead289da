import { topUpSbpTexts } from '../i18n/texts';

/** A failed SBP payment's reason in words (the slice's `payment.failureReasons.*`), never the provider's code. */
export const KNOWN_PAYMENT_FAILURES = ['PAYMENT_DECLINED', 'PAYMENT_EXPIRED', 'PAYMENT_FAILED', 'INSUFFICIENT_FUNDS', 'SBP_PROVIDER_ERROR'] as const;

export const paymentFailureKey = (code: string | null): string =>
  code && (KNOWN_PAYMENT_FAILURES as readonly string[]).includes(code) ? `${topUpSbpTexts.ns}:payment.failureReasons.${code}` : `${topUpSbpTexts.ns}:payment.failedText`;
