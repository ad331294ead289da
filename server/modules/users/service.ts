import { randomUUID } from 'node:crypto';
import type { RegistrationForm } from '@/shared/contract/auth';
import type { UserProfile, VerificationStatus } from '@/shared/contract/users';
import { addSeconds, type Clock } from '../../clock';
import { pgErrorCode, UNIQUE_VIOLATION, type Db, type Queryable } from '../../db/db';
import { authError, httpErrors } from '../../http/errors';
import { KYC_START_JOB } from '../../adapters/kyc';
import { enqueueJob } from '../../jobs';
import { generatePromoCode } from './promo-code';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  setVerification,
  settleDueVerification,
  type UserRecord,
} from './user-store';

export interface UsersServiceOptions {
  db: Db;
  clock: Clock;
  /** Sandbox accounts verify themselves after this delay; null = stay 'under_verification' (real review). */
  autoVerifyAfterSeconds: number | null;
}

const toUserProfile = (user: UserRecord): UserProfile => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  name: `${user.firstName} ${user.lastName}`,
  email: user.email,
  phoneNumber: user.phoneNumber,
  country: user.country,
  verificationStatus: user.verificationStatus,
  telegram: user.telegram
    ? {
        id: String(user.telegram.id),
        firstName: user.telegram.firstName,
        ...(user.telegram.username ? { username: user.telegram.username } : {}),
        ...(user.telegram.photoUrl ? { photoUrl: user.telegram.photoUrl } : {}),
      }
    : null,
  promoCode: user.promoCode,
  frozen: user.frozen ? { reason: user.frozen.reason, since: user.frozen.since.toISOString() } : null,
  // Only while it still applies: a decision since then answers it.
  verificationRequest:
    user.verificationRequest && user.verificationStatus === 'under_verification'
      ? { items: user.verificationRequest.items, at: user.verificationRequest.at.toISOString() }
      : null,
  createdAt: user.createdAt.toISOString(),
});

/** Emails are compared lower-cased and trimmed. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const PROMO_CODE_ATTEMPTS = 5;

export class UsersService {
  constructor(private readonly options: UsersServiceOptions) {}

  /** The profile of a signed-in user; 401 if the account no longer exists. */
  async getProfile(userId: string): Promise<UserProfile> {
    const { db, clock } = this.options;
    await settleDueVerification(db, userId, clock.now());
    const user = await findUserById(db, userId);
    if (!user) throw httpErrors.unauthorized('This account no longer exists. Please sign in again.');
    return toUserProfile(user);
  }

  /**
   * Creates the account inside the caller's transaction, with a fresh unique promo code. A unique
   * violation on the email means someone registered it meanwhile (409 EMAIL_TAKEN).
   */
  async createUser(tx: Queryable, form: Omit<RegistrationForm, 'promoCode'>, referredBy: string | null): Promise<UserRecord> {
    const now = this.options.clock.now();
    const delay = this.options.autoVerifyAfterSeconds;
    for (let attempt = 1; ; attempt++) {
      // A savepoint keeps the transaction usable when the insert fails on a duplicate promo code.
      await tx.exec('SAVEPOINT create_user');
      try {
        const user = await insertUser(tx, {
          id: randomUUID(),
          email: normalizeEmail(form.email),
          firstName: form.firstName,
          lastName: form.lastName,
          phoneNumber: form.phoneNumber,
          country: form.country,
          promoCode: generatePromoCode(),
          referredBy,
          verificationStatus: 'under_verification',
          verificationDueAt: delay === null ? null : addSeconds(now, delay),
          now,
        });
        await tx.exec('RELEASE SAVEPOINT create_user');
        // Verification starts with the account: the KYC provider's check, if one is connected (server/modules/kyc).
        await enqueueJob(tx, { kind: KYC_START_JOB, payload: { userId: user.id }, dedupeKey: `${KYC_START_JOB}:${user.id}` });
        return user;
      } catch (error) {
        await tx.exec('ROLLBACK TO SAVEPOINT create_user');
        if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
        if (await findUserByEmail(tx, normalizeEmail(form.email))) throw emailTaken();
        if (attempt >= PROMO_CODE_ATTEMPTS) throw error;
      }
    }
  }

  /** Sandbox control: set an account's verification state (404 for an unknown email). */
  async setVerificationStatus(email: string, status: VerificationStatus): Promise<UserProfile> {
    const { db, clock } = this.options;
    const user = await findUserByEmail(db, normalizeEmail(email));
    if (!user) throw authError('USER_NOT_FOUND', 'No account with this email.', { fields: { email: 'No account with this email' } });
    await setVerification(db, user.id, status, null, clock.now());
    return this.getProfile(user.id);
  }
}

export const emailTaken = () =>
  authError('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead.', {
    fields: { email: 'An account with this email already exists' },
  });
