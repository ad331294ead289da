/**
 * The holds of issue #36 (docs/api.md "Withdrawals"): a new address, a changed phone, or a sign-in on a new device
 * hold withdrawals for WITHDRAWAL_HOLD_SECONDS (24 h). Refused, not queued: a thief with a fresh session cannot line
 * up a withdrawal for later, and the user sees until when.
 */
import type { Queryable } from '../../db/db';
import { addSeconds } from '../../clock';
import { catalogError } from '../../http/errors';

/**
 * Until when the session's device holds withdrawals (null: not held). A device is new when the session began less than
 * the hold ago and no EARLIER session of the user ran on the same device and platform (the account's very first
 * session, its sign-up, is not "a sign-in on a new device").
 */
export const deviceHoldUntil = async (q: Queryable, userId: string, sessionId: string, holdSeconds: number, now: Date): Promise<Date | null> => {
  if (holdSeconds <= 0) return null;
  const [row] = await q.query<{ created_at: Date; earlier: number; same_device: number }>(
    `SELECT s.created_at,
       (SELECT count(*)::int FROM auth_sessions e WHERE e.user_id = s.user_id AND e.created_at < s.created_at) AS earlier,
       (SELECT count(*)::int FROM auth_sessions e WHERE e.user_id = s.user_id AND e.created_at < s.created_at
          AND e.device IS NOT DISTINCT FROM s.device AND e.platform IS NOT DISTINCT FROM s.platform) AS same_device
     FROM auth_sessions s WHERE s.id = $1 AND s.user_id = $2`,
    [sessionId, userId],
  );
  if (!row || row.earlier === 0 || row.same_device > 0) return null;
  const until = addSeconds(row.created_at, holdSeconds);
  return until > now ? until : null;
};

export const onHold = (until: Date, why: 'address' | 'phone' | 'device') =>
  catalogError(
    'WITHDRAWAL_ON_HOLD',
    why === 'address'
      ? `Withdrawals to a new address open 24 hours after it was added: at ${until.toISOString()}.`
      : why === 'phone'
        ? `Your phone number changed recently: SBP withdrawals open at ${until.toISOString()}.`
        : `You signed in on a new device: withdrawals open at ${until.toISOString()}.`,
    { details: { availableAt: until.toISOString() } },
  );
