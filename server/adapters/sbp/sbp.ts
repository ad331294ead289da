import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The SBP (fast payment system) acquirer: we ask it for an invoice, the user pays it in a bank app (or
 * the sandbox page), and the acquirer tells us the outcome by a signed callback to our webhook
 * (POST /api/webhooks/sbp). Only the callback credits the wallet.
 */
export interface SbpInvoiceRequest {
  /** Our order number. */
  orderId: string;
  /** RUB kopecks. */
  amount: number;
  description: string;
  /** Our webhook, where the acquirer posts the outcome. */
  notificationUrl: string;
  /** Where the payer's browser goes after paying. */
  successUrl: string;
  /** Where it goes after a failure; the acquirer adds `code=<ERROR_CODE>`. */
  failUrl: string;
  expiresAt: Date;
}

export interface SbpInvoice {
  invoiceId: string;
  /** Where the user pays (bank-app link / QR page). */
  paymentUrl: string;
}

export interface SbpAcquirer {
  /** Throws SbpAcquirerError when the acquirer refuses or is unreachable. */
  createInvoice(request: SbpInvoiceRequest): Promise<SbpInvoice>;
}

export class SbpAcquirerError extends Error {
  override name = 'SbpAcquirerError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The callback body (JSON) the acquirer posts to our webhook. */
export interface SbpCallbackBody {
  /** Unique per delivery attempt series of one outcome; a redelivery repeats it. */
  eventId: string;
  invoiceId: string;
  orderId: string;
  status: 'succeeded' | 'failed';
  /** RUB kopecks. */
  amount: number;
  currency: 'RUB';
  errorCode: string | null;
  occurredAt: string;
}

/** Header carrying `sha256=<hex HMAC-SHA256(secret, raw body)>`. */
export const SBP_SIGNATURE_HEADER = 'x-sbp-signature';

export const signSbpCallback = (secret: string, rawBody: string): string =>
  `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;

/** Constant-time check of a callback signature over the exact raw body. */
export const verifySbpSignature = (secret: string, rawBody: string, header: string | undefined): boolean => {
  if (!header) return false;
  const expected = Buffer.from(signSbpCallback(secret, rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** Outside the sandbox no acquirer is integrated yet: creating a payment fails cleanly. */
export const unconfiguredSbpAcquirer: SbpAcquirer = {
  createInvoice: async () => {
    throw new SbpAcquirerError('SBP_NOT_CONFIGURED', 'No SBP acquirer is configured (SANDBOX is off)');
  },
};
