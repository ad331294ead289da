/**
 * SPEC §1: a user under verification (or whose verification failed) cannot move money. ONE rule for every money
 * action (card issue, SBP top-up, exchange): the screen says why up front and the request is never sent.
 * null: allowed, or not known yet (the server checks too: ACCOUNT_UNDER_VERIFICATION / ACCOUNT_VERIFICATION_FAILED).
 */
import type { VerificationStatus } from '@/shared/contract';
import { $verificationStatus } from './user';

export type MoneyBlock = 'underVerification' | 'verificationFailed' | null;

const moneyBlockOf = (status: VerificationStatus | null): MoneyBlock =>
  status === 'under_verification' ? 'underVerification' : status === 'verification_failed' ? 'verificationFailed' : null;

export const $moneyBlock = $verificationStatus.map(moneyBlockOf);
