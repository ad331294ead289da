import { createHmac, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { authError, httpErrors } from '../../http/errors';
import { AUTH_LIMITS } from '../../config/auth-limits';
import { NO_DEVICE, type SessionDevice } from './device';
import { deriveKey, sha256Base64Url } from './secrets';
import { SessionCheckedDb, sessionCheckSql, type SessionCheckRow } from './session-checked-db';
import { revokeSession } from './sessions';
import { ACTIVITY_WRITE_EVERY_MS, sessionLockState } from './session-lock';

const ISSUER = 'tg-wallet-api';
const AUDIENCE = 'tg-wallet-app';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface TokenServiceOptions {
  /**
   * Seconds after a rotation during which the rotated refresh token, presented again, gets the same successor
   * (a duplicate from a second tab) instead of revoking the family. 0 = every duplicate is a reuse.
   */
  reuseGraceSeconds: number;
}

const refreshErrors = {
  invalid: () => authError('REFRESH_TOKEN_INVALID', 'Session invalid. Please sign in again.'),
  expired: () => authError('REFRESH_TOKEN_EXPIRED', 'Your session has expired. Please sign in again.'),
  reused: () =>
    authError('REFRESH_TOKEN_REUSED', 'This session was ended because an old sign-in token was used again. Please sign in again.'),
};

const sessionEnded = () => httpErrors.unauthorized('This session has ended. Please sign in again.');

interface RefreshRow extends Record<string, unknown> {
  id: string;
  family_id: string;
  user_id: string;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
}

/**
 * Sessions and tokens (the sessions list and ending sessions: sessions.ts).
 * - A session (`auth_sessions`, one per sign-in) is a refresh-token family; its id is the family id.
 * - Access tokens: JWT HS256 (jose), 15 minutes, `sub` = user id, `sid` = session id. Verified by signature,
 *   then ONE primary-key read of the session row: a revoked session is refused at once in every process.
 * - Refresh tokens: 32 random bytes (base64url) at sign-in, stored as SHA-256, 30 days, rotated on every use.
 *   A successor is HMAC-SHA256(key derived from JWT_SECRET, predecessor): deterministic, so a duplicate
 *   refresh of the just-rotated token within the grace window gets the SAME successor without the successor
 *   being stored anywhere (only its SHA-256 is). Outside the window a rotated token revokes the family.
 */
/** Verified access tokens remembered per process (signature and claims already checked; see verifyAccessToken). */
const VERIFIED_CACHE_SIZE = 10_000;
/** A session's last_seen_at is written at most this often by bearer requests (refreshes always write it). */
const LAST_SEEN_EVERY_MS = 60_000;

interface VerifiedToken {
  userId: string;
  sessionId: string;
  /** `exp` claim, seconds. */
  exp: number;
}

export class TokenService {
  /** The HMAC key as a WebCrypto key, imported once (jose imports a raw Uint8Array key again on every call). */
  private readonly accessKey: Promise<webcrypto.CryptoKey>;
  private readonly successorKey: Buffer;
  private readonly reuseGraceSeconds: number;
  /** token → what its verification found; oldest first (Map order), bounded by VERIFIED_CACHE_SIZE. */
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    secret: string,
    options: TokenServiceOptions = { reuseGraceSeconds: 30 },
  ) {
    this.accessKey = crypto.subtle.importKey('raw', new Uint8Array(deriveKey(secret, 'access-token')), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    this.successorKey = deriveKey(secret, 'refresh-successor');
    this.reuseGraceSeconds = options.reuseGraceSeconds;
  }

  async issueAccessToken(userId: string, sessionId: string): Promise<string> {
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + AUTH_LIMITS.accessTokenTtlSeconds)
      .sign(await this.accessKey);
  }

  /**
   * Signature, claims, then the session row (one primary-key lookup): revoked, unknown or another user's → 401.
   * A token whose signature and claims were verified before is not verified again: this process remembers what it
   * found (the last VERIFIED_CACHE_SIZE tokens) and only checks its expiry against the clock. The session row is read
   * on every request all the same, so a revoked session is refused at once by every process.
   */
  async verifyAccessToken(token: string): Promise<AuthContext> {
    const claims = await this.verifiedClaims(token);
    // The user's verification rides along (same lookup): guarded money calls need not read it again (AuthContext.verified).
    const [session] = await this.db.query<SessionCheckRow>(sessionCheckSql(1), [claims.sessionId]);
    return this.acceptSession(claims, session);
  }

  /**
   * The token's signature and claims now; the session row with the handler's first query (SessionCheckedDb, for reads
   * bound with `session: 'with-first-query'`). The same rules as verifyAccessToken, one round trip fewer.
   */
  async deferSessionCheck(
    token: string,
    /** Runs on the accepted session before any row reaches the handler (route()'s endpoint guards). */
    guard: (auth: AuthContext) => Promise<void> = async () => {},
  ): Promise<{ claims: AuthContext; db: SessionCheckedDb }> {
    const claims = await this.verifiedClaims(token);
    return {
      // Not known before the session row is read: false says nothing (the verification guard reads and decides).
      claims: { userId: claims.userId, sessionId: claims.sessionId, verified: false, appLock: { enabled: false, locked: false, unlockedAt: null } },
      db: new SessionCheckedDb(this.db, claims.sessionId, async (session) => {
        const auth = await this.acceptSession(claims, session);
        await guard(auth);
        return auth;
      }),
    };
  }

  /**
   * Revoked, unknown or another user's session → 401; otherwise who is asking, with its app lock state (route()
   * refuses a locked session), and "last seen" — plus, while unlocked, "active" (the lock's inactivity clock) — written
   * at most once a minute. A locked session's requests are not activity: only an unlock unlocks it.
   */
  private async acceptSession(claims: VerifiedToken, session: SessionCheckRow | undefined): Promise<AuthContext> {
    const { userId, sessionId } = claims;
    if (!session || session.revoked_at !== null || session.user_id !== userId) throw sessionEnded();
    const now = this.clock.now();
    const appLock = sessionLockState(session, now);
    const seen = now.getTime() - session.last_seen_at.getTime() >= LAST_SEEN_EVERY_MS;
    const active = !appLock.locked && now.getTime() - session.active_at.getTime() >= ACTIVITY_WRITE_EVERY_MS;
    if (seen || active) {
      await this.db.query(
        `UPDATE auth_sessions SET last_seen_at = greatest(last_seen_at, $2), active_at = CASE WHEN $3 THEN greatest(active_at, $2) ELSE active_at END
         WHERE id = $1`,
        [sessionId, now, active],
      );
    }
    return { userId, sessionId, verified: session.verification_status === 'verified', appLock };
  }

  private async verifiedClaims(token: string): Promise<VerifiedToken> {
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: expired when exp <= now (no clock tolerance).
      if (known.exp <= nowSeconds) throw httpErrors.unauthorized('The access token has expired.');
      return known;
    }
    let claims: VerifiedToken;
    try {
      const { payload } = await jwtVerify(token, await this.accessKey, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp', 'sid'],
      });
      if (!payload.sub || typeof payload.sid !== 'string' || !payload.sid || typeof payload.exp !== 'number') throw new Error('no subject or session');
      claims = { userId: payload.sub, sessionId: payload.sid, exp: payload.exp };
    } catch (error) {
      const expired = error instanceof joseErrors.JWTExpired;
      throw httpErrors.unauthorized(expired ? 'The access token has expired.' : 'Sign in required: the access token is missing or invalid.');
    }
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
    return claims;
  }

  /** Starts a new session (a sign-in) inside the caller's transaction, recording what it runs on. */
  async issueTokens(tx: Queryable, userId: string, device: SessionDevice = NO_DEVICE): Promise<TokenPair> {
    const sessionId = randomUUID();
    const now = this.clock.now();
    await tx.query(
      // A sign-in proves the account: the session starts unlocked, its step-up fresh.
      `INSERT INTO auth_sessions (id, user_id, created_at, last_seen_at, active_at, unlocked_at, device, platform, client_version, country)
       VALUES ($1, $2, $3, $3, $3, $3, $4, $5, $6, $7)`,
      [sessionId, userId, now, device.device, device.platform, device.clientVersion, device.country],
    );
    return this.storeRefreshToken(tx, userId, sessionId, randomBytes(32).toString('base64url'));
  }

  private successorOf(refreshToken: string): string {
    return createHmac('sha256', this.successorKey).update(refreshToken).digest('base64url');
  }

  private async storeRefreshToken(tx: Queryable, userId: string, sessionId: string, refreshToken: string): Promise<TokenPair> {
    const now = this.clock.now();
    await tx.query(
      `INSERT INTO refresh_tokens (id, family_id, user_id, token_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [randomUUID(), sessionId, userId, sha256Base64Url(refreshToken), now, addSeconds(now, AUTH_LIMITS.refreshTokenTtlSeconds)],
    );
    return { accessToken: await this.issueAccessToken(userId, sessionId), refreshToken };
  }

  /** Exchanges a refresh token for a new pair (rotation, duplicate grace window, reuse detection). */
  async refresh(refreshToken: string, device: SessionDevice = NO_DEVICE): Promise<TokenPair> {
    const outcome = await this.db.tx(async (tx) => {
      // The row lock serialises concurrent refreshes of one token: the second sees the first's rotation.
      const [row] = await tx.query<RefreshRow>(
        `SELECT id, family_id, user_id, expires_at, rotated_at, revoked_at FROM refresh_tokens
         WHERE token_hash = $1 FOR UPDATE`,
        [sha256Base64Url(refreshToken)],
      );
      const now = this.clock.now();
      if (!row || row.revoked_at) return { error: refreshErrors.invalid() };
      const successor = this.successorOf(refreshToken);
      if (row.rotated_at) {
        const sinceRotation = (now.getTime() - row.rotated_at.getTime()) / 1000;
        if (this.reuseGraceSeconds > 0 && sinceRotation <= this.reuseGraceSeconds) {
          // A duplicate (another tab, a retried request): the same successor, if its session still stands.
          const [next] = await tx.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM refresh_tokens WHERE token_hash = $1', [
            sha256Base64Url(successor),
          ]);
          if (next && next.revoked_at === null) {
            return { tokens: { accessToken: await this.issueAccessToken(row.user_id, row.family_id), refreshToken: successor } };
          }
          return { error: refreshErrors.invalid() };
        }
        // Committed before answering: the session stays revoked.
        await revokeSession(tx, this.clock, row.family_id, 'reuse');
        return { error: refreshErrors.reused() };
      }
      if (row.expires_at <= now) return { error: refreshErrors.expired() };
      await tx.query(`UPDATE refresh_tokens SET rotated_at = $2 WHERE id = $1`, [row.id, now]);
      // A refresh is a sign of life; the Telegram client may have been updated since the sign-in.
      await tx.query(
        `UPDATE auth_sessions SET last_seen_at = greatest(last_seen_at, $2), device = coalesce($3, device),
           platform = coalesce($4, platform), client_version = coalesce($5, client_version), country = coalesce($6, country)
         WHERE id = $1`,
        [row.family_id, now, device.device, device.platform, device.clientVersion, device.country],
      );
      return { tokens: await this.storeRefreshToken(tx, row.user_id, row.family_id, successor) };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.tokens;
  }

  /**
   * Sign-out: revokes the session that `refreshToken` belongs to (any token of the family, current or rotated).
   * Idempotent and silent: an unknown or already-ended token answers the same.
   */
  async revoke(refreshToken: string): Promise<void> {
    await this.db.tx(async (tx) => {
      const [row] = await tx.query<{ family_id: string }>('SELECT family_id FROM refresh_tokens WHERE token_hash = $1', [
        sha256Base64Url(refreshToken),
      ]);
      if (row) await revokeSession(tx, this.clock, row.family_id, 'sign_out');
    });
  }
}
