import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import { catalogError } from '../../http/errors';
import { settleDueVerification } from '../users/user-store';

/**
 * Money-moving calls (exchange, SBP top-up) are refused while the account is under verification or after
 * verification failed (docs/api.md "Errors": 403). Deposits that arrive are still credited.
 */
export const assertCanMoveMoney = async (q: Queryable, clock: Clock, userId: string): Promise<void> => {
  const now = clock.now();
  const read = async () =>
    (
      await q.query<{ verification_status: string; verification_due_at: Date | null }>(
        'SELECT verification_status, verification_due_at FROM users WHERE id = $1',
        [userId],
      )
    )[0];
  let row = await read();
  if (row?.verification_status === 'under_verification' && row.verification_due_at && row.verification_due_at <= now) {
    await settleDueVerification(q, userId, now); // sandbox: the verification delay has passed
    row = await read();
  }
  if (!row) throw catalogError('UNAUTHORIZED', 'This account no longer exists. Please sign in again.');
  if (row.verification_status === 'under_verification') {
    throw catalogError('ACCOUNT_UNDER_VERIFICATION', 'Your account is under verification; this operation is available once it is verified.');
  }
  if (row.verification_status === 'verification_failed') {
    throw catalogError('ACCOUNT_VERIFICATION_FAILED', 'Account verification failed. Please contact support to resolve this issue.');
  }
};
