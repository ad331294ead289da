/**
 * Operator sessions and tokens (docs/ops.md "Signing in"). Short on purpose:
 * - an access token: JWT HS256, 10 minutes, audience `tg-wallet-ops`, its own key (derived from JWT_SECRET for this
 *   purpose): a user's token never passes here, and an operator's never passes a user endpoint (audience and key);
 * - the session row (operator_sessions) is read on every request with the operator's roles: a revoked session, a
 *   disabled operator, 30 idle minutes or 12 hours since the sign-in → 401 OPS_SESSION_ENDED, in every process at once;
 * - the console renews the access token with an HttpOnly cookie (`ops_session`, path /api/ops/auth, SameSite=Strict)
 *   holding the session's secret (stored as SHA-256 only), so no operator secret is ever readable by script or kept in
 *   web storage.
 */
import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { OperatorRole } from '@/shared/contract/core';
import { addSeconds, type Clock } from '../../../clock';
import type { Db, Queryable } from '../../../db/db';
import type { OperatorContext } from '../../../http/context';
import { opsError } from '../errors';

const ISSUER = 'tg-wallet-api';
/** Never the users' audience (`tg-wallet-app`). */
const OPERATOR_AUDIENCE = 'tg-wallet-ops';

export const OPS_SESSION_LIMITS = {
  accessTokenTtlSeconds: 10 * 60,
  /** A session nobody used for this long ends (its next call or renewal is refused). */
  idleSeconds: 30 * 60,
  /** A session ends this long after its sign-in, used or not. */
  maxSeconds: 12 * 60 * 60,
  /** last_seen_at is written at most this often by requests. */
  lastSeenEverySeconds: 60,
} as const;

export type SessionEndReason = 'sign_out' | 'disabled' | 'second_factor_reset';

interface SessionRow extends Record<string, unknown> {
  operator_id: string;
  revoked_at: Date | null;
  last_seen_at: Date;
  expires_at: Date;
  roles: OperatorRole[] | null;
  disabled_at: Date | null;
}

const ended = () => opsError('OPS_SESSION_ENDED', 'The operator session has ended. Please sign in again.');
/** Renewal secrets are stored as their SHA-256 only. */
const sha256Base64Url = (value: string): string => createHash('sha256').update(value).digest('base64url');

export class OperatorSessions {
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The access tokens' HMAC key: derived from JWT_SECRET for this purpose only (buildApp, `deriveKey`). */
    accessKey: Buffer,
  ) {
    this.key = crypto.subtle.importKey('raw', new Uint8Array(accessKey), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async issueAccessToken(operatorId: string, sessionId: string): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(operatorId)
      .setIssuer(ISSUER)
      .setAudience(OPERATOR_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + OPS_SESSION_LIMITS.accessTokenTtlSeconds)
      .sign(await this.key);
  }

  /** The token's claims, then the session row and the operator's roles in one read (route()'s operator check). */
  async authenticate(token: string): Promise<OperatorContext> {
    let operatorId: string;
    let sessionId: string;
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: OPERATOR_AUDIENCE,
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp', 'sid'],
      });
      if (!payload.sub || typeof payload.sid !== 'string') throw new Error('no subject or session');
      operatorId = payload.sub;
      sessionId = payload.sid;
    } catch (error) {
      const expired = error instanceof joseErrors.JWTExpired;
      throw opsError('OPS_SESSION_ENDED', expired ? 'The access token has expired.' : 'An operator access token is required.');
    }
    const [row] = await this.db.query<SessionRow>(
      `SELECT s.operator_id, s.revoked_at, s.last_seen_at, s.expires_at, o.roles, o.disabled_at
       FROM operator_sessions s JOIN operators o ON o.id = s.operator_id WHERE s.id = $1`,
      [sessionId],
    );
    const now = this.clock.now();
    if (!row || row.operator_id !== operatorId || !this.stands(row, now)) throw ended();
    if (now.getTime() - row.last_seen_at.getTime() >= OPS_SESSION_LIMITS.lastSeenEverySeconds * 1000) {
      await this.db.query('UPDATE operator_sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2', [sessionId, now]);
    }
    return { operatorId, sessionId, roles: row.roles ?? [] };
  }

  private stands(row: Pick<SessionRow, 'revoked_at' | 'last_seen_at' | 'expires_at' | 'disabled_at'>, now: Date): boolean {
    return (
      row.revoked_at === null &&
      row.disabled_at === null &&
      row.expires_at > now &&
      now.getTime() - row.last_seen_at.getTime() < OPS_SESSION_LIMITS.idleSeconds * 1000
    );
  }

  /** A new session in the caller's transaction: its id and the renewal cookie's secret. */
  async start(q: Queryable, operatorId: string, client: { ip: string; device: string | null }): Promise<{ sessionId: string; secret: string; expiresAt: Date }> {
    const now = this.clock.now();
    const sessionId = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = addSeconds(now, OPS_SESSION_LIMITS.maxSeconds);
    await q.query(
      `INSERT INTO operator_sessions (id, operator_id, secret_hash, ip, device, created_at, last_seen_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $7)`,
      [sessionId, operatorId, sha256Base64Url(secret), client.ip, client.device, now, expiresAt],
    );
    return { sessionId, secret, expiresAt };
  }

  /** The session of a renewal cookie's secret, if it still stands; its last-seen time moves to now. */
  async renew(secret: string): Promise<{ operatorId: string; sessionId: string; expiresAt: Date }> {
    if (!secret) throw ended();
    const now = this.clock.now();
    const [row] = await this.db.query<SessionRow & { id: string }>(
      `SELECT s.id, s.operator_id, s.revoked_at, s.last_seen_at, s.expires_at, o.roles, o.disabled_at
       FROM operator_sessions s JOIN operators o ON o.id = s.operator_id WHERE s.secret_hash = $1`,
      [sha256Base64Url(secret)],
    );
    if (!row || !this.stands(row, now)) throw ended();
    await this.db.query('UPDATE operator_sessions SET last_seen_at = greatest(last_seen_at, $2) WHERE id = $1', [row.id, now]);
    return { operatorId: row.operator_id, sessionId: row.id, expiresAt: row.expires_at };
  }

  /** Ends the session of a renewal cookie's secret (silent when there is none). Answers the operator, if any. */
  async endBySecret(secret: string): Promise<{ operatorId: string; sessionId: string } | null> {
    if (!secret) return null;
    const [row] = await this.db.query<{ id: string; operator_id: string }>(
      `UPDATE operator_sessions SET revoked_at = $2, revoke_reason = 'sign_out'
       WHERE secret_hash = $1 AND revoked_at IS NULL RETURNING id, operator_id`,
      [sha256Base64Url(secret), this.clock.now()],
    );
    return row ? { operatorId: row.operator_id, sessionId: row.id } : null;
  }

  /** Ends every session of an operator in the caller's transaction (disabled, second factor reset). */
  async endAll(q: Queryable, operatorId: string, reason: SessionEndReason): Promise<number> {
    const rows = await q.query(
      'UPDATE operator_sessions SET revoked_at = $2, revoke_reason = $3 WHERE operator_id = $1 AND revoked_at IS NULL RETURNING id',
      [operatorId, this.clock.now(), reason],
    );
    return rows.length;
  }
}
