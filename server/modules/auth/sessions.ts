/**
 * A user's sessions (docs/auth.md "Sessions"): the sessions list the app shows (its rows), the support view of every
 * sign-in, and ending sessions (one, all but the current, all). A session is one sign-in: an `auth_sessions` row and
 * its refresh-token family (tokens.ts); ending it revokes both at once.
 */
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';

/** One active sign-in, as the sessions list shows it. */
export interface SessionRecord {
  id: string;
  current: boolean;
  device: string | null;
  platform: string | null;
  clientVersion: string | null;
  country: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

interface SessionRow extends Record<string, unknown> {
  id: string;
  device: string | null;
  platform: string | null;
  client_version: string | null;
  country: string | null;
  created_at: Date;
  last_seen_at: Date;
}

/** A session row as the lists show it (the sessions list adds `current`, support's list when and why it ended). */
const sessionOf = (r: SessionRow): Omit<SessionRecord, 'current'> => ({
  id: r.id,
  device: r.device,
  platform: r.platform,
  clientVersion: r.client_version,
  country: r.country,
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
});

type RevokeReason = 'sign_out' | 'reuse';

/** Ends the session and every refresh token of its family (idempotent: an ended one stays as it ended). */
export const revokeSession = async (tx: Queryable, clock: Clock, sessionId: string, reason: RevokeReason): Promise<void> => {
  const now = clock.now();
  await tx.query('UPDATE auth_sessions SET revoked_at = $2, revoke_reason = $3 WHERE id = $1 AND revoked_at IS NULL', [sessionId, now, reason]);
  await tx.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [sessionId, now]);
};

/** The user's active sessions (not ended, a refresh token still valid): the current one first, then by last seen. */
export const listSessions = async (q: Queryable, clock: Clock, userId: string, currentSessionId: string): Promise<SessionRecord[]> => {
  const rows = await q.query<SessionRow>(
    `SELECT s.id, s.device, s.platform, s.client_version, s.country, s.created_at, s.last_seen_at FROM auth_sessions s
     WHERE s.user_id = $1 AND s.revoked_at IS NULL
       AND EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = s.id AND r.revoked_at IS NULL AND r.expires_at > $2)
     ORDER BY (s.id = $3) DESC, s.last_seen_at DESC, s.id`,
    [userId, clock.now(), currentSessionId],
  );
  return rows.map((r) => ({ ...sessionOf(r), current: r.id === currentSessionId }));
};

/**
 * Every sign-in of the user as support sees it (docs/ops.md "A user's picture"): the active ones first, then the last
 * `endedLimit` ended ones, with when and why they ended.
 */
export const allSessions = async (
  q: Queryable,
  userId: string,
  endedLimit = 20,
): Promise<Array<Omit<SessionRecord, 'current'> & { endedAt: Date | null; endReason: string | null }>> => {
  const rows = await q.query<SessionRow & { revoked_at: Date | null; revoke_reason: string | null }>(
    `(SELECT id, device, platform, client_version, country, created_at, last_seen_at, revoked_at, revoke_reason FROM auth_sessions
      WHERE user_id = $1 AND revoked_at IS NULL ORDER BY last_seen_at DESC, id)
     UNION ALL
     (SELECT id, device, platform, client_version, country, created_at, last_seen_at, revoked_at, revoke_reason FROM auth_sessions
      WHERE user_id = $1 AND revoked_at IS NOT NULL ORDER BY revoked_at DESC, id LIMIT $2)`,
    [userId, endedLimit],
  );
  return rows.map((r) => ({ ...sessionOf(r), endedAt: r.revoked_at, endReason: r.revoke_reason }));
};

/** Ends one session of the user; false when it is not the user's or already ended (the caller answers 404). */
export const endSession = (db: Db, clock: Clock, userId: string, sessionId: string): Promise<boolean> =>
  db.tx(async (tx) => {
    const [row] = await tx.query<{ id: string }>('SELECT id FROM auth_sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL FOR UPDATE', [
      sessionId,
      userId,
    ]);
    if (!row) return false;
    await revokeSession(tx, clock, sessionId, 'sign_out');
    return true;
  });

/** Ends every session of the user but `keepSessionId`; returns how many were ended. */
export const endOtherSessions = (db: Db, clock: Clock, userId: string, keepSessionId: string): Promise<number> =>
  db.tx(async (tx) => {
    const rows = await tx.query<{ id: string }>('SELECT id FROM auth_sessions WHERE user_id = $1 AND revoked_at IS NULL AND id <> $2 ORDER BY id FOR UPDATE', [
      userId,
      keepSessionId,
    ]);
    for (const row of rows) await revokeSession(tx, clock, row.id, 'sign_out');
    return rows.length;
  });

/** Ends every session of the user inside the caller's transaction (account deletion, support). */
export const endAllSessions = async (tx: Queryable, clock: Clock, userId: string): Promise<void> => {
  const rows = await tx.query<{ id: string }>('SELECT id FROM auth_sessions WHERE user_id = $1 AND revoked_at IS NULL ORDER BY id FOR UPDATE', [userId]);
  for (const row of rows) await revokeSession(tx, clock, row.id, 'sign_out');
};
