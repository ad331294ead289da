import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';

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
  /**
   * Throws SbpAcquirerError when the acquirer refuses or is unreachable. Idempotent per `orderId`: asked again for
   * the same order it answers the same invoice (another amount for that order: SbpAcquirerError ORDER_CONFLICT).
   */
  createInvoice(request: SbpInvoiceRequest): Promise<SbpInvoice>;
  /**
   * One delivery to our webhook (POST /api/webhooks/sbp), in the acquirer's own format: checks its signature over
   * the exact raw body FIRST, then translates it into our callback. Throws SbpCallbackError: 'signature' (→ 401),
   * 'json' / 'format' (→ 400). A redelivery of one outcome carries the same `eventId`.
   */
  parseCallback(rawBody: string, headers: Record<string, string | undefined>): SbpCallbackBody;
  /**
   * What the acquirer settled to us so far, in RUB kopecks: every payment it counts as paid (docs/ops.md
   * "Reconciliation": compared daily with the SBP top-ups our ledger credited). Throws SbpAcquirerError when it cannot
   * be asked.
   */
  settledTotal(): Promise<number>;
}

/** A webhook delivery we refuse: a wrong or missing signature, or a body that is not a callback. */
export class SbpCallbackError extends Error {
  override name = 'SbpCallbackError';
  constructor(
    readonly kind: 'signature' | 'json' | 'format',
    message: string,
    /** 'format': which fields are wrong. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
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
const verifySbpSignature = (secret: string, rawBody: string, header: string | undefined): boolean => {
  if (!header) return false;
  const expected = Buffer.from(signSbpCallback(secret, rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** Our callback body (the sandbox's wire format, and what every adapter translates its acquirer's into). */
const CallbackBody = z.object({
  eventId: z.string().check(z.minLength(1), z.maxLength(200)),
  invoiceId: z.string().check(z.minLength(1), z.maxLength(100)),
  orderId: z.string().check(z.minLength(1), z.maxLength(100)),
  status: z.enum(['succeeded', 'failed']),
  amount: z.int().check(z.positive()),
  currency: z.literal('RUB'),
  errorCode: z.nullable(z.string().check(z.maxLength(100))),
  occurredAt: z.string(),
});

/** Reads a callback in our own format signed with `secret` (`x-sbp-signature: sha256=<hex>`): the sandbox's parseCallback. */
export const parseSignedSbpCallback = (secret: string, rawBody: string, headers: Record<string, string | undefined>): SbpCallbackBody => {
  if (!verifySbpSignature(secret, rawBody, headers[SBP_SIGNATURE_HEADER])) throw new SbpCallbackError('signature', 'Invalid SBP callback signature.');
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new SbpCallbackError('json', 'The request body is not valid JSON.');
  }
  const parsed = z.safeParse(CallbackBody, json);
  if (!parsed.success) {
    throw new SbpCallbackError(
      'format',
      'The callback is malformed.',
      Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message])),
    );
  }
  return parsed.data;
};

/** SBP_ACQUIRER_ADAPTER=none (or unset outside the sandbox): creating a payment fails cleanly; no callback is believed. */
export const unconfiguredSbpAcquirer: SbpAcquirer = {
  createInvoice: async () => {
    throw new SbpAcquirerError('SBP_NOT_CONFIGURED', 'No SBP acquirer is configured (SBP_ACQUIRER_ADAPTER)');
  },
  parseCallback: () => {
    throw new SbpCallbackError('signature', 'Invalid SBP callback signature.');
  },
  settledTotal: async () => {
    throw new SbpAcquirerError('SBP_NOT_CONFIGURED', 'No SBP acquirer is configured (SBP_ACQUIRER_ADAPTER)');
  },
};
