import type { Queryable } from '../../db/db';
import { catalogError, httpErrors } from '../../http/errors';
import { settleDueVerification } from '../users/user-store';

/** SPEC §8, verbatim: shown to users whose verification failed. */
export const VERIFICATION_FAILED_MESSAGE = 'Account verification failed. Please contact support to resolve this issue.';

/**
 * Card calls that move money or expose the card (issue, top-up, activation, unfreeze, reveal) need a
 * verified account (SPEC §1: "under verification" limits features; "verification failed" → support).
 */
export const requireVerifiedUser = async (q: Queryable, userId: string, now: Date): Promise<void> => {
  await settleDueVerification(q, userId, now);
  const [row] = await q.query<{ verification_status: string }>('SELECT verification_status FROM users WHERE id = $1', [userId]);
  if (!row) throw httpErrors.unauthorized('This account no longer exists. Please sign in again.');
  if (row.verification_status === 'under_verification') {
    throw catalogError(
      'ACCOUNT_UNDER_VERIFICATION',
      'Your account is still under verification. Issuing, activating, unfreezing, topping up and revealing cards become available once it is verified.',
    );
  }
  if (row.verification_status === 'verification_failed') throw catalogError('ACCOUNT_VERIFICATION_FAILED', VERIFICATION_FAILED_MESSAGE);
};
