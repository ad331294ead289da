import type { ProfileUpdate } from '@/shared/contract/account';
import type { UserProfile } from '@/shared/contract/users';
import type { MailAdapter } from '../../adapters/mail';
import type { Clock } from '../../clock';
import { pgErrorCode, UNIQUE_VIOLATION, type Db, type SqlParam } from '../../db/db';
import { authError } from '../../http/errors';
import { emailChangeCodeMail, emailChangedMail, type EmailCodeService, type IssuedCode } from '../auth';
import { emailTaken, findUserByEmail, findUserById, normalizeEmail, type UsersService } from '../users';

export interface ProfileDeps {
  db: Db;
  clock: Clock;
  mail: MailAdapter;
  codes: EmailCodeService;
  users: UsersService;
}

const emailUnchanged = () =>
  authError('EMAIL_UNCHANGED', 'This is already your account’s email.', { fields: { email: 'This is already your email' } });

/** Profile edits and the email change (docs/server.md "Account"). */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  /** Names and phone: the body was validated by the registration form's rules (contract ProfileUpdate). */
  async update(userId: string, change: ProfileUpdate): Promise<UserProfile> {
    const { db, clock, users } = this.deps;
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
    return users.getProfile(userId);
  }

  /**
   * Mails a code to the NEW address, bound to this account. An address of another account is refused with words
   * (the user is signed in, and the confirm step would refuse it anyway); the current address keeps working.
   */
  async sendEmailCode(userId: string, rawEmail: string, clientIp: string): Promise<Omit<IssuedCode, 'code'>> {
    const { db, codes, mail } = this.deps;
    const email = normalizeEmail(rawEmail);
    const user = await findUserById(db, userId);
    if (user && user.email === email) throw emailUnchanged();
    if (await findUserByEmail(db, email)) throw emailTaken();
    const issued = await codes.issue({ email, purpose: 'email_change', clientIp, withCode: true, userId });
    await mail.send(emailChangeCodeMail(email, issued.code!));
    return { resendInSeconds: issued.resendInSeconds, expiresInSeconds: issued.expiresInSeconds };
  }

  /** Checks the code (5 tries, 10 minutes) and makes the address the account's email; tells the old address. */
  async confirmEmail(userId: string, rawEmail: string, code: string): Promise<UserProfile> {
    const { db, clock, codes, mail, users } = this.deps;
    const email = normalizeEmail(rawEmail);
    const codeId = await codes.check(email, 'email_change', code, userId);
    const oldEmail = await db.tx(async (tx) => {
      const [row] = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [userId]);
      if (!row) throw emailTaken();
      if (row.email === email) throw emailUnchanged();
      if (await findUserByEmail(tx, email)) throw emailTaken();
      await codes.consume(tx, codeId);
      try {
        await tx.query('UPDATE users SET email = $2, updated_at = $3 WHERE id = $1', [userId, email, clock.now()]);
      } catch (error) {
        // Someone registered the address meanwhile (the unique index on users.email): all of it rolls back.
        if (pgErrorCode(error) === UNIQUE_VIOLATION) throw emailTaken();
        throw error;
      }
      return row.email;
    });
    // The change is committed: a failed notice must not turn it into an error answer (the new address works).
    await mail.send(emailChangedMail(oldEmail, email)).catch(() => undefined);
    return users.getProfile(userId);
  }
}
