/** A failed SBP payment's reason in words (`wallet-actions:payment.failureReasons.*`), never the provider's code. */
const KNOWN_PAYMENT_FAILURES = ['PAYMENT_DECLINED', 'PAYMENT_EXPIRED', 'PAYMENT_FAILED', 'INSUFFICIENT_FUNDS', 'SBP_PROVIDER_ERROR'] as const;

export const paymentFailureKey = (code: string | null): string =>
  code && (KNOWN_PAYMENT_FAILURES as readonly string[]).includes(code) ? `wallet-actions:payment.failureReasons.${code}` : 'wallet-actions:payment.failedText';
