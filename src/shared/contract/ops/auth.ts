/**
 * Operator sign-in (docs/ops.md "Signing in"): an email code, then a second factor (a TOTP code from an authenticator
 * app; enrolled at the first sign-in), then a short session: an access token for `Authorization: Bearer` (its own
 * audience: refused by every user endpoint) and an HttpOnly cookie that renews it (`refresh`, `logout`).
 */
import * as z from 'zod/mini';
import { Email, VerificationCode } from '../auth';
import { defineEndpoint, Id, OPERATOR_ROLES, Text, Timestamp } from '../core';

export const OperatorRoleSchema = z.enum(OPERATOR_ROLES);
/** At least one role, each once. */
export const OperatorRoles = z.array(OperatorRoleSchema).check(
  z.minLength(1),
  z.maxLength(OPERATOR_ROLES.length),
  z.refine((roles) => new Set(roles).size === roles.length, 'Each role once'),
);

export const Operator = z.object({
  id: Id,
  email: Email,
  name: z.string(),
  roles: z.array(OperatorRoleSchema),
  /** The second factor is set up (false until the first sign-in). */
  secondFactorEnrolled: z.boolean(),
  disabled: z.boolean(),
  createdAt: Timestamp,
});
export type Operator = z.infer<typeof Operator>;

/** A one-time code of an authenticator app (RFC 6238, 6 digits). */
export const TotpCode = z.string().check(z.regex(/^\d{6}$/));
/** The sign-in step after the email code: an opaque random token (base64url). */
export const ChallengeToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/));

export const OperatorSession = z.object({
  accessToken: z.string().check(z.minLength(1)),
  /** Seconds the access token is valid; the console renews it through `ops.auth.refresh` before that. */
  expiresInSeconds: z.int(),
  operator: Operator,
});
export type OperatorSession = z.infer<typeof OperatorSession>;

export const opsAuthSendCode = defineEndpoint({
  id: 'ops.auth.sendCode',
  method: 'POST',
  path: '/api/ops/auth/send-code',
  auth: 'none',
  tag: 'ops',
  summary: "Email an operator's sign-in code. Answers the same whether or not the address is an operator's.",
  body: z.strictObject({ email: Email }),
  response: z.object({ resendInSeconds: z.int(), expiresInSeconds: z.int() }),
});

export const opsAuthVerifyCode = defineEndpoint({
  id: 'ops.auth.verifyCode',
  method: 'POST',
  path: '/api/ops/auth/verify-code',
  auth: 'none',
  tag: 'ops',
  summary:
    'Check the email code; answers the second-factor step: `totp` (type the authenticator code) or `enrollTotp` (first ' +
    'sign-in: add the secret to an authenticator app, then type its code).',
  body: z.strictObject({ email: Email, code: VerificationCode }),
  response: z.object({
    challenge: ChallengeToken,
    factor: z.enum(['totp', 'enrollTotp']),
    /** `enrollTotp` only: the secret (base32) and its otpauth:// URI for a QR code. */
    enrollment: z.nullable(z.object({ secret: z.string(), uri: z.string() })),
    expiresInSeconds: z.int(),
  }),
});

export const opsAuthSecondFactor = defineEndpoint({
  id: 'ops.auth.secondFactor',
  method: 'POST',
  path: '/api/ops/auth/second-factor',
  auth: 'none',
  tag: 'ops',
  summary: 'The authenticator code for the challenge: starts the session (access token, and the renewal cookie).',
  body: z.strictObject({ challenge: ChallengeToken, code: TotpCode }),
  response: OperatorSession,
});

export const opsAuthRefresh = defineEndpoint({
  id: 'ops.auth.refresh',
  method: 'POST',
  path: '/api/ops/auth/refresh',
  auth: 'none',
  tag: 'ops',
  summary: 'A new access token for the session of the renewal cookie (sliding: refused after 30 idle minutes or 12 hours).',
  body: z.strictObject({}),
  response: OperatorSession,
});

export const opsAuthLogout = defineEndpoint({
  id: 'ops.auth.logout',
  method: 'POST',
  path: '/api/ops/auth/logout',
  auth: 'none',
  tag: 'ops',
  summary: 'Ends the session of the renewal cookie (its access tokens are refused from then on) and clears the cookie.',
  body: z.strictObject({}),
  response: z.object({ signedOut: z.literal(true) }),
});

export const opsMe = defineEndpoint({
  id: 'ops.me',
  method: 'GET',
  path: '/api/ops/me',
  auth: 'operator',
  roles: OPERATOR_ROLES,
  tag: 'ops',
  summary: 'The signed-in operator.',
  response: Operator,
});

/** A reason an operator gives for an action (kept in the audit log): 3–500 characters. */
export const ActionReason = Text.check(z.minLength(3), z.maxLength(500));

export const opsAuthEndpoints = {
  'ops.auth.sendCode': opsAuthSendCode,
  'ops.auth.verifyCode': opsAuthVerifyCode,
  'ops.auth.secondFactor': opsAuthSecondFactor,
  'ops.auth.refresh': opsAuthRefresh,
  'ops.auth.logout': opsAuthLogout,
  'ops.me': opsMe,
} as const;
