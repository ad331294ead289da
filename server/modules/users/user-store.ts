import type { Country } from '@/shared/contract/auth';
import type { FreezeReason, InfoRequestItem, VerificationStatus } from '@/shared/contract/users';
import { pgErrorCode, UNIQUE_VIOLATION, type Queryable } from '../../db/db';

/** A `users` row as the services see it. */
export interface UserRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  country: Country;
  promoCode: string;
  referredBy: string | null;
  verificationStatus: VerificationStatus;
  verificationDueAt: Date | null;
  telegram: { id: number; username: string | null; firstName: string; photoUrl: string | null } | null;
  /** Frozen by an operator (docs/ops.md "Freezing an account"): no money leaves while set. */
  frozen: { reason: FreezeReason; since: Date } | null;
  /** Compliance asked for more (docs/ops.md "Verification"). */
  verificationRequest: { items: InfoRequestItem[]; at: Date } | null;
  createdAt: Date;
}

interface UserRow extends Record<string, unknown> {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  country: Country;
  promo_code: string;
  referred_by: string | null;
  verification_status: VerificationStatus;
  verification_due_at: Date | null;
  telegram_id: number | null;
  telegram_username: string | null;
  telegram_first_name: string | null;
  telegram_photo_url: string | null;
  frozen_at: Date | null;
  frozen_reason: FreezeReason | null;
  verification_request: InfoRequestItem[] | null;
  verification_requested_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, email, first_name, last_name, phone_number, country, promo_code, referred_by,
  verification_status, verification_due_at, telegram_id, telegram_username, telegram_first_name,
  telegram_photo_url, frozen_at, frozen_reason, verification_request, verification_requested_at, created_at`;

const toRecord = (row: UserRow): UserRecord => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  phoneNumber: row.phone_number,
  country: row.country,
  promoCode: row.promo_code,
  referredBy: row.referred_by,
  verificationStatus: row.verification_status,
  verificationDueAt: row.verification_due_at,
  telegram:
    row.telegram_id === null
      ? null
      : {
          id: row.telegram_id,
          username: row.telegram_username,
          firstName: row.telegram_first_name ?? '',
          photoUrl: row.telegram_photo_url,
        },
  frozen: row.frozen_at && row.frozen_reason ? { reason: row.frozen_reason, since: row.frozen_at } : null,
  verificationRequest:
    row.verification_request && row.verification_requested_at ? { items: row.verification_request, at: row.verification_requested_at } : null,
  createdAt: row.created_at,
});

const one = async (q: Queryable, where: string, value: string | number): Promise<UserRecord | null> => {
  const [row] = await q.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE ${where} = $1`, [value]);
  return row ? toRecord(row) : null;
};

export const findUserById = (q: Queryable, id: string) => one(q, 'id', id);
export const findUserByEmail = (q: Queryable, email: string) => one(q, 'email', email);
export const findUserByPromoCode = (q: Queryable, promoCode: string) => one(q, 'promo_code', promoCode);
export const findUserByTelegramId = (q: Queryable, telegramId: number) => one(q, 'telegram_id', telegramId);

export interface NewUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  country: Country;
  promoCode: string;
  referredBy: string | null;
  verificationStatus: VerificationStatus;
  verificationDueAt: Date | null;
  now: Date;
}

export const insertUser = async (q: Queryable, user: NewUser): Promise<UserRecord> => {
  const [row] = await q.query<UserRow>(
    `INSERT INTO users (id, email, first_name, last_name, phone_number, country, promo_code, referred_by,
       verification_status, verification_due_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
     RETURNING ${COLUMNS}`,
    [
      user.id,
      user.email,
      user.firstName,
      user.lastName,
      user.phoneNumber,
      user.country,
      user.promoCode,
      user.referredBy,
      user.verificationStatus,
      user.verificationDueAt,
      user.now,
    ],
  );
  if (!row) throw new Error('INSERT INTO users returned no row');
  return toRecord(row);
};

export interface TelegramUserData {
  id: number;
  username: string | null;
  firstName: string;
  photoUrl: string | null;
}

/**
 * Links a Telegram account to a user (or refreshes the stored username / photo). A Telegram account already
 * linked to ANOTHER user is never moved: `false` is returned and nothing changes (the caller refuses with
 * TELEGRAM_ALREADY_LINKED). The unique index on telegram_id settles a race between two links the same way.
 * A user who signs in from a different Telegram account gets that one linked instead of the old one.
 */
export const linkTelegram = async (q: Queryable, userId: string, telegram: TelegramUserData, now: Date): Promise<boolean> => {
  const holder = await findUserByTelegramId(q, telegram.id);
  if (holder && holder.id !== userId) return false;
  try {
    await q.query(
      `UPDATE users SET telegram_id = $2, telegram_username = $3, telegram_first_name = $4,
         telegram_photo_url = $5, updated_at = $6
       WHERE id = $1`,
      [userId, telegram.id, telegram.username, telegram.firstName, telegram.photoUrl, now],
    );
  } catch (error) {
    // Linked to someone else meanwhile. The transaction is now aborted: the caller must fail it.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return false;
    throw error;
  }
  return true;
};

export const setVerification = async (
  q: Queryable,
  userId: string,
  status: VerificationStatus,
  dueAt: Date | null,
  now: Date,
): Promise<void> => {
  await q.query(`UPDATE users SET verification_status = $2, verification_due_at = $3, updated_at = $4 WHERE id = $1`, [
    userId,
    status,
    dueAt,
    now,
  ]);
};

/** Sandbox: accounts whose verification delay has passed become 'verified' (idempotent, any process). */
export const settleDueVerification = async (q: Queryable, userId: string, now: Date): Promise<void> => {
  await q.query(
    `UPDATE users SET verification_status = 'verified', verification_due_at = NULL, updated_at = $2
     WHERE id = $1 AND verification_status = 'under_verification' AND verification_due_at <= $2`,
    [userId, now],
  );
};
