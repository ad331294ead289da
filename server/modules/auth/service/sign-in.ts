import { randomUUID } from 'node:crypto';
import type { authLogin, AuthTokens, authVerifyCode } from '@/shared/contract/auth';
import { authError } from '../../../http/errors';
import { notifyUser } from '../../notifications';
import { findUserByEmail, findUserByTelegramId, normalizeEmail } from '../../users';
import { codeErrors } from '../email-codes';
import { authUser, deviceOf, linkOrRefuse, type AuthRequest } from './shared';

/** Email sign-in with a code from send-code (purpose 'signin'). */
export const verifyCode = async (ctx: AuthRequest<typeof authVerifyCode>): Promise<AuthTokens> => {
  const { db, clock, codes, tokens, body } = ctx;
  // Init data is checked before the code, so forged launch data never burns a code attempt.
  const telegram = ctx.telegram.optionalUser(ctx.request);
  const device = deviceOf(ctx);
  const email = normalizeEmail(body.email);
  const codeId = await codes.check(email, 'signin', body.code);
  return db.tx(async (tx) => {
    await codes.consume(tx, codeId);
    const user = await findUserByEmail(tx, email);
    // A sign-in code is only ever issued for an existing account; this guards against a deleted one.
    if (!user) throw codeErrors.expired();
    if (telegram) await linkOrRefuse(tx, user.id, telegram, clock.now());
    const issued = await tokens.issueTokens(tx, user.id, device);
    await notifyUser(tx, user.id, { kind: 'newSignIn', ref: randomUUID(), at: clock.now().toISOString() }, clock.now());
    return { ...issued, user: authUser(user) };
  });
};

/** One-tap sign-in inside Telegram for a Telegram account already linked to a user. */
export const loginWithTelegram = async (ctx: AuthRequest<typeof authLogin>): Promise<AuthTokens> => {
  const { db, clock, tokens } = ctx;
  const telegram = ctx.telegram.user(ctx.request);
  const device = deviceOf(ctx);
  return db.tx(async (tx) => {
    const user = await findUserByTelegramId(tx, telegram.id);
    if (!user) {
      throw authError(
        'TELEGRAM_NOT_LINKED',
        'This Telegram account is not linked to an account yet. Sign in with your email once to link it.',
      );
    }
    // Keep the stored username / photo fresh.
    await linkOrRefuse(tx, user.id, telegram, clock.now());
    const issued = await tokens.issueTokens(tx, user.id, device);
    await notifyUser(tx, user.id, { kind: 'newSignIn', ref: randomUUID(), at: clock.now().toISOString() }, clock.now());
    return { ...issued, user: authUser(user) };
  });
};
