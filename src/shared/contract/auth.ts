import * as z from 'zod/mini';
import { defineEndpoint, Id } from './core';
import { authRefreshToken } from './auth-refresh';
import { PersonName } from './person-name';

/** SPEC §3 registration form. */
export const Country = z.enum(['RUS', 'BLR', 'ARE', 'IRN', 'MNA', 'OTH']);
export type Country = z.infer<typeof Country>;

export const Email = z.email().check(z.maxLength(254));
/** SPEC §5/§9: the verification code is 6 digits. */
export const VerificationCode = z.string().check(z.regex(/^\d{6}$/));
/** E.164-like: "+", country code and subscriber number, 8–15 digits in all. */
export const PhoneNumber = z.string().check(z.regex(/^\+[1-9]\d{7,14}$/));
export const PromoCode = z.string().check(z.regex(/^[A-Z0-9]{4,16}$/));

export const RegistrationForm = z.object({
  firstName: PersonName,
  lastName: PersonName,
  phoneNumber: PhoneNumber,
  country: Country,
  promoCode: z.optional(PromoCode),
  email: Email,
});
export type RegistrationForm = z.infer<typeof RegistrationForm>;

export const AuthUser = z.object({ id: Id, name: z.string() });
/** SPEC §3: data.accessToken, data.refreshToken and data.user (id, name). */
export const AuthTokens = z.object({
  accessToken: z.string().check(z.minLength(1)),
  refreshToken: z.string().check(z.minLength(1)),
  user: AuthUser,
});
export type AuthTokens = z.infer<typeof AuthTokens>;

export const CodePurpose = z.enum(['signup', 'signin']);

export const authRegister = defineEndpoint({
  id: 'auth.register',
  method: 'POST',
  path: '/api/auth/register',
  auth: 'none',
  tag: 'auth',
  summary: 'Create an account from the registration form and a sign-up email code.',
  body: z.object({ ...RegistrationForm.shape, code: VerificationCode }),
  response: AuthTokens,
});

export const authLogin = defineEndpoint({
  id: 'auth.login',
  method: 'POST',
  path: '/api/auth/login',
  auth: 'none',
  tag: 'auth',
  summary:
    'One-tap sign-in inside Telegram: the verified X-Telegram-Init-Data header identifies a Telegram user already linked to an account.',
  body: z.object({ provider: z.literal('telegram') }),
  response: AuthTokens,
});

export const authSendCode = defineEndpoint({
  id: 'auth.sendCode',
  method: 'POST',
  path: '/api/auth/send-code',
  auth: 'none',
  tag: 'auth',
  summary: 'Email a 6-digit code. Answers the same whether or not an account exists.',
  body: z.object({ email: Email, purpose: CodePurpose }),
  response: z.object({
    /** Seconds until another code may be requested (the UI shows a countdown). */
    resendInSeconds: z.int(),
    /** Seconds the code stays valid. */
    expiresInSeconds: z.int(),
  }),
});

export const authVerifyCode = defineEndpoint({
  id: 'auth.verifyCode',
  method: 'POST',
  path: '/api/auth/verify-code',
  auth: 'none',
  tag: 'auth',
  summary: 'Sign in: check a sign-in email code and return tokens.',
  body: z.object({ email: Email, code: VerificationCode }),
  response: AuthTokens,
});

/** In a module of its own: the transport refreshes with it on every screen (auth-refresh.ts). */
export { authRefreshToken } from './auth-refresh';

export const authLogout = defineEndpoint({
  id: 'auth.logout',
  method: 'POST',
  path: '/api/auth/logout',
  auth: 'none',
  tag: 'auth',
  summary:
    'Sign out: revoke the session (sign-in) the refresh token belongs to; its refresh and access tokens are refused from then on. ' +
    'Idempotent: an unknown or already-ended token answers the same success.',
  body: z.object({ refreshToken: z.string().check(z.minLength(1), z.maxLength(512)) }),
  response: z.object({ signedOut: z.literal(true) }),
});

/**
 * Error codes of the auth and users services (common ones — VALIDATION_ERROR, UNAUTHORIZED, RATE_LIMITED
 * on the global limiter, ... — are in errors.ts). docs/api.md "Errors" has the table.
 */
export interface AuthErrorCodeInfo {
  status: number;
  service: 'auth' | 'users';
  description: string;
}
const authCodes = <T extends Record<string, AuthErrorCodeInfo>>(codes: T) => codes;
export const AUTH_ERROR_CODES = authCodes({
  CODE_INVALID: { status: 400, service: 'auth', description: 'Wrong email code; the message says how many attempts are left.' },
  CODE_ATTEMPTS_EXCEEDED: { status: 400, service: 'auth', description: '5 wrong tries: the code is void, request a new one.' },
  CODE_EXPIRED: { status: 400, service: 'auth', description: 'No valid code: expired (10 min), used, replaced, or never requested.' },
  PROMO_CODE_UNKNOWN: { status: 400, service: 'auth', description: 'Promo code not found (field promoCode); the code is not used up.' },
  EMAIL_TAKEN: { status: 409, service: 'auth', description: 'An account with this email exists (field email).' },
  RESEND_TOO_SOON: { status: 429, service: 'auth', description: 'A code was sent less than resendInSeconds ago; Retry-After says when.' },
  CODE_RATE_LIMITED: { status: 429, service: 'auth', description: 'Too many codes for this email (5/h) or this network (20/h); Retry-After.' },
  TELEGRAM_INIT_DATA_INVALID: { status: 401, service: 'auth', description: 'X-Telegram-Init-Data is forged, stale (> 24 h) or missing where required.' },
  TELEGRAM_LOGIN_UNAVAILABLE: { status: 400, service: 'auth', description: 'The server has no bot token, so it cannot verify Telegram sign-in.' },
  TELEGRAM_NOT_LINKED: { status: 404, service: 'auth', description: 'The Telegram account is not linked to any account yet.' },
  TELEGRAM_ALREADY_LINKED: {
    status: 409,
    service: 'auth',
    description: 'register / verify-code from a Telegram account linked to ANOTHER account: refused, nothing changed (the code is not used up).',
  },
  // Account and sessions (account.ts)
  SESSION_NOT_FOUND: { status: 404, service: 'auth', description: 'No such active session of this user (ended, unknown, or another user’s).' },
  EMAIL_UNCHANGED: { status: 400, service: 'users', description: 'The new email is the account’s current one (field email).' },
  ACCOUNT_NOT_EMPTY: {
    status: 409,
    service: 'users',
    description: 'Account deletion refused: a balance is not zero, money is on its way or a card is open; GET /api/users/me/deletion lists them.',
  },
  REFRESH_TOKEN_INVALID: { status: 401, service: 'auth', description: 'Unknown or revoked refresh token: sign in again.' },
  REFRESH_TOKEN_EXPIRED: { status: 401, service: 'auth', description: 'Refresh token older than 30 days: sign in again.' },
  REFRESH_TOKEN_REUSED: { status: 401, service: 'auth', description: 'An already-rotated refresh token was presented: the whole session family is revoked.' },
  USER_NOT_FOUND: { status: 404, service: 'users', description: 'No account with this email (sandbox controls).' },
});
export type AuthErrorCode = keyof typeof AUTH_ERROR_CODES;

/** The auth endpoints by id: index.ts composes every domain's group into `endpoints` (contract.test.ts checks keys = ids). */
export const authEndpoints = {
  'auth.register': authRegister,
  'auth.login': authLogin,
  'auth.sendCode': authSendCode,
  'auth.verifyCode': authVerifyCode,
  'auth.refreshToken': authRefreshToken,
  'auth.logout': authLogout,
} as const;
