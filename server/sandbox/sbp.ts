import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { enqueueJob } from '../jobs';
import { parseSignedSbpCallback, signSbpCallback, SbpAcquirerError, type SbpAcquirer, type SbpCallbackBody, type SbpInvoice, type SbpInvoiceRequest } from '../adapters/sbp';

export interface SandboxSbpSettings {
  /** createInvoice refuses, like an acquirer outage (→ 502 SBP_PROVIDER_ERROR). */
  failCreate: boolean;
  /** Delay between the payer's decision and the callback (ms). */
  callbackDelayMs: number;
  /** Error code of a declined payment. */
  declineCode: string;
  /** Callbacks are not delivered at all (the webhook never hears; the payment stays pending until it expires). */
  dropCallbacks: boolean;
}

const DEFAULT_SANDBOX_SBP_SETTINGS: SandboxSbpSettings = {
  failCreate: false,
  callbackDelayMs: 1000,
  declineCode: 'PAYMENT_DECLINED',
  dropCallbacks: false,
};

const SETTING_KEY = 'sbp_acquirer';

/** Job kind that delivers one sandbox callback (server/jobs; retried with backoff until the webhook answers 2xx). */
export const SANDBOX_SBP_CALLBACK_JOB = 'sandbox.sbp.callback';

type SandboxInvoiceStatus = 'created' | 'paid' | 'declined' | 'expired';

export interface SandboxInvoice {
  invoiceId: string;
  orderId: string;
  amount: number;
  description: string;
  merchant: string;
  notificationUrl: string;
  successUrl: string;
  failUrl: string;
  status: SandboxInvoiceStatus;
  errorCode: string | null;
  expiresAt: Date;
  createdAt: Date;
  decidedAt: Date | null;
  callbacksSent: number;
}

interface InvoiceRow extends Record<string, unknown> {
  invoice_id: string;
  order_id: string;
  amount: number;
  description: string;
  merchant: string;
  notification_url: string;
  success_url: string;
  fail_url: string;
  status: SandboxInvoiceStatus;
  error_code: string | null;
  expires_at: Date;
  created_at: Date;
  decided_at: Date | null;
  callbacks_sent: number;
}

const toInvoice = (row: InvoiceRow): SandboxInvoice => ({
  invoiceId: row.invoice_id,
  orderId: row.order_id,
  amount: row.amount,
  description: row.description,
  merchant: row.merchant,
  notificationUrl: row.notification_url,
  successUrl: row.success_url,
  failUrl: row.fail_url,
  status: row.status,
  errorCode: row.error_code,
  expiresAt: row.expires_at,
  createdAt: row.created_at,
  decidedAt: row.decided_at,
  callbacksSent: row.callbacks_sent,
});

/** Sends a signed callback to the webhook and returns its HTTP status. */
export type SbpCallbackTransport = (request: { url: string; rawBody: string; signature: string }) => Promise<{ status: number; body: unknown }>;

/** The path of the sandbox payment page of an invoice (served by the wallet module while SANDBOX is on). */
export const sandboxPaymentPath = (invoiceId: string): string => `/api/dev/sbp/pay/${encodeURIComponent(invoiceId)}`;

/**
 * The sandbox SBP acquirer. Invoices live in `sandbox_sbp_invoices`; the payer decides on the sandbox
 * payment page (Pay / Decline); the decision enqueues a job that posts the signed callback to the
 * notification URL after `callbackDelayMs` — asynchronously, like a real acquirer — and the browser is
 * redirected to the success or fail URL at once. Controls: GET/POST /api/dev/sbp/settings.
 */
export class SandboxSbpAcquirer implements SbpAcquirer {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      /** HMAC key shared with our webhook. */
      secret: string;
      merchantName: string;
      transport: SbpCallbackTransport;
    },
  ) {}

  settings(q: Queryable = this.deps.db): Promise<SandboxSbpSettings> {
    return readSettings(q);
  }

  /** The acquirer's books: every invoice its payer paid (a paid one whose callback never arrived counts too). */
  async settledTotal(): Promise<number> {
    const [row] = await this.deps.db.query<{ total: number }>(`SELECT coalesce(sum(amount), 0)::bigint AS total FROM sandbox_sbp_invoices WHERE status = 'paid'`);
    return Number(row?.total ?? 0);
  }

  async updateSettings(patch: Partial<SandboxSbpSettings>): Promise<SandboxSbpSettings> {
    await this.deps.db.query(
      `INSERT INTO sandbox_settings (key, value, updated_at) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (key) DO UPDATE SET value = sandbox_settings.value || EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      [SETTING_KEY, JSON.stringify(patch), this.deps.clock.now()],
    );
    return this.settings();
  }

  async createInvoice(request: SbpInvoiceRequest): Promise<SbpInvoice> {
    const settings = await this.settings();
    if (settings.failCreate) throw new SbpAcquirerError('ACQUIRER_UNAVAILABLE', 'Sandbox acquirer is set to refuse new invoices');
    // Like real acquirers, idempotent per order: asking again for the same order returns its invoice.
    const [existing] = await this.deps.db.query<InvoiceRow>('SELECT * FROM sandbox_sbp_invoices WHERE order_id = $1', [request.orderId]);
    if (existing) {
      if (existing.amount !== request.amount) throw new SbpAcquirerError('ORDER_CONFLICT', 'Another amount was invoiced for this order');
      return { invoiceId: existing.invoice_id, paymentUrl: new URL(sandboxPaymentPath(existing.invoice_id), request.notificationUrl).toString() };
    }
    const invoiceId = `INV${randomBytes(8).toString('hex').toUpperCase()}`;
    await this.deps.db.query(
      `INSERT INTO sandbox_sbp_invoices (invoice_id, order_id, amount, description, merchant, notification_url, success_url, fail_url,
         status, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'created', $9, $10)`,
      [
        invoiceId,
        request.orderId,
        request.amount,
        request.description,
        this.deps.merchantName,
        request.notificationUrl,
        request.successUrl,
        request.failUrl,
        request.expiresAt,
        this.deps.clock.now(),
      ],
    );
    return { invoiceId, paymentUrl: new URL(sandboxPaymentPath(invoiceId), request.notificationUrl).toString() };
  }

  async getInvoice(invoiceId: string, q: Queryable = this.deps.db): Promise<SandboxInvoice | null> {
    const [row] = await q.query<InvoiceRow>('SELECT * FROM sandbox_sbp_invoices WHERE invoice_id = $1', [invoiceId]);
    return row ? toInvoice(row) : null;
  }

  /** Where the payer's browser goes for an invoice's outcome (fail URL with `code`). */
  redirectUrl(invoice: SandboxInvoice): string | null {
    if (invoice.status === 'paid') return invoice.successUrl;
    if (invoice.status === 'created') return null;
    const url = new URL(invoice.failUrl);
    url.searchParams.set('code', invoice.errorCode ?? 'PAYMENT_FAILED');
    return url.toString();
  }

  /**
   * The payer pressed Pay or Decline. The first decision counts (a second press changes nothing); an
   * invoice past its expiry becomes 'expired'. The callback job is enqueued in the same transaction.
   */
  async decide(invoiceId: string, action: 'pay' | 'decline'): Promise<SandboxInvoice | null> {
    const { db, clock } = this.deps;
    return db.tx(async (q) => {
      const [row] = await q.query<InvoiceRow>('SELECT * FROM sandbox_sbp_invoices WHERE invoice_id = $1 FOR UPDATE', [invoiceId]);
      if (!row) return null;
      if (row.status !== 'created') return toInvoice(row);
      const now = clock.now();
      const settings = await readSettings(q);
      const [status, errorCode] =
        row.expires_at <= now ? ['expired', 'PAYMENT_EXPIRED'] : action === 'pay' ? ['paid', null] : ['declined', settings.declineCode];
      const [updated] = await q.query<InvoiceRow>(
        `UPDATE sandbox_sbp_invoices SET status = $2, error_code = $3, decided_at = $4 WHERE invoice_id = $1 RETURNING *`,
        [invoiceId, status, errorCode, now],
      );
      if (!settings.dropCallbacks) {
        await enqueueJob(q, {
          kind: SANDBOX_SBP_CALLBACK_JOB,
          payload: { invoiceId },
          delayMs: settings.callbackDelayMs,
          dedupeKey: `${SANDBOX_SBP_CALLBACK_JOB}:${invoiceId}`,
        });
      }
      return toInvoice(updated!);
    });
  }

  /** The signed callback of a decided invoice, as the acquirer would post it. */
  callbackFor(invoice: SandboxInvoice): { rawBody: string; signature: string } {
    if (invoice.status === 'created') throw new Error(`invoice ${invoice.invoiceId} has no outcome yet`);
    const body: SbpCallbackBody = {
      eventId: `${invoice.invoiceId}:${invoice.status}`,
      invoiceId: invoice.invoiceId,
      orderId: invoice.orderId,
      status: invoice.status === 'paid' ? 'succeeded' : 'failed',
      amount: invoice.amount,
      currency: 'RUB',
      errorCode: invoice.status === 'paid' ? null : invoice.errorCode,
      occurredAt: (invoice.decidedAt ?? invoice.createdAt).toISOString(),
    };
    const rawBody = JSON.stringify(body);
    return { rawBody, signature: signSbpCallback(this.deps.secret, rawBody) };
  }

  /** Our webhook's side: the sandbox signs with the shared secret (SBP_WEBHOOK_SECRET) in our own format. */
  parseCallback(rawBody: string, headers: Record<string, string | undefined>): SbpCallbackBody {
    return parseSignedSbpCallback(this.deps.secret, rawBody, headers);
  }

  /** Posts the callback of a decided invoice now (the job does this; /api/dev/sbp/invoices/{id}/callback repeats it). */
  async deliverCallback(invoiceId: string): Promise<{ status: number; body: unknown }> {
    const invoice = await this.getInvoice(invoiceId);
    if (!invoice) throw new Error(`unknown sandbox invoice ${invoiceId}`);
    const { rawBody, signature } = this.callbackFor(invoice);
    const result = await this.deps.transport({ url: invoice.notificationUrl, rawBody, signature });
    await this.deps.db.query('UPDATE sandbox_sbp_invoices SET callbacks_sent = callbacks_sent + 1 WHERE invoice_id = $1', [invoiceId]);
    return result;
  }
}

const readSettings = async (q: Queryable): Promise<SandboxSbpSettings> => {
  const [row] = await q.query<{ value: Partial<SandboxSbpSettings> }>('SELECT value FROM sandbox_settings WHERE key = $1', [SETTING_KEY]);
  return { ...DEFAULT_SANDBOX_SBP_SETTINGS, ...(row?.value ?? {}) };
};
