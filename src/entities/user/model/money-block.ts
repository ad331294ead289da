/**
 * SPEC §1: a user under verification (or whose verification failed) cannot move money, nor can an account an operator
 * froze (docs/ops.md). ONE rule for every money action (card issue, SBP top-up, exchange): the screen says why up
 * front and the request is never sent. null: allowed, or not known yet (the server checks too:
 * ACCOUNT_UNDER_VERIFICATION / ACCOUNT_VERIFICATION_FAILED / ACCOUNT_FROZEN).
 */
import type { UserProfile } from '@/shared/contract';
import { $user } from './user';

export type MoneyBlock = 'frozen' | 'underVerification' | 'verificationFailed' | null;

const moneyBlockOf = (user: Pick<UserProfile, 'verificationStatus' | 'frozen'> | null): MoneyBlock =>
  user?.frozen
    ? 'frozen'
    : user?.verificationStatus === 'under_verification'
      ? 'underVerification'
      : user?.verificationStatus === 'verification_failed'
        ? 'verificationFailed'
        : null;

export const $moneyBlock = $user.map(moneyBlockOf);
