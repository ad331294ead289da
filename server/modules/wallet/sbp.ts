/**
 * SBP top-ups (docs/api.md "SBP"): create a payment (our order, the acquirer's invoice), let the user pay
 * at the acquirer, and credit the wallet when — and only when — the acquirer's signed callback says so.
 * The credit is one `sbpTopup` ledger transaction with the key `sbp:<paymentId>`, so however often the
 * callback arrives, the money moves once.
 */
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { SbpPayment, SbpPaymentStatus, walletSbpGet } from '@/shared/contract';
import { SbpAcquirerError, SbpCallbackError, type SbpCallbackBody } from '../../adapters/sbp';
import { addSeconds, type Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { catalogError, DomainError, httpErrors } from '../../http/errors';
import { accountIds, ensureWalletAccounts, pickShard, postTransaction, runLedgerTx } from '../ledger';
import type { WalletSettings } from '../config';
import { notifyUser } from '../notifications';
import { formatMoney } from '@/shared/money';
import type { SbpDeps, WalletRequest } from './shared';

interface PaymentRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  idempotency_key: string | null;
  order_id: string;
  invoice_id: string | null;
  amount: number;
  status: SbpPaymentStatus;
  error_code: string | null;
  payment_url: string | null;
  success_url: string;
  fail_url: string;
  transaction_id: string | null;
  expires_at: Date;
  created_at: Date;
}

export const toSbpPayment = (row: PaymentRow): SbpPayment => ({
  paymentId: row.id,
  orderId: row.order_id,
  invoiceId: row.invoice_id,
  amount: { amount: row.amount, currency: 'RUB' },
  status: row.status,
  paymentUrl: row.payment_url ?? row.fail_url,
  expiresAt: row.expires_at.toISOString(),
  createdAt: row.created_at.toISOString(),
  errorCode: row.error_code,
  transactionId: row.transaction_id,
});

type CallbackOutcome = 'credited' | 'already_settled' | 'marked_failed';


/** Our order numbers: `TW-YYYYMMDD-` + 8 random characters (shown on the payment pages, given to the acquirer). */
const newOrderId = (now: Date): string => {
  const date = now.toISOString().slice(0, 10).replace(/-/g, '');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return `TW-${date}-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
};

const WEBHOOK_PATH = '/api/webhooks/sbp';

/** An SBP top-up request as its use case sees it: the module's deps and what it needs of the request (route()'s context). */
type SbpPaymentRequest = SbpDeps & {
  user: Pick<AuthContext, 'userId'>;
  idempotencyKey: string;
  body: { amount: number; returnUrl?: string };
};

/** Where the acquirer sends the payer back: the app's result pages, or the Mini App link for t.me. */
const returnUrls = (deps: Pick<SbpDeps, 'publicOrigin' | 'settings' | 'appOrigins'>, returnUrl: string | undefined, paymentId: string): { successUrl: string; failUrl: string } => {
  const ownOrigin = deps.publicOrigin();
  let origin = ownOrigin;
  if (returnUrl) {
    const url = new URL(returnUrl);
    const { botUsername } = deps.settings.app;
    if (url.origin === 'https://t.me') {
      const [, bot] = url.pathname.split('/');
      if (bot?.toLowerCase() !== botUsername.toLowerCase()) {
        throw catalogError('RETURN_URL_NOT_ALLOWED', `returnUrl may only point to https://t.me/${botUsername}.`);
      }
      url.searchParams.set('startapp', `sbp_${paymentId}`);
      return { successUrl: url.toString(), failUrl: url.toString() };
    }
    if (url.origin !== ownOrigin && !deps.appOrigins.includes(url.origin)) {
      throw catalogError('RETURN_URL_NOT_ALLOWED', 'returnUrl must be on the app origin or the bot\'s t.me link.');
    }
    origin = url.origin;
  }
  const id = encodeURIComponent(paymentId);
  return { successUrl: `${origin}/payment-success?paymentId=${id}`, failUrl: `${origin}/payment-failed?paymentId=${id}` };
};

/**
 * POST /api/wallet/sbp. The row is written before the acquirer is asked (so a crash leaves a trace),
 * the acquirer is called outside any database transaction, then the invoice is stored. A refusal marks the
 * payment failed, frees the idempotency key (a retry makes a new payment) and answers 502 SBP_PROVIDER_ERROR.
 */
export const createSbpPayment = async (ctx: SbpPaymentRequest): Promise<SbpPayment> => {
  const { db, clock, settings, acquirer, idempotencyKey, body: input } = ctx;
  const { userId } = ctx.user;
  const { minAmount, maxAmount, paymentTtlSeconds } = settings.sbp;
  if (input.amount < minAmount) {
    throw catalogError('AMOUNT_BELOW_MINIMUM', `The smallest SBP top-up is ${formatMoney({ amount: minAmount, currency: 'RUB' }, 'en')}.`);
  }
  if (input.amount > maxAmount) {
    throw catalogError('AMOUNT_ABOVE_MAXIMUM', `The largest SBP top-up is ${formatMoney({ amount: maxAmount, currency: 'RUB' }, 'en')}.`);
  }
  const [existing] = await db.query<PaymentRow>('SELECT * FROM sbp_payments WHERE user_id = $1 AND idempotency_key = $2', [
    userId,
    idempotencyKey,
  ]);
  if (existing) {
    if (existing.amount !== input.amount) {
      throw catalogError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different payment. Use a new key.');
    }
    if (existing.payment_url) return toSbpPayment(existing);
  }

  const now = clock.now();
  const paymentId = existing?.id ?? `sbp_${randomBytes(12).toString('base64url')}`;
  const urls = returnUrls(ctx, input.returnUrl, paymentId);
  const orderId = existing?.order_id ?? newOrderId(now);
  const expiresAt = existing?.expires_at ?? addSeconds(now, paymentTtlSeconds);
  if (!existing) {
    // Only for an account that is not deleted, with its row locked FOR SHARE: a deletion running now either finds this
    // payment pending (and refuses) or has finished, and then nothing is written (the deletion ended the session).
    const inserted = await db.query(
      `INSERT INTO sbp_payments (id, user_id, idempotency_key, order_id, amount, status, success_url, fail_url, expires_at, created_at, updated_at)
       SELECT $1, id, $3, $4, $5, 'pending', $6, $7, $8, $9, $9 FROM users WHERE id = $2 AND deleted_at IS NULL FOR SHARE
       RETURNING id`,
      [paymentId, userId, idempotencyKey, orderId, input.amount, urls.successUrl, urls.failUrl, expiresAt, now],
    );
    if (!inserted.length) throw httpErrors.unauthorized('This session has ended. Please sign in again.');
  }
  let invoice;
  try {
    invoice = await acquirer.createInvoice({
      orderId,
      amount: input.amount,
      description: `Wallet top-up ${orderId}`,
      notificationUrl: `${ctx.publicOrigin()}${WEBHOOK_PATH}`,
      successUrl: urls.successUrl,
      failUrl: urls.failUrl,
      expiresAt,
    });
  } catch (error) {
    const code = error instanceof SbpAcquirerError ? error.code : 'ACQUIRER_ERROR';
    ctx.warn('SBP acquirer refused to create an invoice', { paymentId, code, error: String(error) });
    await db.query(
      `UPDATE sbp_payments SET status = 'failed', error_code = $2, idempotency_key = NULL, updated_at = $3 WHERE id = $1`,
      [paymentId, code, clock.now()],
    );
    throw catalogError('SBP_PROVIDER_ERROR', 'The payment provider could not create the payment. Please try again later.');
  }
  const [row] = await db.query<PaymentRow>(
    `UPDATE sbp_payments SET invoice_id = $2, payment_url = $3, updated_at = $4 WHERE id = $1 RETURNING *`,
    [paymentId, invoice.invoiceId, invoice.paymentUrl, clock.now()],
  );
  return toSbpPayment(row!);
};

/** GET /api/wallet/sbp/{paymentId}: the owner's payment (anyone else: 404), expired when its time is up. */
export const getSbpPayment = ({ db, clock, user, params }: WalletRequest<typeof walletSbpGet>): Promise<SbpPayment> => findSbpPayment(db, clock, user.userId, params.paymentId);

const findSbpPayment = async (db: Queryable, clock: Clock, userId: string, paymentId: string): Promise<SbpPayment> => {
  const now = clock.now();
  const [row] = await db.query<PaymentRow>('SELECT * FROM sbp_payments WHERE id = $1 AND user_id = $2', [paymentId, userId]);
  if (!row) throw catalogError('SBP_PAYMENT_NOT_FOUND', 'No such SBP payment.');
  if (row.status === 'pending' && row.expires_at <= now) {
    const [expired] = await db.query<PaymentRow>(
      `UPDATE sbp_payments SET status = 'expired', error_code = 'PAYMENT_EXPIRED', updated_at = $2
       WHERE id = $1 AND status = 'pending' RETURNING *`,
      [paymentId, now],
    );
    if (expired) return toSbpPayment(expired);
    return findSbpPayment(db, clock, userId, paymentId);
  }
  return toSbpPayment(row);
};

const credit = async (q: Queryable, settings: WalletSettings, payment: PaymentRow, now: Date): Promise<CallbackOutcome> => {
  const wallets = await ensureWalletAccounts(q, payment.user_id, now);
  const posted = await postTransaction(q, {
    type: 'sbpTopup',
    userId: payment.user_id,
    idempotencyKey: `sbp:${payment.id}`,
    details: { paymentId: payment.id, orderId: payment.order_id, invoiceId: payment.invoice_id },
    entries: [
      { accountId: accountIds.systemShard('sbp_clearing', 'RUB', pickShard(payment.id, settings.hotAccountShards)), amount: -payment.amount },
      { accountId: wallets.RUB, amount: payment.amount },
    ],
    reference: payment.order_id,
    now,
  });
  await q.query(`UPDATE sbp_payments SET status = 'succeeded', error_code = NULL, transaction_id = $2, updated_at = $3 WHERE id = $1`, [
    payment.id,
    posted.transactionId,
    now,
  ]);
  if (posted.replayed) return 'already_settled';
  await notifyUser(q, payment.user_id, { kind: 'topUpCredited', ref: `sbp:${payment.id}`, amount: { amount: payment.amount, currency: 'RUB' }, method: 'sbp' }, now);
  return 'credited';
};

/**
 * POST /api/webhooks/sbp. Signature first (the acquirer adapter's check over the raw body → 401), then the body (→ 400),
 * then, in one transaction holding the payment row: succeeded → credit once; failed → mark failed
 * (a payment that already succeeded stays succeeded). Every callback is recorded.
 */
const handleSbpCallback = async (deps: SbpDeps, rawBody: string, headers: Record<string, string | undefined>): Promise<{ paymentId: string; outcome: CallbackOutcome }> => {
  const { db, clock } = deps;
  let callback: SbpCallbackBody;
  try {
    // The acquirer adapter checks its signature over the raw body first, then translates the body (docs/adapters.md).
    callback = deps.acquirer.parseCallback(rawBody, headers);
  } catch (error) {
    if (!(error instanceof SbpCallbackError)) throw error;
    if (error.kind === 'signature') throw httpErrors.unauthorized(error.message);
    // Signed by the acquirer, yet not a callback we can read: refused and alerted.
    deps.monitor.refused('sbp-acquirer', 'malformed', { error: error.message });
    if (error.kind === 'json') throw new DomainError('api', 'MALFORMED_JSON', error.message, 400);
    throw httpErrors.validation(error.fields);
  }
  await deps.systemAccounts();
  return runLedgerTx(db, async (q) => {
    const now = clock.now();
    const [payment] = await q.query<PaymentRow>('SELECT * FROM sbp_payments WHERE invoice_id = $1 FOR UPDATE', [callback.invoiceId]);
    if (!payment) throw catalogError('SBP_PAYMENT_NOT_FOUND', 'No payment has this invoice.');
    if (payment.order_id !== callback.orderId || payment.amount !== callback.amount || (callback.currency as string) !== 'RUB') {
      // Not the payment we asked for: refused (400, nothing moves) and alerted.
      deps.monitor.refused('sbp-acquirer', 'not_what_we_sent', {
        paymentId: payment.id,
        sent: { orderId: payment.order_id, amount: payment.amount, currency: 'RUB' },
        reported: { orderId: callback.orderId, amount: callback.amount, currency: callback.currency },
      });
      throw httpErrors.validation({ body: 'The callback does not match the payment (order, amount or currency).' });
    }
    let outcome: CallbackOutcome;
    if (callback.status === 'succeeded') {
      outcome = payment.status === 'succeeded' ? 'already_settled' : await credit(q, deps.settings, payment, now);
    } else if (payment.status !== 'pending') {
      outcome = 'already_settled'; // failed or expired stays so; only money arriving changes a settled payment
    } else {
      await q.query(`UPDATE sbp_payments SET status = 'failed', error_code = $2, updated_at = $3 WHERE id = $1`, [
        payment.id,
        callback.errorCode ?? 'PAYMENT_FAILED',
        now,
      ]);
      outcome = 'marked_failed';
      await notifyUser(q, payment.user_id, { kind: 'paymentFailed', ref: `sbp:${payment.id}`, amount: { amount: payment.amount, currency: 'RUB' }, paymentId: payment.id }, now);
    }
    await q.query(
      `INSERT INTO sbp_callbacks (payment_id, invoice_id, status, outcome, body, received_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
      [payment.id, callback.invoiceId, callback.status, outcome, rawBody, now],
    );
    return { paymentId: payment.id, outcome };
  });
};

/** The acquirer's callback route: server-to-server, signed over the exact raw body, so its scope keeps JSON as text. */
export const registerSbpWebhook = async (app: FastifyInstance, deps: SbpDeps): Promise<void> => {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(WEBHOOK_PATH, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, typeof value === 'string' ? value : undefined]));
      const result = await handleSbpCallback(deps, raw, headers);
      return { success: true, data: result };
    });
  });
};
