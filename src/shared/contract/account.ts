/**
 * Account (issue #14 "Account") and sessions (issue #15 "Sessions"): edit the profile, change the email through a
 * code sent to the NEW address, delete an empty account, list the user's sign-ins and end them.
 * docs/api.md "Account and sessions"; the server is server/modules/account.
 */
import * as z from 'zod/mini';
import { Email, PhoneNumber, RegistrationForm, VerificationCode } from './auth';
import { Currency, defineEndpoint, Timestamp } from './core';
import { UserProfile } from './users';

/** The profile fields a user may change: the registration form's own rules (names, phone). At least one. */
export const ProfileUpdate = z
  .strictObject({
    firstName: z.optional(RegistrationForm.shape.firstName),
    lastName: z.optional(RegistrationForm.shape.lastName),
    phoneNumber: z.optional(PhoneNumber),
  })
  .check(
    z.refine((v) => v.firstName !== undefined || v.lastName !== undefined || v.phoneNumber !== undefined, {
      message: 'Nothing to change',
    }),
  );
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

export const accountUpdateProfile = defineEndpoint({
  id: 'account.updateProfile',
  method: 'PATCH',
  path: '/api/users/me',
  auth: 'bearer',
  tag: 'account',
  summary: 'Change the names and phone number (validated like the registration form). The email changes only through email/confirm.',
  body: ProfileUpdate,
  response: UserProfile,
});

export const accountEmailSendCode = defineEndpoint({
  id: 'account.emailSendCode',
  method: 'POST',
  path: '/api/users/me/email/send-code',
  auth: 'bearer',
  tag: 'account',
  summary:
    'Mail a 6-digit code to the NEW address. The current address keeps working until the code is confirmed. ' +
    'An address of another account is answered the same (no code reaches it); the limits of sign-in codes apply, and 5 an hour per account.',
  requires: ['step-up'],
  body: z.strictObject({ email: Email }),
  response: z.object({ resendInSeconds: z.int(), expiresInSeconds: z.int() }),
});

export const accountEmailConfirm = defineEndpoint({
  id: 'account.emailConfirm',
  method: 'POST',
  path: '/api/users/me/email/confirm',
  auth: 'bearer',
  tag: 'account',
  summary: 'Confirm the new address with its code (5 tries, 10 minutes): the account’s email becomes it.',
  requires: ['step-up'],
  body: z.strictObject({ email: Email, code: VerificationCode }),
  response: UserProfile,
});

/** What keeps an account from being deleted. */
export const DeletionBlocker = z.discriminatedUnion('kind', [
  /** A wallet balance (available) that is not zero. */
  z.object({ kind: z.literal('walletBalance'), amount: z.int(), currency: Currency }),
  /** Money on its way (a pending transaction holding wallet money). */
  z.object({ kind: z.literal('pendingTransaction'), amount: z.int(), currency: Currency }),
  /**
   * A card that is not closed, rejected or failed (or still holds money). `next`: what the user can do about it now:
   * `close` it, or `wait` (being issued, activated, frozen, closing…: it cannot be closed yet, or its money is on its
   * way back), so the app never asks to close a card that cannot be closed.
   */
  z.object({ kind: z.literal('card'), cardId: z.string(), last4: z.nullable(z.string()), status: z.string(), next: z.enum(['close', 'wait']) }),
]);
export type DeletionBlocker = z.infer<typeof DeletionBlocker>;

export const accountDeletionCheck = defineEndpoint({
  id: 'account.deletionCheck',
  method: 'GET',
  path: '/api/users/me/deletion',
  auth: 'bearer',
  tag: 'account',
  summary: 'Whether the account may be deleted now, and what blocks it (non-zero balances, money on its way, cards still open).',
  response: z.object({ allowed: z.boolean(), blockers: z.array(DeletionBlocker) }),
});

export const accountDelete = defineEndpoint({
  id: 'account.delete',
  method: 'POST',
  path: '/api/users/me/delete',
  auth: 'bearer',
  tag: 'account',
  summary:
    'Delete the account: only at zero balances with no open card (else 409 ACCOUNT_NOT_EMPTY naming what blocks it). ' +
    'Every session ends; records the law requires are kept, the personal data on the user row is anonymised.',
  requires: ['step-up'],
  body: z.strictObject({ confirm: z.literal(true) }),
  response: z.object({ deleted: z.literal(true) }),
});

/** One sign-in of the user (auth_sessions). */
export const AuthSession = z.object({
  id: z.string(),
  /** The session this request was made in ("this device"). */
  current: z.boolean(),
  /** Browser and system from the User-Agent, e.g. "Chrome 131 · Android" (names only: shown as it is in every language); null when unknown. */
  device: z.nullable(z.string()),
  /** Telegram platform from the launch parameters (ios, android, tdesktop, weba, ...), when sent. */
  platform: z.nullable(z.string()),
  /** Telegram client (Mini Apps API) version from the launch parameters, when sent. */
  clientVersion: z.nullable(z.string()),
  /** ISO 3166 country code from a trusted proxy's header, when there is one (docs/auth.md "Sessions"). */
  country: z.nullable(z.string()),
  createdAt: Timestamp,
  lastSeenAt: Timestamp,
});
export type AuthSession = z.infer<typeof AuthSession>;

export const accountSessions = defineEndpoint({
  id: 'account.sessions',
  method: 'GET',
  path: '/api/users/me/sessions',
  auth: 'bearer',
  tag: 'account',
  summary: 'The user’s active sign-ins, the current one first, then by last seen.',
  response: z.object({ items: z.array(AuthSession) }),
});

/** A session id: a UUID (server/modules/auth/tokens.ts). */
export const SessionId = z.string().check(z.minLength(1), z.maxLength(64));

export const accountEndSession = defineEndpoint({
  id: 'account.endSession',
  method: 'POST',
  path: '/api/users/me/sessions/{sessionId}/end',
  auth: 'bearer',
  tag: 'account',
  summary: 'End one of the user’s sessions: its tokens are refused at once. Another user’s or an unknown id: 404 SESSION_NOT_FOUND.',
  requires: ['step-up'],
  params: z.object({ sessionId: SessionId }),
  response: z.object({ ended: z.literal(true) }),
});

export const accountEndOtherSessions = defineEndpoint({
  id: 'account.endOtherSessions',
  method: 'POST',
  path: '/api/users/me/sessions/end-others',
  auth: 'bearer',
  tag: 'account',
  summary: 'End every session of the user but the current one; answers how many were ended.',
  requires: ['step-up'],
  response: z.object({ ended: z.int().check(z.minimum(0)) }),
});

/** The account endpoints by id: index.ts composes every domain's group into `endpoints` (contract.test.ts checks keys = ids). */
export const accountEndpoints = {
  'account.updateProfile': accountUpdateProfile,
  'account.emailSendCode': accountEmailSendCode,
  'account.emailConfirm': accountEmailConfirm,
  'account.deletionCheck': accountDeletionCheck,
  'account.delete': accountDelete,
  'account.sessions': accountSessions,
  'account.endSession': accountEndSession,
  'account.endOtherSessions': accountEndOtherSessions,
} as const;
