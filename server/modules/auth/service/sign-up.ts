import type { authRegister, AuthTokens } from '@/shared/contract/auth';
import { authError } from '../../../http/errors';
import { createUser, emailTaken, findUserByEmail, findUserByPromoCode, normalizeEmail, type UserRecord } from '../../users';
import { authUser, deviceOf, linkOrRefuse, type AuthRequest } from './shared';

const promoCodeUnknown = () =>
  authError('PROMO_CODE_UNKNOWN', 'Promo code not found', { fields: { promoCode: 'Promo code not found' } });

/** Creates the account: code checked first, then the promo code, then everything in one transaction. */
export const register = async (ctx: AuthRequest<typeof authRegister>): Promise<AuthTokens> => {
  const { db, clock, codes, tokens, newAccounts, body: form } = ctx;
  // Init data is checked before the code, so forged launch data never burns a code attempt.
  const telegram = ctx.telegram.optionalUser(ctx.request);
  const device = deviceOf(ctx);
  const email = normalizeEmail(form.email);
  const codeId = await codes.check(email, 'signup', form.code);
  // Checked before the code is used up, so the user can drop a wrong promo code and retry.
  let referrer: UserRecord | null = null;
  if (form.promoCode) {
    referrer = await findUserByPromoCode(db, form.promoCode.toUpperCase());
    if (!referrer) throw promoCodeUnknown();
  }
  return db.tx(async (tx) => {
    if (await findUserByEmail(tx, email)) throw emailTaken();
    await codes.consume(tx, codeId);
    const user = await createUser(tx, newAccounts, { ...form, email }, referrer?.id ?? null);
    if (telegram) await linkOrRefuse(tx, user.id, telegram, clock.now());
    return { ...(await tokens.issueTokens(tx, user.id, device)), user: authUser(user) };
  });
};
