import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import { catalogError } from '../../http/errors';
import { settleDueVerification } from '../users/user-store';

/**
 * Money-moving calls (exchange, SBP top-up) are refused while the account is under verification or after
 * verification failed (docs/api.md "Errors": 403). Deposits that arrive are still credited.
 */
export const assertCanMoveMoney = async (q: Queryable, clock: Clock, userId: string): Promise<void> => {
  await settleDueVerification(q, userId, clock.now());
  const [row] = await q.query<{ verification_status: string }>('SELECT verification_status FROM users WHERE id = $1', [userId]);
  if (!row) throw catalogError('UNAUTHORIZED', 'This account no longer exists. Please sign in again.');
  if (row.verification_status === 'under_verification') {
    throw catalogError('ACCOUNT_UNDER_VERIFICATION', 'Your account is under verification; this operation is available once it is verified.');
  }
  if (row.verification_status === 'verification_failed') {
    throw catalogError('ACCOUNT_VERIFICATION_FAILED', 'Account verification failed. Please contact support to resolve this issue.');
  }
};
