import type { authSendCode } from '@/shared/contract/auth';
import { findUserByEmail, normalizeEmail } from '../../users';
import type { IssuedCode } from '../email-codes';
import { existingAccountMail, signinCodeMail, signupCodeMail, unknownAccountMail } from '../mail-messages';
import type { AuthRequest } from './shared';

/**
 * Emails a code. Answers identically whether or not an account exists: a sign-up for a known email
 * or a sign-in for an unknown one gets an informative email instead of a code.
 */
export const sendCode = async ({ db, codes, mail, body, ip }: AuthRequest<typeof authSendCode>): Promise<Omit<IssuedCode, 'code'>> => {
  const { purpose } = body;
  const email = normalizeEmail(body.email);
  const exists = (await findUserByEmail(db, email)) !== null;
  const withCode = purpose === 'signup' ? !exists : exists;
  const issued = await codes.issue({ email, purpose, clientIp: ip, withCode });
  if (issued.code !== null) {
    await mail.send(purpose === 'signup' ? signupCodeMail(email, issued.code) : signinCodeMail(email, issued.code));
  } else {
    await mail.send(purpose === 'signup' ? existingAccountMail(email) : unknownAccountMail(email));
  }
  return { resendInSeconds: issued.resendInSeconds, expiresInSeconds: issued.expiresInSeconds };
};
