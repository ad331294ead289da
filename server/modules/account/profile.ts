import type { ProfileUpdate } from '@/shared/contract/account';
import type { UserProfile } from '@/shared/contract/users';
import type { MailAdapter } from '../../adapters/mail';
import type { Clock } from '../../clock';
import { pgErrorCode, UNIQUE_VIOLATION, type Db, type SqlParam } from '../../db/db';
import { authError } from '../../http/errors';
import { codeErrors, emailChangeCodeMail, emailChangedMail, type EmailCodeService, type IssuedCode } from '../auth';
import { emailTaken, findUserByEmail, findUserById, normalizeEmail, userProfile } from '../users';

export interface ProfileDeps {
  db: Db;
  clock: Clock;
  mail: MailAdapter;
  codes: EmailCodeService;
}

const emailUnchanged = () =>
  authError('EMAIL_UNCHANGED', 'This is already your account’s email.', { fields: { email: 'This is already your email' } });

/** Profile edits and the email change (docs/server.md "Account"). */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  /** Names and phone: the body was validated by the registration form's rules (contract ProfileUpdate). */
  async update(userId: string, change: ProfileUpdate): Promise<UserProfile> {
    const { db, clock } = this.deps;
    const sets: string[] = [];
    const values: SqlParam[] = [userId, clock.now()];
    const add = (column: string, value: string | undefined) => {
      if (value === undefined) return;
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    add('first_name', change.firstName);
    add('last_name', change.lastName);
    add('phone_number', change.phoneNumber);
    // A new phone is a new SBP payout destination: withdrawals to it are held (docs/server.md "Withdrawals").
    if (change.phoneNumber !== undefined) sets.push(`phone_changed_at = CASE WHEN phone_number IS DISTINCT FROM $${values.length} THEN $2 ELSE phone_changed_at END`);
    await db.query(`UPDATE users SET ${sets.join(', ')}, updated_at = $2 WHERE id = $1 AND deleted_at IS NULL`, values);
    return userProfile(db, clock, userId);
  }

  /**
   * Mails a code to the NEW address, bound to this account; the current address keeps working. An address of another
   * account is answered exactly like a free one (issue #31: the answer was an account-existence oracle): the same limits
   * count it (per address, per IP, per account), a code row that no code matches is recorded, and nothing is mailed, so
   * confirming it fails like a wrong code.
   */
  async sendEmailCode(userId: string, rawEmail: string, clientIp: string): Promise<Omit<IssuedCode, 'code'>> {
    const { db, codes, mail } = this.deps;
    const email = normalizeEmail(rawEmail);
    const user = await findUserById(db, userId);
    if (user && user.email === email) throw emailUnchanged();
    const taken = (await findUserByEmail(db, email)) !== null;
    const issued = await codes.issue({ email, purpose: 'email_change', clientIp, withCode: !taken, userId });
    if (issued.code !== null) await mail.send(emailChangeCodeMail(email, issued.code));
    return { resendInSeconds: issued.resendInSeconds, expiresInSeconds: issued.expiresInSeconds };
  }

  /**
   * Checks the code (5 tries, 10 minutes) and makes the address the account's email; tells the old address. An address
   * that belongs to another account fails like a wrong code (counted), never with words of its own.
   */
  async confirmEmail(userId: string, rawEmail: string, code: string): Promise<UserProfile> {
    const { db, clock, codes, mail } = this.deps;
    const email = normalizeEmail(rawEmail);
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
  }
}
