/**
 * Payment requests (issue #36): an amount and a note the requester shares into a Telegram chat as a prepared inline
 * message; its link opens the app on the confirm step; paid at most once (the paying transfer locks the request row
 * and marks it paid in its own transaction). docs/api.md "Payment requests".
 */
import { randomBytes } from 'node:crypto';
import type {
  PaymentRequest,
  paymentRequestsCancel,
  paymentRequestsCreate,
  paymentRequestsGet,
  paymentRequestsList,
  paymentRequestsShare,
  SharedPaymentRequest,
} from '@/shared/contract';
import { miniAppLink } from '@/shared/contract';
import { formatMoney } from '@/shared/money';
import { addSeconds } from '../../clock';
import type { Queryable } from '../../db/db';
import { catalogError, httpErrors } from '../../http/errors';
import { maskedName, paymentProfile, type TransfersDeps, type TransfersRequest } from './shared';

export interface RequestRow extends Record<string, unknown> {
  id: string;
  requester_id: string;
  amount: number;
  currency: 'USD' | 'RUB';
  note: string | null;
  status: 'open' | 'paid' | 'cancelled';
  transfer_id: string | null;
  paid_by_name: string | null;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  /** Joined: the requester's pay code and names. */
  pay_code: string;
  first_name: string;
  last_name: string;
}

const SELECT_REQUEST = `SELECT r.*, p.pay_code, u.first_name, u.last_name FROM payment_requests r
  JOIN users u ON u.id = r.requester_id JOIN payment_profiles p ON p.user_id = r.requester_id`;

const notFound = () => catalogError('PAYMENT_REQUEST_NOT_FOUND', 'No such payment request.');
const REQUEST_ID = /^prq_[A-Za-z0-9_-]{22}$/;

/** The start parameter of a request's link: the app opens it on the confirm step (src/app/boot/deep-link.ts). */
const requestStartParam = (id: string): string => `req_${id.slice(4)}`;

const requestLink = (app: TransfersDeps['app'], id: string, fallbackOrigin: string): string =>
  miniAppLink(app, requestStartParam(id)) ?? `${fallbackOrigin}/wallet?request=${encodeURIComponent(id)}`;

const toRequest = (row: RequestRow, userId: string, deps: Pick<TransfersDeps, 'app'>, now: Date, origin: string): PaymentRequest => {
  const mine = row.requester_id === userId;
  const expired = row.status === 'open' && row.expires_at <= now;
  return {
    id: row.id,
    amount: { amount: Number(row.amount), currency: row.currency },
    note: row.note,
    status: expired ? 'expired' : row.status,
    mine,
    requester: { payCode: row.pay_code, name: maskedName(row.first_name, row.last_name) },
    paidBy: mine ? row.paid_by_name : null,
    transferId: mine ? row.transfer_id : null,
    link: requestLink(deps.app, row.id, origin),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
  };
};

const readRequest = async (q: Queryable, id: string, lock = false): Promise<RequestRow | null> => {
  if (!REQUEST_ID.test(id)) return null;
  const [row] = await q.query<RequestRow>(`${SELECT_REQUEST} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`, [id]);
  return row ?? null;
};

/** In a paying transfer's transaction: the request, locked, still open (else PAYMENT_REQUEST_CLOSED / _NOT_FOUND). */
export const lockOpenRequest = async (q: Queryable, id: string, now: Date): Promise<RequestRow> => {
  const row = await readRequest(q, id, true);
  if (!row) throw notFound();
  if (row.status !== 'open' || row.expires_at <= now) {
    throw catalogError('PAYMENT_REQUEST_CLOSED', row.status === 'paid' ? 'This request has been paid already.' : 'This request is no longer open.');
  }
  return row;
};

export const markRequestPaid = async (q: Queryable, id: string, transferId: string, paidBy: string, now: Date): Promise<void> => {
  await q.query(`UPDATE payment_requests SET status = 'paid', transfer_id = $2, paid_by_name = $3, paid_at = $4 WHERE id = $1 AND status = 'open'`, [
    id,
    transferId,
    paidBy,
    now,
  ]);
};

/** Where the app is served (a link for a requester without a bot configured). */
type Origin = { publicOrigin: string };

export const createPaymentRequest = ({ db, clock, user, body, settings, app, publicOrigin }: TransfersRequest<typeof paymentRequestsCreate> & Origin) =>
  db.tx(async (q): Promise<PaymentRequest> => {
    const now = clock.now();
    await paymentProfile(q, user.userId, now);
    const limit = settings.limits[body.amount.currency];
    const text = (amount: number) => formatMoney({ amount, currency: body.amount.currency }, 'en');
    if (body.amount.amount < limit.min || body.amount.amount > limit.maxPerTransfer) {
      const message = `A request must be between ${text(limit.min)} and ${text(limit.maxPerTransfer)}.`;
      throw catalogError(body.amount.amount < limit.min ? 'AMOUNT_BELOW_MINIMUM' : 'TRANSFER_LIMIT_EXCEEDED', message, { fields: { amount: message } });
    }
    const id = `prq_${randomBytes(16).toString('base64url')}`;
    await q.query(
      `INSERT INTO payment_requests (id, requester_id, amount, currency, note, status, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, 'open', $6, $7)`,
      [id, user.userId, body.amount.amount, body.amount.currency, body.note ?? null, now, addSeconds(now, settings.requestTtlSeconds)],
    );
    return toRequest((await readRequest(q, id))!, user.userId, { app }, now, publicOrigin);
  });

export const listPaymentRequests = async ({ db, clock, user, query, app, publicOrigin }: TransfersRequest<typeof paymentRequestsList> & Origin) => {
  const limit = query.limit ?? 20;
  let after: { at: Date; id: string } | null = null;
  if (query.cursor) {
    const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(prq_[A-Za-z0-9_-]{22})$/.exec(Buffer.from(query.cursor, 'base64url').toString('utf8'));
    if (!match || !/^[A-Za-z0-9_-]+$/.test(query.cursor)) throw httpErrors.validation({ cursor: 'Invalid cursor: pass nextCursor from the previous page' });
    after = { at: new Date(match[1]!), id: match[2]! };
  }
  const rows = await db.query<RequestRow>(
    `${SELECT_REQUEST} WHERE r.requester_id = $1 ${after ? 'AND (r.created_at, r.id) < ($3, $4)' : ''} ORDER BY r.created_at DESC, r.id DESC LIMIT $2`,
    after ? [user.userId, limit + 1, after.at, after.id] : [user.userId, limit + 1],
  );
  const now = clock.now();
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => toRequest(row, user.userId, { app }, now, publicOrigin)),
    nextCursor: rows.length > limit && last ? Buffer.from(`${last.created_at.toISOString()}|${last.id}`).toString('base64url') : null,
  };
};

/** Whoever holds the id (it is unguessable: 128 random bits) may read the request to pay it. */
export const getPaymentRequest = async ({ db, clock, user, params, app, publicOrigin }: TransfersRequest<typeof paymentRequestsGet> & Origin) => {
  const row = await readRequest(db, params.requestId);
  if (!row) throw notFound();
  return toRequest(row, user.userId, { app }, clock.now(), publicOrigin);
};

export const cancelPaymentRequest = ({ db, clock, user, params, app, publicOrigin }: TransfersRequest<typeof paymentRequestsCancel> & Origin) =>
  db.tx(async (q) => {
    const row = await readRequest(q, params.requestId, true);
    if (!row || row.requester_id !== user.userId) throw notFound();
    if (row.status === 'open') await q.query(`UPDATE payment_requests SET status = 'cancelled' WHERE id = $1`, [row.id]);
    return toRequest((await readRequest(q, row.id))!, user.userId, { app }, clock.now(), publicOrigin);
  });

/**
 * The request as a prepared inline message (Bot API savePreparedInlineMessage, for the app's shareMessage): an article
 * with the amount and note and a button into the app on the confirm step. Without a bot, or for a requester without a
 * linked Telegram account, `preparedMessageId` is null and the app shares the link instead.
 */
export const sharePaymentRequest = async ({ db, clock, user, params, app, bot, publicOrigin, lang }: TransfersRequest<typeof paymentRequestsShare> & Origin): Promise<SharedPaymentRequest> => {
  const row = await readRequest(db, params.requestId);
  if (!row || row.requester_id !== user.userId) throw notFound();
  const view = toRequest(row, user.userId, { app }, clock.now(), publicOrigin);
  if (view.status !== 'open') throw catalogError('PAYMENT_REQUEST_CLOSED', 'This request is no longer open.');
  const [owner] = await db.query<{ telegram_id: string | number | null }>('SELECT telegram_id FROM users WHERE id = $1', [user.userId]);
  if (!bot || owner?.telegram_id == null || !miniAppLink(app, requestStartParam(row.id))) return { preparedMessageId: null, link: view.link };
  const amount = formatMoney(view.amount, lang === 'ru' ? 'ru' : 'en');
  const ru = lang === 'ru';
  const title = ru ? `Запрос на ${amount}` : `Request for ${amount}`;
  const text = [`${view.requester.name} ${ru ? 'просит' : 'requests'} ${amount}`, view.note ? (ru ? `«${view.note}»` : `“${view.note}”`) : null]
    .filter(Boolean)
    .join('\n');
  try {
    const { id } = await bot.savePreparedInlineMessage({
      userId: Number(owner.telegram_id),
      title,
      description: view.note ?? (ru ? 'Оплата в кошельке' : 'Pay in the wallet'),
      text,
      button: { text: ru ? `Оплатить ${amount}` : `Pay ${amount}`, url: view.link },
    });
    return { preparedMessageId: id, link: view.link };
  } catch {
    // The Bot API refused or is unreachable: the app shares the plain link.
    return { preparedMessageId: null, link: view.link };
  }
};
