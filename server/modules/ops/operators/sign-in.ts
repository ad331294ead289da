/**
 * Operator sign-in (docs/ops.md "Signing in"): email code → second factor (TOTP; set up at the first sign-in) → a
 * session (access token + renewal cookie). Operators are not users: their codes have their own purpose, their tokens
 * their own audience. Every sign-in, failed second factor and sign-out is in the audit log.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type {
  OperatorSession,
  opsAuthLogout,
  opsAuthRefresh,
  opsAuthSecondFactor,
  opsAuthSendCode,
  opsAuthVerifyCode,
  opsMe,
} from '@/shared/contract/ops';
import { open, seal } from '../../../adapters/card-issuer';
import { addSeconds } from '../../../clock';
import { readCookie, setCookieValue } from '../../../http/cookies';
import { sha256Base64Url, summarizeUserAgent } from '../../auth';
import { writeAudit } from '../audit';
import { opsError } from '../errors';
import type { OpsDeps, OpsRequest } from '../shared';
import { opsSignInCodeMail } from './mail';
import { OPS_SESSION_LIMITS } from './sessions';
import { findOperator, findOperatorByEmail, toOperator, type OperatorRow } from './store';
import { newTotpSecret, totpUri, verifyTotp } from './totp';

const SESSION_COOKIE = 'ops_session';
const COOKIE_PATH = '/api/ops/auth';
const CHALLENGE = { ttlSeconds: 5 * 60, maxAttempts: 5 } as const;
/** The AAD of a sealed TOTP secret: the operator it belongs to (a box moved to another row does not open). */
const totpContext = (operatorId: string) => `operator-totp:${operatorId}`;

export const sendOperatorCode = async ({ db, codes, mail, body, ip, log }: OpsRequest<typeof opsAuthSendCode>) => {
  const email = body.email.toLowerCase();
  const operator = await findOperatorByEmail(db, email);
  const active = operator !== null && operator.disabled_at === null;
  // The same answer for any address: an unknown one gets a code row nothing can match, and no mail.
  const issued = await codes.issue({ email, purpose: 'ops_signin', clientIp: ip, withCode: active });
  if (issued.code && mail) await mail.send(opsSignInCodeMail(email, issued.code));
  else if (issued.code) log.warn('no mail adapter: an operator sign-in code was not sent');
  return { resendInSeconds: issued.resendInSeconds, expiresInSeconds: issued.expiresInSeconds };
};

export const verifyOperatorCode = async ({ db, clock, codes, totpKey, body }: OpsRequest<typeof opsAuthVerifyCode>) => {
  const email = body.email.toLowerCase();
  const codeId = await codes.check(email, 'ops_signin', body.code);
  return db.tx(async (q) => {
    await codes.consume(q, codeId);
    const operator = await findOperatorByEmail(q, email);
    // A code exists only for an enabled operator; one disabled since is refused like a used code.
    if (!operator || operator.disabled_at !== null) throw opsError('CHALLENGE_EXPIRED', 'This sign-in cannot continue. Start again.');
    const now = clock.now();
    const token = randomBytes(32).toString('base64url');
    const enroll = operator.totp_enrolled_at === null;
    const secret = enroll ? newTotpSecret() : null;
    await q.query(
      `INSERT INTO operator_challenges (id, operator_id, token_hash, factor, pending_secret, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        randomUUID(),
        operator.id,
        sha256Base64Url(token),
        enroll ? 'enrollTotp' : 'totp',
        secret ? seal(totpKey, totpContext(operator.id), secret) : null,
        now,
        addSeconds(now, CHALLENGE.ttlSeconds),
      ],
    );
    return {
      challenge: token,
      factor: enroll ? ('enrollTotp' as const) : ('totp' as const),
      enrollment: secret ? { secret, uri: totpUri(operator.email, secret) } : null,
      expiresInSeconds: CHALLENGE.ttlSeconds,
    };
  });
};

interface ChallengeRow extends Record<string, unknown> {
  id: string;
  operator_id: string;
  factor: 'totp' | 'enrollTotp';
  pending_secret: string | null;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
}

/** The renewal cookie of a session (or, with maxAgeSeconds 0, the one that clears it). */
const sessionCookie = (deps: Pick<OpsDeps, 'secureCookies'>, value: string, maxAgeSeconds: number) =>
  setCookieValue(SESSION_COOKIE, value, { path: COOKIE_PATH, maxAgeSeconds, secure: deps.secureCookies });

const sessionAnswer = async (deps: Pick<OpsDeps, 'sessions'>, operator: OperatorRow, sessionId: string): Promise<OperatorSession> => ({
  accessToken: await deps.sessions.issueAccessToken(operator.id, sessionId),
  expiresInSeconds: OPS_SESSION_LIMITS.accessTokenTtlSeconds,
  operator: toOperator(operator),
});

export const confirmSecondFactor = async (ctx: OpsRequest<typeof opsAuthSecondFactor>): Promise<OperatorSession> => {
  const { db, clock, totpKey, sessions, body, ip, request, reply } = ctx;
  const outcome = await db.tx(async (q) => {
    const now = clock.now();
    const [challenge] = await q.query<ChallengeRow>(
      `SELECT id, operator_id, factor, pending_secret, attempts, expires_at, used_at FROM operator_challenges
       WHERE token_hash = $1 FOR UPDATE`,
      [sha256Base64Url(body.challenge)],
    );
    const operator = challenge ? await findOperator(q, challenge.operator_id, true) : null;
    if (!challenge || !operator || challenge.used_at || challenge.expires_at <= now || challenge.attempts >= CHALLENGE.maxAttempts || operator.disabled_at) {
      return { error: opsError('CHALLENGE_EXPIRED', 'This sign-in step has expired. Start again with a new email code.') };
    }
    const box = challenge.factor === 'enrollTotp' ? challenge.pending_secret : operator.totp_secret;
    const secret = box ? open(totpKey, totpContext(operator.id), box) : null;
    const step = secret ? await verifyTotp(secret, body.code, now, operator.totp_last_step) : null;
    const actor = { operatorId: operator.id, ip, requestId: String(request.id), at: now };
    if (step === null) {
      const attempts = challenge.attempts + 1;
      await q.query('UPDATE operator_challenges SET attempts = $2 WHERE id = $1', [challenge.id, attempts]);
      await writeAudit(q, actor, { action: 'operator.secondFactorFailed', targetType: 'operator', targetId: operator.id, after: { attempts } });
      const left = CHALLENGE.maxAttempts - attempts;
      return {
        error:
          left > 0
            ? opsError('SECOND_FACTOR_INVALID', `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.`, { details: { attemptsLeft: left }, fields: { code: 'Wrong code' } })
            : opsError('CHALLENGE_EXPIRED', 'Too many wrong codes. Start again with a new email code.'),
      };
    }
    await q.query('UPDATE operator_challenges SET used_at = $2 WHERE id = $1', [challenge.id, now]);
    if (challenge.factor === 'enrollTotp') {
      await q.query('UPDATE operators SET totp_secret = $2, totp_enrolled_at = $3, totp_last_step = $4, updated_at = $3 WHERE id = $1', [
        operator.id,
        challenge.pending_secret,
        now,
        step,
      ]);
      await writeAudit(q, actor, { action: 'operator.secondFactorEnrolled', targetType: 'operator', targetId: operator.id });
    } else {
      await q.query('UPDATE operators SET totp_last_step = $2 WHERE id = $1', [operator.id, step]);
    }
    const session = await sessions.start(q, operator.id, { ip, device: summarizeUserAgent(request.headers['user-agent']) });
    await writeAudit(q, actor, { action: 'operator.signedIn', targetType: 'session', targetId: session.sessionId });
    const fresh = (await findOperator(q, operator.id))!;
    return { operator: fresh, session };
  });
  if ('error' in outcome) throw outcome.error;
  reply.header('set-cookie', sessionCookie(ctx, outcome.session.secret, OPS_SESSION_LIMITS.maxSeconds));
  return sessionAnswer(ctx, outcome.operator, outcome.session.sessionId);
};

export const refreshOperatorSession = async (ctx: OpsRequest<typeof opsAuthRefresh>): Promise<OperatorSession> => {
  const { db, sessions, request } = ctx;
  const renewed = await sessions.renew(readCookie(request, SESSION_COOKIE));
  const operator = (await findOperator(db, renewed.operatorId))!;
  return sessionAnswer(ctx, operator, renewed.sessionId);
};

export const signOutOperator = async (ctx: OpsRequest<typeof opsAuthLogout>) => {
  const { db, clock, sessions, request, reply, ip } = ctx;
  const ended = await sessions.endBySecret(readCookie(request, SESSION_COOKIE));
  if (ended) {
    await writeAudit(db, { operatorId: ended.operatorId, ip, requestId: String(request.id), at: clock.now() }, {
      action: 'operator.signedOut',
      targetType: 'session',
      targetId: ended.sessionId,
    });
  }
  reply.header('set-cookie', sessionCookie(ctx, '', 0));
  return { signedOut: true as const };
};

export const currentOperator = async ({ db, operator }: OpsRequest<typeof opsMe>) => toOperator((await findOperator(db, operator.operatorId))!);
