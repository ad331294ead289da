import { randomUUID } from 'node:crypto';
import type { RegistrationForm } from '@/shared/contract/auth';
import { addSeconds, type Clock } from '../../clock';
import type { Config } from '../../config';
import { pgErrorCode, UNIQUE_VIOLATION, type Queryable } from '../../db/db';
import { authError } from '../../http/errors';
import { KYC_START_JOB } from '../../adapters/kyc';
import { enqueueJob } from '../../jobs';
import { generatePromoCode } from './promo-code';
import { findUserByEmail, insertUser, type UserRecord } from './user-store';

/** Emails are compared lower-cased and trimmed. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const emailTaken = () =>
  authError('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead.', {
    fields: { email: 'An account with this email already exists' },
  });

/** What a new account's verification starts with (the sign-up's settings). */
export interface NewAccountSettings {
  clock: Clock;
  /** Sandbox accounts verify themselves after this delay; null = stay 'under_verification' (real review). */
  autoVerifyAfterSeconds: number | null;
}

/** The delay after which a new account verifies itself: the sandbox's VERIFICATION_DELAY_SECONDS, never outside it. */
export const autoVerifyDelay = (config: Pick<Config, 'sandbox' | 'verificationDelaySeconds'>): number | null =>
  config.sandbox ? config.verificationDelaySeconds : null;

const PROMO_CODE_ATTEMPTS = 5;

/**
 * Creates the account inside the caller's transaction, with a fresh unique promo code. A unique
 * violation on the email means someone registered it meanwhile (409 EMAIL_TAKEN).
 */
export const createUser = async (
  tx: Queryable,
  { clock, autoVerifyAfterSeconds }: NewAccountSettings,
  form: Omit<RegistrationForm, 'promoCode'>,
  referredBy: string | null,
): Promise<UserRecord> => {
  const now = clock.now();
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
        verificationDueAt: autoVerifyAfterSeconds === null ? null : addSeconds(now, autoVerifyAfterSeconds),
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
};
