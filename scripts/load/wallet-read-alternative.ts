/**
 * The hot reads' best alternative in `npm run bench:table`: GET /api/wallet's whole work, written here over the app's
 * schema (none of the app's SQL or route code), served by bare Fastify + node-postgres (scripts/load/bare-server.ts:
 * GET /bare/wallet) and loaded by the same autocannon as the app. It is what the reads' target can be read against once
 * a read must do what the app's must, beside the bare primary-key select the target names.
 *
 * What a wallet read must do, and does here:
 *   - the bearer token: an HS256 JWT (the app's key, issuer and audience), its signature checked once per token and
 *     remembered as the app does (`verifiedTokens`), its expiry checked on every request;
 *   - ONE named prepared statement (`walletReadStatement`): the session row (not revoked, the token's user, not
 *     locked by the app lock at the database's clock) with the user's two wallet accounts, their held amounts (debits
 *     of pending transactions) and the USDT deposit tag;
 *   - the answer: the app's JSON envelope and fields (`{ success, data: { balances, usdtDepositTag, updatedAt } }`);
 *     an ended or locked session 401/423 in the error shape.
 * It leaves out what the app adds on every request: the security headers, the per-IP limiter, metrics and request
 * ids, the contract's validation of the answer, and the "last seen" write (at most once a minute per session).
 */
import { jwtVerify } from 'jose';
import { deriveKey } from '../../server/modules/auth/secrets';

/**
 * $1 the session id, $2 the user id. No row: no such session. Otherwise one row: whether the session may read
 * (`acts`), whether the app lock holds it (`locked`), the tag, and per currency (USD, RUB) balance, held and updated_at.
 */
export const walletReadStatement = `
  SELECT s.revoked_at IS NULL AND s.user_id = $2 AS acts,
         l.user_id IS NOT NULL AND (s.locked_at IS NOT NULL
           OR now() - coalesce(s.active_at, s.last_seen_at) > make_interval(secs => l.auto_lock_seconds + 60)) AS locked,
         (SELECT tag FROM usdt_deposit_tags WHERE user_id = $2) AS tag,
         usd.balance AS usd, usd.updated_at AS usd_at, rub.balance AS rub, rub.updated_at AS rub_at,
         coalesce(held.usd, 0) AS usd_held, coalesce(held.rub, 0) AS rub_held
  FROM auth_sessions s
  LEFT JOIN app_locks l ON l.user_id = s.user_id
  LEFT JOIN ledger_accounts usd ON usd.id = 'wal_' || $2 || '_USD'
  LEFT JOIN ledger_accounts rub ON rub.id = 'wal_' || $2 || '_RUB'
  LEFT JOIN LATERAL (
    SELECT (-sum(e.amount) FILTER (WHERE e.account_id = usd.id))::bigint AS usd, (-sum(e.amount) FILTER (WHERE e.account_id = rub.id))::bigint AS rub
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    WHERE t.user_id = $2 AND t.status = 'pending' AND e.amount < 0 AND e.account_id IN (usd.id, rub.id)
  ) held ON true
  WHERE s.id = $1`;

export interface WalletReadRow {
  acts: boolean;
  locked: boolean;
  tag: string | null;
  usd: string | null;
  usd_at: Date | null;
  rub: string | null;
  rub_at: Date | null;
  usd_held: string;
  rub_held: string;
}

interface VerifiedToken {
  userId: string;
  sessionId: string;
  exp: number;
}

/**
 * An HS256 bearer token's claims once jose has checked its signature, issuer and audience (null otherwise), remembered
 * per token; its expiry is checked on every request.
 */
export const tokenVerifier = (jwtSecret: string) => {
  const key = new Uint8Array(deriveKey(jwtSecret, 'access-token'));
  const verifiedTokens = new Map<string, VerifiedToken>();
  const verify = async (token: string): Promise<VerifiedToken | null> => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: 'tg-wallet-api', audience: 'tg-wallet-app' });
      return typeof payload.sub === 'string' && typeof payload.sid === 'string' && typeof payload.exp === 'number'
        ? { userId: payload.sub, sessionId: payload.sid, exp: payload.exp }
        : null;
    } catch {
      return null;
    }
  };
  return async (authorization: string | undefined): Promise<VerifiedToken | null> => {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : null;
    if (!token) return null;
    let claims = verifiedTokens.get(token) ?? null;
    if (!claims) {
      claims = await verify(token);
      if (!claims) return null;
      if (verifiedTokens.size >= 10_000) verifiedTokens.delete(verifiedTokens.keys().next().value!);
      verifiedTokens.set(token, claims);
    }
    return claims.exp > Date.now() / 1000 ? claims : null;
  };
};

/** The answer's data, as the app's GET /api/wallet. */
export const walletAnswer = (row: WalletReadRow, now: Date) => {
  const latest = [row.usd_at, row.rub_at].filter((at): at is Date => at !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? now;
  return {
    balances: [
      { currency: 'USD', available: { amount: Number(row.usd ?? 0), currency: 'USD' }, held: { amount: Number(row.usd_held), currency: 'USD' } },
      { currency: 'RUB', available: { amount: Number(row.rub ?? 0), currency: 'RUB' }, held: { amount: Number(row.rub_held), currency: 'RUB' } },
    ],
    usdtDepositTag: row.tag,
    updatedAt: latest.toISOString(),
  };
};
