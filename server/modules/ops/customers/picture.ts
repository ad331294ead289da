/** A user's whole picture (ops.users.get): profile, verification with its history and KYC check, freeze, balances. */
import type { Currency } from '@/shared/contract/core';
import type { UserPicture, VerificationEvent } from '@/shared/contract/ops';
import type { Country } from '@/shared/contract/auth';
import type { FreezeReason, InfoRequestItem, VerificationStatus } from '@/shared/contract/users';
import type { Queryable } from '../../../db/db';
import { opsError } from '../errors';
import { KYC_COLUMNS, toKycCheck, type KycRow } from './summary';

interface PictureRow extends KycRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  country: Country;
  promo_code: string;
  referred_by: string | null;
  telegram_id: string | number | null;
  telegram_username: string | null;
  verification_status: VerificationStatus;
  verification_request: InfoRequestItem[] | null;
  verification_requested_at: Date | null;
  frozen_at: Date | null;
  frozen_reason: FreezeReason | null;
  frozen_note: string | null;
  frozen_by_name: string | null;
  created_at: Date;
  deleted_at: Date | null;
}

interface EventRow extends Record<string, unknown> {
  id: number;
  action: Exclude<VerificationEvent['action'], 'submitted'>;
  status: VerificationStatus;
  actor: 'operator' | 'provider' | 'sandbox';
  operator_id: string | null;
  operator_name: string | null;
  reason: string | null;
  items: InfoRequestItem[];
  freeze_reason: FreezeReason | null;
  provider_outcome: 'approved' | 'rejected' | 'error' | null;
  created_at: Date;
}

/** The picture of a user (404 USER_NOT_FOUND for an unknown id). */
export const userPicture = async (q: Queryable, userId: string): Promise<UserPicture> => {
  const [row] = await q.query<PictureRow>(
    `SELECT u.id, u.first_name, u.last_name, u.email, u.phone_number, u.country, u.promo_code, u.referred_by, u.telegram_id,
       u.telegram_username, u.verification_status, u.verification_request, u.verification_requested_at, u.frozen_at,
       u.frozen_reason, u.frozen_note, o.name AS frozen_by_name, u.created_at, u.deleted_at, ${KYC_COLUMNS}
     FROM users u LEFT JOIN operators o ON o.id = u.frozen_by LEFT JOIN kyc_checks k ON k.user_id = u.id
     WHERE u.id = $1`,
    [userId],
  );
  if (!row) throw opsError('USER_NOT_FOUND', 'No such user.');
  const events = await q.query<EventRow>(
    `SELECT e.id, e.action, e.status, e.actor, e.operator_id, o.name AS operator_name, e.reason, e.items, e.freeze_reason,
       e.provider_outcome, e.created_at
     FROM user_verification_events e LEFT JOIN operators o ON o.id = e.operator_id WHERE e.user_id = $1 ORDER BY e.id`,
    [userId],
  );
  const balances = await q.query<{ currency: Currency; available: number; held: number }>(
    `SELECT c.currency, coalesce(a.balance, 0)::bigint AS available,
       coalesce((SELECT -sum(e.amount) FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
                 WHERE e.account_id = c.id AND t.status = 'pending' AND e.amount < 0), 0)::bigint AS held
     FROM (VALUES ('wal_' || $1::text || '_USD', 'USD'), ('wal_' || $1::text || '_RUB', 'RUB')) AS c (id, currency)
     LEFT JOIN ledger_accounts a ON a.id = c.id ORDER BY c.currency = 'RUB', c.currency`,
    [userId],
  );
  const submitted: VerificationEvent = {
    id: `signup`,
    action: 'submitted',
    status: 'under_verification',
    actor: 'signup',
    operator: null,
    reason: null,
    items: [],
    freezeReason: null,
    providerOutcome: null,
    at: row.created_at.toISOString(),
  };
  return {
    profile: {
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phoneNumber: row.phone_number,
      country: row.country,
      promoCode: row.promo_code,
      referredBy: row.referred_by,
      telegram: row.telegram_id === null ? null : { id: String(row.telegram_id), username: row.telegram_username },
      createdAt: row.created_at.toISOString(),
      deletedAt: row.deleted_at?.toISOString() ?? null,
    },
    verification: {
      status: row.verification_status,
      request:
        row.verification_request && row.verification_requested_at && row.verification_status === 'under_verification'
          ? { items: row.verification_request, at: row.verification_requested_at.toISOString() }
          : null,
      history: [
        submitted,
        ...events.map(
          (e): VerificationEvent => ({
            id: String(e.id),
            action: e.action,
            status: e.status,
            actor: e.actor,
            operator: e.operator_id ? { id: e.operator_id, name: e.operator_name ?? '' } : null,
            reason: e.reason,
            items: e.items,
            freezeReason: e.freeze_reason,
            providerOutcome: e.provider_outcome,
            at: e.created_at.toISOString(),
          }),
        ),
      ],
      kyc: toKycCheck(row),
    },
    frozen:
      row.frozen_at && row.frozen_reason
        ? { reason: row.frozen_reason, since: row.frozen_at.toISOString(), by: row.frozen_by_name, note: row.frozen_note }
        : null,
    balances: balances.map((b) => ({
      currency: b.currency,
      available: { amount: Number(b.available), currency: b.currency },
      held: { amount: Number(b.held), currency: b.currency },
    })),
  };
};
