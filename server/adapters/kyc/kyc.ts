/**
 * A KYC provider (docs/adapters.md "KYC provider"): checks an applicant's identity outside, and tells us its decision
 * LATER by a signed webhook (POST /api/webhooks/kyc) — approved, rejected, or an error of its own (the check could not
 * be done). The program decides what a result means (server/modules/kyc): by default it is shown to the reviewing
 * operator, who decides; an automatic approval is a setting that production refuses.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';

/** Who is checked: the registration form (the provider's own flow asks the applicant for documents). */
export interface KycApplicant {
  /** Our reference: the user id (the provider's external id). */
  ref: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  country: string;
}

export type KycOutcome = 'approved' | 'rejected' | 'error';

/** A decision as the program reads it (every adapter translates its provider's webhook into this). */
export interface KycDecisionEvent {
  /** Repeated by a redelivery of the same event. */
  eventId: string;
  checkId: string;
  applicantRef: string;
  outcome: KycOutcome;
  /** The provider's reason code (a rejection's or an error's), if any. */
  reason: string | null;
  occurredAt: string;
}

export interface KycProvider {
  readonly name: string;
  /** Starts a check; idempotent per applicant ref (the same ref again answers the same check). Throws KycProviderError. */
  startCheck(applicant: KycApplicant): Promise<{ checkId: string }>;
  /**
   * One webhook delivery, in the provider's own format: checks its signature over the exact raw body FIRST, then reads
   * it. Throws KycWebhookError: 'signature' (→ 401), 'json' / 'format' (→ 400).
   */
  parseWebhook(rawBody: string, headers: Record<string, string | undefined>): KycDecisionEvent;
}

/** The provider could not be reached or refused the request: the start job retries. */
export class KycProviderError extends Error {
  override name = 'KycProviderError';
}

export class KycWebhookError extends Error {
  override name = 'KycWebhookError';
  constructor(
    readonly kind: 'signature' | 'json' | 'format',
    message: string,
  ) {
    super(message);
  }
}

/** The job that starts a new user's check (enqueued by the sign-up, run by server/modules/kyc). */
export const KYC_START_JOB = 'kyc.start';

/** The sandbox's format (and what a provider without its own is asked to send): `sha256=<hex HMAC-SHA256(secret, raw body)>`. */
export const KYC_SIGNATURE_HEADER = 'x-kyc-signature';

export const signKycWebhook = (secret: string, rawBody: string): string => `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;

const verifySignature = (secret: string, rawBody: string, header: string | undefined): boolean => {
  if (!header) return false;
  const expected = Buffer.from(signKycWebhook(secret, rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
};

const WebhookBody = z.object({
  eventId: z.string().check(z.minLength(1), z.maxLength(200)),
  checkId: z.string().check(z.minLength(1), z.maxLength(200)),
  applicantRef: z.string().check(z.minLength(1), z.maxLength(64)),
  outcome: z.enum(['approved', 'rejected', 'error']),
  reason: z.nullable(z.string().check(z.maxLength(200))),
  occurredAt: z.iso.datetime(),
});

/** Reads a webhook in our own format signed with `secret` (the sandbox provider's parseWebhook). */
export const parseSignedKycWebhook = (secret: string, rawBody: string, headers: Record<string, string | undefined>): KycDecisionEvent => {
  if (!verifySignature(secret, rawBody, headers[KYC_SIGNATURE_HEADER])) throw new KycWebhookError('signature', 'Invalid KYC webhook signature.');
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new KycWebhookError('json', 'The request body is not valid JSON.');
  }
  const parsed = z.safeParse(WebhookBody, json);
  if (!parsed.success) throw new KycWebhookError('format', 'The webhook is not a KYC decision.');
  return parsed.data;
};
