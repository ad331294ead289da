import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import { catalogError, httpErrors } from '../../http/errors';
import { settleDueVerification } from './user-store';

/** The one message per refused state (SPEC §1; the failed one is SPEC §8 verbatim). The client shows its own text per code. */
const VERIFICATION_GUARD_MESSAGES = {
  ACCOUNT_UNDER_VERIFICATION: 'Your account is under verification; this operation is available once it is verified.',
  ACCOUNT_VERIFICATION_FAILED: 'Account verification failed. Please contact support to resolve this issue.',
  ACCOUNT_FROZEN: 'Your account is frozen: no money can leave it. Please contact support.',
} as const;

/**
 * THE verification guard (docs/auth.md "Verification guard"): every call that moves money or exposes a card
 * (SBP top-up, exchange, card issue / top-up / activation / unfreeze / reveal) runs it first. Frozen by an operator →
 * 403 ACCOUNT_FROZEN with the reason (docs/ops.md "Freezing an account"), under verification → 403
 * ACCOUNT_UNDER_VERIFICATION, verification failed → 403 ACCOUNT_VERIFICATION_FAILED, account gone → 401.
 * A sandbox verification that has come due is settled here first. Incoming deposits are never guarded.
 * `verifiedAtAuth`: the request's AuthContext.verified, read with its session moments earlier (the same freshness the
 * guard had when it ran before the money transaction); callers on hot paths pass it to save a round trip.
 */
export const requireVerifiedUser = async (q: Queryable, clock: Clock, userId: string, verifiedAtAuth = false): Promise<void> => {
  // Verified and not frozen when this very request's session was checked (AuthContext.verified): no second read.
  if (verifiedAtAuth) return;
  const now = clock.now();
  const read = async () =>
    (
      await q.query<{ verification_status: string; verification_due_at: Date | null; frozen_reason: string | null }>(
        'SELECT verification_status, verification_due_at, frozen_reason FROM users WHERE id = $1',
        [userId],
      )
    )[0];
  let row = await read();
  if (row?.verification_status === 'under_verification' && row.verification_due_at && row.verification_due_at <= now) {
    await settleDueVerification(q, userId, now); // sandbox: the verification delay has passed
    row = await read();
  }
  if (!row) throw httpErrors.unauthorized('This account no longer exists. Please sign in again.');
  if (row.frozen_reason !== null) {
    throw catalogError('ACCOUNT_FROZEN', VERIFICATION_GUARD_MESSAGES.ACCOUNT_FROZEN, { details: { freezeReason: row.frozen_reason } });
  }
  if (row.verification_status === 'under_verification') {
    throw catalogError('ACCOUNT_UNDER_VERIFICATION', VERIFICATION_GUARD_MESSAGES.ACCOUNT_UNDER_VERIFICATION);
  }
  if (row.verification_status === 'verification_failed') {
    throw catalogError('ACCOUNT_VERIFICATION_FAILED', VERIFICATION_GUARD_MESSAGES.ACCOUNT_VERIFICATION_FAILED);
  }
};
