/** The email change (docs/auth.md "Account"): a code to the new address, then its confirmation. */
import type { accountEmailConfirm, accountEmailSendCode } from '@/shared/contract/account';
import type { UserProfile } from '@/shared/contract/users';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/db';
import { authError } from '../../http/errors';
import { codeErrors, emailChangeCodeMail, emailChangedMail, type IssuedCode } from '../auth';
import { emailTaken, findUserByEmail, findUserById, normalizeEmail, userProfile } from '../users';
import type { AccountRequest } from './shared';

const emailUnchanged = () =>
  authError('EMAIL_UNCHANGED', 'This is already your account’s email.', { fields: { email: 'This is already your email' } });

/**
 * Mails a code to the NEW address, bound to this account; the current address keeps working. An address of another
 * account is answered exactly like a free one (issue #31: the answer was an account-existence oracle): the same limits
 * count it (per address, per IP, per account), a code row that no code matches is recorded, and nothing is mailed, so
 * confirming it fails like a wrong code.
 */
export const sendEmailChangeCode = async ({ db, codes, mail, user: caller, body, ip }: AccountRequest<typeof accountEmailSendCode>): Promise<Omit<IssuedCode, 'code'>> => {
  const { userId } = caller;
  const email = normalizeEmail(body.email);
  const user = await findUserById(db, userId);
  if (user && user.email === email) throw emailUnchanged();
  const taken = (await findUserByEmail(db, email)) !== null;
  const issued = await codes.issue({ email, purpose: 'email_change', clientIp: ip, withCode: !taken, userId });
  if (issued.code !== null) await mail.send(emailChangeCodeMail(email, issued.code));
  return { resendInSeconds: issued.resendInSeconds, expiresInSeconds: issued.expiresInSeconds };
};

/**
 * Checks the code (5 tries, 10 minutes) and makes the address the account's email; tells the old address. An address
 * that belongs to another account fails like a wrong code (counted), never with words of its own.
 */
export const confirmEmailChange = async ({ db, clock, codes, mail, user, body }: AccountRequest<typeof accountEmailConfirm>): Promise<UserProfile> => {
  const { userId } = user;
  const { code } = body;
  const email = normalizeEmail(body.email);
  const taken = (await findUserByEmail(db, email)) !== null;
  const codeId = await codes.check(email, 'email_change', code, userId, { matchable: !taken });
  const oldEmail = await db.tx(async (tx) => {
    const [row] = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [userId]);
    if (!row) throw emailTaken();
    if (row.email === email) throw emailUnchanged();
    // Registered by someone between the check and now: the code is spent for nothing, like an expired one.
    if (await findUserByEmail(tx, email)) throw codeErrors.expired();
    await codes.consume(tx, codeId);
    try {
      await tx.query('UPDATE users SET email = $2, updated_at = $3 WHERE id = $1', [userId, email, clock.now()]);
    } catch (error) {
      // Someone registered the address meanwhile (the unique index on users.email): all of it rolls back.
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw codeErrors.expired();
      throw error;
    }
    return row.email;
  });
  // The change is committed: a failed notice must not turn it into an error answer (the new address works).
  await mail.send(emailChangedMail(oldEmail, email)).catch(() => undefined);
  return userProfile(db, clock, userId);
};
