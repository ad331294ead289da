import { createHash } from 'node:crypto';
import type { MyPromoCode, promoMyCode, promoMyReferrals, Referral } from '@/shared/contract';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { httpErrors } from '../../http/errors';
import type { AnyEndpoint, RequestContext } from '../../http/route';
import { PermanentJobError, type JobLogger } from '../../jobs';
import { getSystemAccount, getWalletAccount, postTransaction, runLedgerTx } from '../ledger';
import { PROMO_BONUS_CURRENCY, type PromoSettings } from './settings';

/** Payload of the 'referral.cardIssued' job the cards module enqueues (server/modules/cards/events.ts). */
export interface ReferralCardIssuedPayload {
  userId: string;
  cardId: string;
  /** users.referred_by at the time of the issue (informative; the handler reads the row itself). */
  referrerId?: string;
}

/** The ledger idempotency key of the bonus for one referred user: at most one bonus per referred user, ever. */
export const promoBonusKey = (referredUserId: string): string => `promoBonus:${referredUserId}`;

/** Card statuses in which the card has been issued (the issuer produced it). */
const ISSUED_STATUSES = ['active', 'inactive', 'activating', 'frozen', 'freezing', 'unfreezing'];

/**
 * A referral's public id: derived from the referred user's id, so another user's internal id is never shown.
 * SQL so that lists can order and page by it (keyset).
 */
const REFERRAL_ID_SQL = (column: string) => `'ref_' || left(encode(sha256(convert_to('referral:' || ${column}, 'UTF8')), 'hex'), 24)`;

/** The same id computed in JavaScript (the bonus transaction's details.referralId). */
export const referralIdOf = (userId: string): string =>
  `ref_${createHash('sha256').update(`referral:${userId}`, 'utf8').digest('hex').slice(0, 24)}`;

/** "Ivan P.": first name and the initial of the last name (never another user's full name). */
export const referralDisplayName = (firstName: string, lastName: string): string => {
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${firstName.trim()} ${initial.toLocaleUpperCase()}.` : firstName.trim();
};

const encodeCursor = (createdAt: Date, id: string): string => Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');

const decodeCursor = (cursor: string): { createdAt: Date; id: string } => {
  const invalid = () => httpErrors.validation({ cursor: 'Invalid cursor: pass nextCursor from the previous page' });
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(ref_[0-9a-f]{24})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw invalid();
  const createdAt = new Date(match[1]!);
  if (Number.isNaN(createdAt.getTime())) throw invalid();
  return { createdAt, id: match[2]! };
};

interface ReferralRow extends Record<string, unknown> {
  ref_id: string;
  first_name: string;
  last_name: string;
  created_at: Date;
  bonus_amount: number | null;
  bonus_currency: 'USD' | 'RUB' | null;
}

export type BonusOutcome =
  | { paid: true; transactionId: string }
  | { paid: false; reason: 'NO_REFERRER' | 'ALREADY_PAID' | 'UNKNOWN_USER' };

/** What the promo use cases work with. */
export interface PromoDeps {
  db: Db;
  clock: Clock;
  settings: PromoSettings;
  log?: JobLogger;
}
type PromoRequest<E extends AnyEndpoint> = RequestContext<E, PromoDeps>;

/** GET /api/promo/my-code: the user's code and totals. */
export const myPromoCode = async ({ db, settings, user }: PromoRequest<typeof promoMyCode>): Promise<MyPromoCode> => {
  const userId = user.userId;
  const [row] = await db.query<{ promo_code: string; referrals: number; active: number; earned: number }>(
    `SELECT u.promo_code,
       (SELECT count(*) FROM users r WHERE r.referred_by = u.id)::bigint AS referrals,
       (SELECT count(*) FROM referral_bonuses b WHERE b.referrer_id = u.id)::bigint AS active,
       (SELECT coalesce(sum(b.amount), 0) FROM referral_bonuses b WHERE b.referrer_id = u.id AND b.currency = $2)::bigint AS earned
     FROM users u WHERE u.id = $1`,
    [userId, PROMO_BONUS_CURRENCY],
  );
  if (!row) throw httpErrors.unauthorized('This account no longer exists. Please sign in again.');
  return {
    code: row.promo_code,
    bonusPerReferral: { amount: settings.bonusAmount, currency: PROMO_BONUS_CURRENCY },
    referralsCount: row.referrals,
    activeCount: row.active,
    totalEarned: { amount: row.earned, currency: PROMO_BONUS_CURRENCY },
  };
};

/** GET /api/promo/my-referrals: people who signed up with the user's code, newest first (keyset pages). */
export const myReferrals = async ({ db, user, query }: PromoRequest<typeof promoMyReferrals>): Promise<{ items: Referral[]; nextCursor: string | null }> => {
  const userId = user.userId;
  const limit = query.limit ?? 20;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db.query<ReferralRow>(
    `WITH r AS (
       SELECT u.id, u.first_name, u.last_name, u.created_at, ${REFERRAL_ID_SQL('u.id')} AS ref_id
       FROM users u WHERE u.referred_by = $1
     )
     SELECT r.ref_id, r.first_name, r.last_name, r.created_at, b.amount AS bonus_amount, b.currency AS bonus_currency
     FROM r LEFT JOIN referral_bonuses b ON b.referred_user_id = r.id
     WHERE $2::timestamptz IS NULL OR (r.created_at, r.ref_id) < ($2::timestamptz, $3::text)
     ORDER BY r.created_at DESC, r.ref_id DESC
     LIMIT $4`,
    [userId, after?.createdAt ?? null, after?.id ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({
      id: row.ref_id,
      name: referralDisplayName(row.first_name, row.last_name),
      status: row.bonus_amount === null ? 'Registered' : 'Active',
      registeredAt: row.created_at.toISOString(),
      bonus: row.bonus_amount === null || !row.bonus_currency ? null : { amount: row.bonus_amount, currency: row.bonus_currency },
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.ref_id) : null,
  };
};

/**
 * Handler of 'referral.cardIssued': pays the referrer the bonus for the referred user's first issued card,
 * at most once per referred user, and marks the referral Active — both in one database transaction.
 * Safe to run any number of times, concurrently too: the ledger idempotency key `promoBonus:<user>` and the
 * primary key of referral_bonuses make every run after the first a no-op.
 */
export const payCardIssueBonus = async ({ db, clock, settings, log }: PromoDeps, payload: ReferralCardIssuedPayload): Promise<BonusOutcome> => {
  if (!payload || typeof payload.userId !== 'string' || typeof payload.cardId !== 'string') {
    throw new PermanentJobError(`referral.cardIssued: payload needs userId and cardId, got ${JSON.stringify(payload)}`);
  }
  const { userId, cardId } = payload;
  return runLedgerTx(db, async (q): Promise<BonusOutcome> => {
    const now = clock.now();
    const [user] = await q.query<{ referred_by: string | null; first_name: string; last_name: string }>(
      'SELECT referred_by, first_name, last_name FROM users WHERE id = $1',
      [userId],
    );
    if (!user) {
      log?.warn({ userId, cardId }, 'referral.cardIssued for an unknown user: no bonus');
      return { paid: false, reason: 'UNKNOWN_USER' };
    }
    if (!user.referred_by) {
      log?.info({ userId, cardId }, 'referral.cardIssued for a user nobody referred: no bonus');
      return { paid: false, reason: 'NO_REFERRER' };
    }
    if (await bonusExists(q, userId)) return { paid: false, reason: 'ALREADY_PAID' };

    const [card] = await q.query<{ user_id: string; status: string }>('SELECT user_id, status FROM cards WHERE id = $1', [cardId]);
    if (!card || card.user_id !== userId) {
      throw new PermanentJobError(`referral.cardIssued: card ${cardId} does not belong to user ${userId}`);
    }
    if (!ISSUED_STATUSES.includes(card.status)) {
      throw new PermanentJobError(`referral.cardIssued: card ${cardId} has not been issued (status ${card.status})`);
    }

    const referrerId = user.referred_by;
    const referralId = referralIdOf(userId);
    const expense = await getSystemAccount(q, 'promo_expense', PROMO_BONUS_CURRENCY, now);
    const wallet = await getWalletAccount(q, referrerId, PROMO_BONUS_CURRENCY, now);
    const { transactionId, replayed } = await postTransaction(q, {
      type: 'promoBonus',
      userId: referrerId,
      idempotencyKey: promoBonusKey(userId),
      details: { referralId, referralName: referralDisplayName(user.first_name, user.last_name), cardId },
      entries: [
        { accountId: expense.id, amount: -settings.bonusAmount },
        { accountId: wallet.id, amount: settings.bonusAmount },
      ],
      now,
    });
    const inserted = await q.query(
      `INSERT INTO referral_bonuses (referred_user_id, referrer_id, card_id, transaction_id, amount, currency, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (referred_user_id) DO NOTHING RETURNING referred_user_id`,
      [userId, referrerId, cardId, transactionId, settings.bonusAmount, PROMO_BONUS_CURRENCY, now],
    );
    if (replayed || !inserted.length) return { paid: false, reason: 'ALREADY_PAID' };
    log?.info({ referrerId, userId, cardId, transactionId }, 'referral bonus paid');
    return { paid: true, transactionId };
  });
};

const bonusExists = async (q: Queryable, referredUserId: string): Promise<boolean> => {
  const rows = await q.query('SELECT 1 FROM referral_bonuses WHERE referred_user_id = $1', [referredUserId]);
  return rows.length > 0;
};
