import { randomInt } from 'node:crypto';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { authError } from '../../http/errors';
import { AUTH_LIMITS } from '../../config/auth-limits';
import { deriveKey, hmacHex, safeEqual } from './secrets';

/**
 * 'email_change': a code mailed to a NEW address of a signed-in account (bound to that account's id). 'ops_signin': an
 * operator's sign-in (docs/ops.md "Signing in"; operators are not users, so no user id).
 */
export type CodePurpose = 'signup' | 'signin' | 'email_change' | 'ops_signin' | 'withdrawal';

export interface IssuedCode {
  /** The code to email, or null when an informative notice goes out instead (no code can match). */
  code: string | null;
  resendInSeconds: number;
  expiresInSeconds: number;
}

interface CodeRow extends Record<string, unknown> {
  id: number;
  code_hash: string | null;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
  invalidated_at: Date | null;
}

const codeField = (message: string) => ({ code: message });

export const codeErrors = {
  expired: () =>
    authError('CODE_EXPIRED', 'This code has expired or was not requested. Request a new code.', { fields: codeField('Code expired') }),
  invalid: (attemptsLeft: number) =>
    authError('CODE_INVALID', `Incorrect code. ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left.`, {
      fields: codeField('Incorrect code'),
    }),
  attemptsExceeded: () =>
    authError('CODE_ATTEMPTS_EXCEEDED', 'Too many wrong attempts. Request a new code.', { fields: codeField('Too many wrong attempts') }),
};

/** `limit`: which of the code limits was hit (CODE_RATE_LIMITED), so the app can say it (issue #35). */
const rateLimited = (code: 'RESEND_TOO_SOON' | 'CODE_RATE_LIMITED', message: string, retryAfterSeconds: number, limit?: 'email' | 'network' | 'account') =>
  authError(code, message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    ...(limit ? { details: { limit } } : {}),
  });

const secondsBetween = (from: Date, to: Date) => Math.max(0, Math.ceil((to.getTime() - from.getTime()) / 1000));

/**
 * 6-digit email codes: stored as HMAC-SHA256, valid 10 minutes, single use, 5 wrong tries, 60 s resend
 * cooldown, rate limits per email and per IP kept in the database (they hold across processes).
 * Sign-up and sign-in codes are separate; a new code replaces the previous one of the same purpose.
 */
export class EmailCodeService {
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    secret: string,
  ) {
    this.key = deriveKey(secret, 'email-code');
  }

  private hash(email: string, purpose: CodePurpose, code: string): string {
    return hmacHex(this.key, `${purpose}:${email}:${code}`);
  }

  /** Records a send-code request (after the limits) and returns the code to mail, if any. */
  issue(params: { email: string; purpose: CodePurpose; clientIp: string; withCode: boolean; userId?: string }): Promise<IssuedCode> {
    const { email, purpose, clientIp, withCode } = params;
    const userId = params.userId ?? null;
    return this.db.tx(async (tx) => {
      // One send-code at a time per email, across processes: the limits below are then exact.
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`email-code:${email}`]);
      const now = this.clock.now();
      await this.enforceLimits(tx, email, purpose, clientIp, now, userId);
      await tx.query(
        `UPDATE email_codes SET invalidated_at = $3
         WHERE email = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $4 AND used_at IS NULL AND invalidated_at IS NULL`,
        [email, purpose, now, userId],
      );
      const code = withCode ? String(randomInt(0, 10 ** AUTH_LIMITS.codeLength)).padStart(AUTH_LIMITS.codeLength, '0') : null;
      await tx.query(
        `INSERT INTO email_codes (email, purpose, code_hash, client_ip, created_at, expires_at, user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [email, purpose, code === null ? null : this.hash(email, purpose, code), clientIp, now, addSeconds(now, AUTH_LIMITS.codeTtlSeconds), userId],
      );
      return { code, resendInSeconds: AUTH_LIMITS.resendCooldownSeconds, expiresInSeconds: AUTH_LIMITS.codeTtlSeconds };
    });
  }

  private async enforceLimits(tx: Queryable, email: string, purpose: CodePurpose, clientIp: string, now: Date, userId: string | null): Promise<void> {
    const [last] = await tx.query<{ created_at: Date }>(
      `SELECT created_at FROM email_codes WHERE email = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 1`,
      [email, purpose],
    );
    if (last) {
      const wait = secondsBetween(now, addSeconds(last.created_at, AUTH_LIMITS.resendCooldownSeconds));
      if (wait > 0) throw rateLimited('RESEND_TOO_SOON', `Please wait ${wait} s before requesting a new code.`, wait);
    }
    const hourAgo = addSeconds(now, -3600);
    if (userId !== null) {
      // An account asking for codes to many addresses (the email change) is limited as an account, whatever the addresses.
      const [byUser] = await tx.query<{ n: number; oldest: Date | null }>(
        `SELECT count(*) AS n, min(created_at) AS oldest FROM email_codes WHERE user_id = $1 AND purpose = $2 AND created_at > $3`,
        [userId, purpose, hourAgo],
      );
      if (byUser && byUser.n >= AUTH_LIMITS.emailChangeCodesPerUserPerHour) {
        const wait = byUser.oldest ? secondsBetween(now, addSeconds(byUser.oldest, 3600)) : 3600;
        throw rateLimited('CODE_RATE_LIMITED', `Too many codes requested. Try again in ${Math.ceil(wait / 60)} min.`, wait, 'account');
      }
    }
    const [byEmail] = await tx.query<{ n: number; oldest: Date | null }>(
      `SELECT count(*) AS n, min(created_at) AS oldest FROM email_codes WHERE email = $1 AND created_at > $2`,
      [email, hourAgo],
    );
    if (byEmail && byEmail.n >= AUTH_LIMITS.codesPerEmailPerHour) {
      const wait = byEmail.oldest ? secondsBetween(now, addSeconds(byEmail.oldest, 3600)) : 3600;
      throw rateLimited('CODE_RATE_LIMITED', `Too many codes requested for this email. Try again in ${Math.ceil(wait / 60)} min.`, wait, 'email');
    }
    const [byIp] = await tx.query<{ n: number; oldest: Date | null }>(
      `SELECT count(*) AS n, min(created_at) AS oldest FROM email_codes WHERE client_ip = $1 AND created_at > $2`,
      [clientIp, hourAgo],
    );
    if (byIp && byIp.n >= AUTH_LIMITS.codesPerIpPerHour) {
      const wait = byIp.oldest ? secondsBetween(now, addSeconds(byIp.oldest, 3600)) : 3600;
      throw rateLimited('CODE_RATE_LIMITED', `Too many codes requested from your network. Try again in ${Math.ceil(wait / 60)} min.`, wait, 'network');
    }
  }

  /**
   * Checks a code without using it up. A wrong code counts an attempt (committed even though the
   * call then fails); the fifth wrong one invalidates the code. Returns the code's id for `consume`.
   * `matchable: false`: no code may match (the email change to an address of another account): every try is wrong.
   */
  async check(email: string, purpose: CodePurpose, code: string, userId: string | null = null, { matchable = true } = {}): Promise<number> {
    const outcome = await this.db.tx(async (tx) => {
      const [row] = await tx.query<CodeRow>(
        `SELECT id, code_hash, attempts, expires_at, used_at, invalidated_at FROM email_codes
         WHERE email = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $3 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
        [email, purpose, userId],
      );
      const now = this.clock.now();
      if (!row || row.used_at) return { error: codeErrors.expired() };
      if (row.attempts >= AUTH_LIMITS.maxWrongAttempts) return { error: codeErrors.attemptsExceeded() };
      if (row.invalidated_at || row.expires_at <= now) return { error: codeErrors.expired() };
      if (matchable && row.code_hash !== null && safeEqual(row.code_hash, this.hash(email, purpose, code))) return { id: row.id };
      const attempts = row.attempts + 1;
      const exhausted = attempts >= AUTH_LIMITS.maxWrongAttempts;
      await tx.query(`UPDATE email_codes SET attempts = $2, invalidated_at = $3 WHERE id = $1`, [row.id, attempts, exhausted ? now : null]);
      return { error: exhausted ? codeErrors.attemptsExceeded() : codeErrors.invalid(AUTH_LIMITS.maxWrongAttempts - attempts) };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.id;
  }

  /** Uses the code up inside the caller's transaction; fails if someone else used it meanwhile. */
  async consume(tx: Queryable, codeId: number): Promise<void> {
    const used = await tx.query(
      `UPDATE email_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND invalidated_at IS NULL RETURNING id`,
      [codeId, this.clock.now()],
    );
    if (!used.length) throw codeErrors.expired();
  }
}
