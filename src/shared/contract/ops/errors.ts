/**
 * Error codes of the operator side (`/api/ops/*`, service `ops`), with their HTTP status. The console words each in
 * English and Russian (`ops-errors:<CODE>`); src/ops/app/i18n/locales.test.ts fails when one has no words.
 */
export interface OpsErrorCodeInfo {
  status: number;
  description: string;
}

export const OPS_ERROR_CODES = {
  OPS_ROLE_REQUIRED: { status: 403, description: 'The operator holds none of the roles this call needs.' },
  OPS_SESSION_ENDED: { status: 401, description: 'The operator session is unknown, ended, idle too long or past its lifetime.' },
  SECOND_FACTOR_INVALID: { status: 400, description: 'Wrong one-time code from the authenticator app; `details.attemptsLeft` tries left.' },
  CHALLENGE_EXPIRED: { status: 400, description: 'The sign-in step after the email code expired, was used, or had too many wrong codes: start again.' },
  OPERATOR_NOT_FOUND: { status: 404, description: 'No such operator.' },
  OPERATOR_EXISTS: { status: 409, description: 'An operator with this email exists.' },
  OPERATOR_SELF_CHANGE: { status: 409, description: 'An operator cannot take away their own admin role, disable themselves or reset their own authenticator.' },
  USER_NOT_FOUND: { status: 404, description: 'No such user.' },
  CARD_NOT_FOUND: { status: 404, description: 'No such card.' },
  CARD_NOT_BLOCKABLE: { status: 409, description: 'The card cannot be blocked in its current status.' },
  VERIFICATION_NOT_PENDING: { status: 409, description: 'The user is not under verification (already decided).' },
  ACCOUNT_ALREADY_FROZEN: { status: 409, description: 'The account is frozen already.' },
  ACCOUNT_NOT_FROZEN: { status: 409, description: 'The account is not frozen.' },
  HELD_DEPOSIT_NOT_FOUND: { status: 404, description: 'No such held deposit.' },
  HELD_DEPOSIT_RESOLVED: { status: 409, description: 'The held deposit was resolved already (credited or marked to be returned).' },
  HELD_DEPOSIT_DUPLICATE: { status: 409, description: 'A re-reported transaction hash: the money was counted once already, it cannot be credited again.' },
  ADJUSTMENT_NOT_FOUND: { status: 404, description: 'No such adjustment.' },
  ADJUSTMENT_ALREADY_DECIDED: { status: 409, description: 'The adjustment was approved or rejected already.' },
  FOUR_EYES_REQUIRED: { status: 403, description: 'The operator who proposed an adjustment cannot approve it: another operator must.' },
  ADJUSTMENT_INSUFFICIENT_FUNDS: { status: 422, description: "The user's wallet holds less than the correction would take." },
  USER_DELETED: { status: 409, description: 'The account was deleted: no money can go to it.' },
  WITHDRAWAL_NOT_FOUND: { status: 404, description: 'No such withdrawal.' },
  WITHDRAWAL_ALREADY_DECIDED: { status: 409, description: 'The withdrawal is not waiting for an approval (approved, declined, or never held).' },
  WITHDRAWAL_ACCOUNT_FROZEN: { status: 409, description: 'The account is frozen: no money leaves it, so its withdrawal can only be declined.' },
} as const satisfies Record<string, OpsErrorCodeInfo>;

export type OpsErrorCode = keyof typeof OPS_ERROR_CODES;
