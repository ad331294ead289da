/**
 * What people (and a KYC provider) decide about an account (docs/ops.md "Verification", "Freezing an account"): the
 * verification decision, a request for more, a provider's result, a freeze and its end. The users module owns the
 * account's state (and the guard that reads it), so these live here; the operator side and the KYC webhook call them
 * inside their own transactions. Each writes one user_verification_events row and tells the user through the bot
 * (a service message: sent whatever their switches say); the app follows by polling its profile while it is blocked.
 */
import type { FreezeReason, InfoRequestItem, VerificationStatus } from '@/shared/contract/users';
import type { Queryable } from '../../db/db';
import { notifyUser } from '../notifications';

export type VerificationDecision =
  | { decision: 'approve' }
  | { decision: 'reject' }
  | { decision: 'requestInfo'; items: InfoRequestItem[] };

export interface Decider {
  actor: 'operator' | 'provider' | 'sandbox';
  operatorId: string | null;
  reason: string | null;
  now: Date;
}

interface AccountRow extends Record<string, unknown> {
  verification_status: VerificationStatus;
  frozen_reason: FreezeReason | null;
  deleted_at: Date | null;
}

/** The account row, locked for the decision; null when there is no such user. */
export const lockAccount = async (q: Queryable, userId: string): Promise<AccountRow | null> => {
  const [row] = await q.query<AccountRow>('SELECT verification_status, frozen_reason, deleted_at FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return row ?? null;
};

const event = (
  q: Queryable,
  userId: string,
  action: 'approved' | 'rejected' | 'infoRequested' | 'providerResult' | 'frozen' | 'unfrozen',
  status: VerificationStatus,
  by: Decider,
  extra: { items?: InfoRequestItem[]; freezeReason?: FreezeReason | null; providerOutcome?: 'approved' | 'rejected' | 'error' } = {},
) =>
  q.query(
    `INSERT INTO user_verification_events (user_id, action, status, actor, operator_id, reason, items, freeze_reason, provider_outcome, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)`,
    [userId, action, status, by.actor, by.operatorId, by.reason, JSON.stringify(extra.items ?? []), extra.freezeReason ?? null, extra.providerOutcome ?? null, by.now],
  );

/**
 * Decides a verification still pending (the caller checked `under_verification` on the locked row): approve → verified,
 * reject → verification failed (the user sees SPEC §8's sentence, support the reason), request info → stays under
 * verification with what to send. A sandbox delay still pending is cancelled by any decision.
 */
export const decideVerification = async (q: Queryable, userId: string, decision: VerificationDecision, by: Decider): Promise<VerificationStatus> => {
  const status: VerificationStatus =
    decision.decision === 'approve' ? 'verified' : decision.decision === 'reject' ? 'verification_failed' : 'under_verification';
  const items = decision.decision === 'requestInfo' ? decision.items : null;
  await q.query(
    `UPDATE users SET verification_status = $2, verification_due_at = NULL, verification_request = $3::jsonb,
       verification_requested_at = CASE WHEN $3::jsonb IS NULL THEN NULL ELSE $4::timestamptz END, updated_at = $4
     WHERE id = $1`,
    [userId, status, items ? JSON.stringify(items) : null, by.now],
  );
  const action = decision.decision === 'approve' ? 'approved' : decision.decision === 'reject' ? 'rejected' : 'infoRequested';
  await event(q, userId, action, status, by, { items: items ?? [] });
  const ref = `verification:${userId}:${by.now.getTime()}`;
  await notifyUser(
    q,
    userId,
    decision.decision === 'requestInfo'
      ? { kind: 'accountStatus', ref, status: 'infoRequested', items: decision.items }
      : { kind: 'accountStatus', ref, status: decision.decision === 'approve' ? 'verified' : 'verificationFailed' },
    by.now,
  );
  return status;
};

/** A KYC provider's result, kept in the account's history (decides nothing by itself unless the caller then decides). */
export const recordProviderResult = (q: Queryable, userId: string, status: VerificationStatus, outcome: 'approved' | 'rejected' | 'error', reason: string | null, now: Date) =>
  event(q, userId, 'providerResult', status, { actor: 'provider', operatorId: null, reason, now }, { providerOutcome: outcome });

/** Freezes the account (not frozen yet: the caller checked on the locked row): no money leaves it from now on. */
export const freezeAccount = async (q: Queryable, userId: string, freeze: { reason: FreezeReason; note: string }, by: Decider & { operatorId: string }, status: VerificationStatus) => {
  await q.query(
    `UPDATE users SET frozen_at = $2, frozen_reason = $3, frozen_by = $4, frozen_note = $5, updated_at = $2 WHERE id = $1`,
    [userId, by.now, freeze.reason, by.operatorId, freeze.note],
  );
  await event(q, userId, 'frozen', status, { ...by, reason: freeze.note }, { freezeReason: freeze.reason });
  await notifyUser(q, userId, { kind: 'accountStatus', ref: `frozen:${userId}:${by.now.getTime()}`, status: 'frozen', freezeReason: freeze.reason }, by.now);
};

/** Ends a freeze (the caller checked it is frozen). */
export const unfreezeAccount = async (q: Queryable, userId: string, by: Decider & { operatorId: string }, status: VerificationStatus) => {
  await q.query(`UPDATE users SET frozen_at = NULL, frozen_reason = NULL, frozen_by = NULL, frozen_note = NULL, updated_at = $2 WHERE id = $1`, [userId, by.now]);
  await event(q, userId, 'unfrozen', status, by);
  await notifyUser(q, userId, { kind: 'accountStatus', ref: `unfrozen:${userId}:${by.now.getTime()}`, status: 'unfrozen' }, by.now);
};
