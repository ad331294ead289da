import { randomUUID } from 'node:crypto';
import type { AuthTokens, RegistrationForm } from '@/shared/contract/auth';
import type { MailAdapter } from '../../adapters/mail';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { codeErrors } from './email-codes';
import { authError } from '../../http/errors';
import {
  emailTaken,
  findUserByEmail,
  findUserByPromoCode,
  findUserByTelegramId,
  linkTelegram,
  normalizeEmail,
  type TelegramUserData,
  type UserRecord,
  createUser,
  type NewAccountSettings,
} from '../users';
import type { CodePurpose, EmailCodeService, IssuedCode } from './email-codes';
import { notifyUser } from '../notifications';
import { existingAccountMail, signinCodeMail, signupCodeMail, unknownAccountMail } from './mail-messages';
import { NO_DEVICE, type SessionDevice } from './device';
import type { TokenPair, TokenService } from './tokens';

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  mail: MailAdapter;
  codes: EmailCodeService;
  tokens: TokenService;
  newAccounts: NewAccountSettings;
}

const promoCodeUnknown = () =>
  authError('PROMO_CODE_UNKNOWN', 'Promo code not found', { fields: { promoCode: 'Promo code not found' } });

const telegramAlreadyLinked = () =>
  authError(
    'TELEGRAM_ALREADY_LINKED',
    'This Telegram account is already linked to another account. Sign in to that account, or use a different Telegram account.',
  );

/** Links the Telegram account in the caller's transaction, or fails it (rolled back: no account made, no code spent). */
const linkOrRefuse = async (tx: Queryable, userId: string, telegram: TelegramUserData, now: Date): Promise<void> => {
  if (!(await linkTelegram(tx, userId, telegram, now))) throw telegramAlreadyLinked();
};

const authUser = (user: UserRecord): AuthTokens['user'] => ({ id: user.id, name: `${user.firstName} ${user.lastName}` });

/** Sign-up, sign-in (email code or Telegram) and token refresh. See docs/server.md for the flows. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * Emails a code. Answers identically whether or not an account exists: a sign-up for a known email
   * or a sign-in for an unknown one gets an informative email instead of a code.
   */
  async sendCode(rawEmail: string, purpose: CodePurpose, clientIp: string): Promise<Omit<IssuedCode, 'code'>> {
    const email = normalizeEmail(rawEmail);
    const exists = (await findUserByEmail(this.deps.db, email)) !== null;
    const withCode = purpose === 'signup' ? !exists : exists;
    const issued = await this.deps.codes.issue({ email, purpose, clientIp, withCode });
    if (issued.code !== null) {
      await this.deps.mail.send(purpose === 'signup' ? signupCodeMail(email, issued.code) : signinCodeMail(email, issued.code));
    } else {
      await this.deps.mail.send(purpose === 'signup' ? existingAccountMail(email) : unknownAccountMail(email));
    }
    return { resendInSeconds: issued.resendInSeconds, expiresInSeconds: issued.expiresInSeconds };
  }

  /** Creates the account: code checked first, then the promo code, then everything in one transaction. */
  async register(form: RegistrationForm & { code: string }, telegram: TelegramUserData | null, device: SessionDevice = NO_DEVICE): Promise<AuthTokens> {
    const { db, codes, newAccounts, tokens, clock } = this.deps;
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
  }

  /** Email sign-in with a code from send-code (purpose 'signin'). */
  async verifyCode(rawEmail: string, code: string, telegram: TelegramUserData | null, device: SessionDevice = NO_DEVICE): Promise<AuthTokens> {
    const { db, codes, tokens, clock } = this.deps;
    const email = normalizeEmail(rawEmail);
    const codeId = await codes.check(email, 'signin', code);
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
  }

  /** One-tap sign-in inside Telegram for a Telegram account already linked to a user. */
  async loginWithTelegram(telegram: TelegramUserData, device: SessionDevice = NO_DEVICE): Promise<AuthTokens> {
    const { db, tokens, clock } = this.deps;
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
  }

  refresh(refreshToken: string, device: SessionDevice = NO_DEVICE): Promise<TokenPair> {
    return this.deps.tokens.refresh(refreshToken, device);
  }

  /** Sign-out: ends the session of this refresh token (idempotent, never says whether it existed). */
  logout(refreshToken: string): Promise<void> {
    return this.deps.tokens.revoke(refreshToken);
  }
}
