/** The caller's payment profile (pay code, discoverability) and finding a recipient by @username or payment code. */
import type {
  PaymentProfile,
  Recipient,
  transfersFindRecipient,
  transfersProfile,
  transfersUpdateProfile,
} from '@/shared/contract';
import { addSeconds } from '../../clock';
import type { Queryable } from '../../db/db';
import { catalogError } from '../../http/errors';
import { maskedName, paymentProfile, type TransfersRequest } from './shared';

export const getPaymentProfile = ({ db, clock, user }: TransfersRequest<typeof transfersProfile>): Promise<PaymentProfile> =>
  db.tx((q) => paymentProfile(q, user.userId, clock.now()));

export const updatePaymentProfile = ({ db, clock, user, body }: TransfersRequest<typeof transfersUpdateProfile>): Promise<PaymentProfile> =>
  db.tx(async (q) => {
    const now = clock.now();
    await paymentProfile(q, user.userId, now, true);
    await q.query('UPDATE payment_profiles SET discoverable = $2, updated_at = $3 WHERE user_id = $1', [user.userId, body.discoverable, now]);
    return paymentProfile(q, user.userId, now);
  });

export interface RecipientRow extends Record<string, unknown> {
  id: string;
  first_name: string;
  last_name: string;
  pay_code: string;
  telegram_username: string | null;
  /** Frozen by an operator (docs/ops.md "Freezing an account"): receives no transfers (RECIPIENT_UNAVAILABLE). */
  frozen: boolean;
}

const notFound = () => catalogError('RECIPIENT_NOT_FOUND', 'Nobody can receive money under this username or code. Check it and try again.');

/** A frozen account neither sends nor receives (issue #36): found, but no money goes to it. */
export const recipientUnavailable = () => catalogError('RECIPIENT_UNAVAILABLE', 'This person cannot receive money right now.');

/** The user behind a payment code who can receive money (an account that exists and is not deleted), or null. */
export const recipientByPayCode = async (q: Queryable, payCode: string, lock = false): Promise<RecipientRow | null> => {
  const [row] = await q.query<RecipientRow>(
    `SELECT u.id, u.first_name, u.last_name, p.pay_code, u.telegram_username, u.frozen_at IS NOT NULL AS frozen FROM payment_profiles p JOIN users u ON u.id = p.user_id
     WHERE p.pay_code = $1 AND u.deleted_at IS NULL${lock ? ' FOR SHARE OF u' : ''}`,
    [payCode],
  );
  return row ?? null;
};

/**
 * POST /api/transfers/recipient: the masked name behind a @username (only users who let themselves be found, and only
 * one account per name: a stale duplicate finds no one) or a payment code. Every look-up counts against the caller's
 * hourly limit, found or not, so usernames cannot be enumerated.
 */
export const findRecipient = async ({ db, clock, user, body, settings }: TransfersRequest<typeof transfersFindRecipient>): Promise<Recipient> => {
  const now = clock.now();
  // Counted in a transaction of its own, so a look-up that finds no one still counts.
  await db.tx(async (q) => {
    await paymentProfile(q, user.userId, now, true); // one look-up at a time per user: the count below is exact
    const [{ n } = { n: 0 }] = await q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM recipient_lookups WHERE user_id = $1 AND created_at > $2',
      [user.userId, addSeconds(now, -3600)],
    );
    if (n >= settings.lookupsPerHour) {
      throw catalogError('LOOKUP_LIMIT_REACHED', 'Too many recipient look-ups in the last hour. Try again later, or use their link.', {
        headers: { 'retry-after': '600' },
      });
    }
    await q.query('INSERT INTO recipient_lookups (user_id, created_at) VALUES ($1, $2)', [user.userId, now]);
  });
  return db.tx(async (q) => {
    let row: RecipientRow | null;
    let username: string | null = null;
    if (body.username !== undefined) {
      username = body.username.replace(/^@/, '');
      const rows = await q.query<RecipientRow>(
        `SELECT u.id, u.first_name, u.last_name, p.pay_code, u.telegram_username, u.frozen_at IS NOT NULL AS frozen FROM users u JOIN payment_profiles p ON p.user_id = u.id
         WHERE lower(u.telegram_username) = lower($1) AND u.deleted_at IS NULL AND p.discoverable LIMIT 2`,
        [username],
      );
      // Someone who has not opened payments yet has no profile: make theirs, so that they can be found by name too.
      if (!rows.length) {
        const [candidate] = await q.query<{ id: string }>(
          `SELECT u.id FROM users u WHERE lower(u.telegram_username) = lower($1) AND u.deleted_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM payment_profiles p WHERE p.user_id = u.id) LIMIT 2`,
          [username],
        );
        if (candidate) {
          await paymentProfile(q, candidate.id, now);
          rows.push(
            ...(await q.query<RecipientRow>(
              `SELECT u.id, u.first_name, u.last_name, p.pay_code, u.telegram_username, u.frozen_at IS NOT NULL AS frozen FROM users u JOIN payment_profiles p ON p.user_id = u.id
               WHERE lower(u.telegram_username) = lower($1) AND u.deleted_at IS NULL AND p.discoverable LIMIT 2`,
              [username],
            )),
          );
        }
      }
      row = rows.length === 1 ? rows[0]! : null;
    } else {
      row = await recipientByPayCode(q, body.payCode ?? '');
    }
    if (!row) throw notFound();
    if (row.id === user.userId) throw catalogError('SELF_TRANSFER', 'This is your own account: you cannot send money to yourself.');
    if (row.frozen) throw recipientUnavailable();
    return { payCode: row.pay_code, name: maskedName(row.first_name, row.last_name), username: username ? (row.telegram_username ?? username) : null };
  });
};
