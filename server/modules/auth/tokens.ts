import { randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { httpErrors } from '../../http/errors';
import { authError } from './errors';
import { AUTH_LIMITS } from './limits';
import { deriveKey, sha256Base64Url } from './secrets';

const ISSUER = 'tg-wallet-api';
const AUDIENCE = 'tg-wallet-app';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

const refreshErrors = {
  invalid: () => authError('REFRESH_TOKEN_INVALID', 'Session invalid. Please sign in again.'),
  expired: () => authError('REFRESH_TOKEN_EXPIRED', 'Your session has expired. Please sign in again.'),
  reused: () =>
    authError('REFRESH_TOKEN_REUSED', 'This session was ended because an old sign-in token was used again. Please sign in again.'),
};

interface RefreshRow extends Record<string, unknown> {
  id: string;
  family_id: string;
  user_id: string;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
}

/**
 * Access tokens: JWT HS256 (jose), 15 minutes, `sub` = user id — verified without the database.
 * Refresh tokens: 32 random bytes (base64url), stored as SHA-256, 30 days, rotated on every use within a
 * family (one sign-in). Presenting an already-rotated token revokes the whole family (theft signal).
 */
export class TokenService {
  private readonly accessKey: Uint8Array;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    secret: string,
  ) {
    this.accessKey = new Uint8Array(deriveKey(secret, 'access-token'));
  }

  async issueAccessToken(userId: string): Promise<string> {
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + AUTH_LIMITS.accessTokenTtlSeconds)
      .sign(this.accessKey);
  }

  async verifyAccessToken(token: string): Promise<AuthContext> {
    try {
      const { payload } = await jwtVerify(token, this.accessKey, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp'],
      });
      if (!payload.sub) throw new Error('no subject');
      return { userId: payload.sub };
    } catch (error) {
      const expired = error instanceof joseErrors.JWTExpired;
      throw httpErrors.unauthorized(expired ? 'The access token has expired.' : 'Sign in required: the access token is missing or invalid.');
    }
  }

  /** Starts a new family (a sign-in) inside the caller's transaction. */
  async issueTokens(tx: Queryable, userId: string): Promise<TokenPair> {
    return this.issueInFamily(tx, userId, randomUUID());
  }

  private async issueInFamily(tx: Queryable, userId: string, familyId: string): Promise<TokenPair> {
    const now = this.clock.now();
    const refreshToken = randomBytes(32).toString('base64url');
    await tx.query(
      `INSERT INTO refresh_tokens (id, family_id, user_id, token_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [randomUUID(), familyId, userId, sha256Base64Url(refreshToken), now, addSeconds(now, AUTH_LIMITS.refreshTokenTtlSeconds)],
    );
    return { accessToken: await this.issueAccessToken(userId), refreshToken };
  }

  /** Exchanges a refresh token for a new pair (rotation with reuse detection). */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const outcome = await this.db.tx(async (tx) => {
      const [row] = await tx.query<RefreshRow>(
        `SELECT id, family_id, user_id, expires_at, rotated_at, revoked_at FROM refresh_tokens
         WHERE token_hash = $1 FOR UPDATE`,
        [sha256Base64Url(refreshToken)],
      );
      const now = this.clock.now();
      if (!row || row.revoked_at) return { error: refreshErrors.invalid() };
      if (row.rotated_at) {
        // Committed before answering: the family stays revoked.
        await tx.query(`UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL`, [row.family_id, now]);
        return { error: refreshErrors.reused() };
      }
      if (row.expires_at <= now) return { error: refreshErrors.expired() };
      await tx.query(`UPDATE refresh_tokens SET rotated_at = $2 WHERE id = $1`, [row.id, now]);
      return { tokens: await this.issueInFamily(tx, row.user_id, row.family_id) };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.tokens;
  }
}
