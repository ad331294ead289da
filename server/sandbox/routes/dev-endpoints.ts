import * as z from 'zod/mini';
import { Email } from '@/shared/contract/auth';
import { defineEndpoint, Timestamp } from '@/shared/contract/core';
import { API_HEADERS } from '@/shared/contract/headers';
import { UserProfile, VerificationStatus } from '@/shared/contract/users';

/**
 * Sandbox-only controls (SANDBOX=true). Server-side definitions in the contract's shape, so route()
 * validates them like any endpoint; they are not part of the app's contract or its OpenAPI document.
 */
/** Header carrying SANDBOX_TOKEN: the sandbox mailbox answers only with it. */
export const SANDBOX_TOKEN_HEADER = API_HEADERS.sandboxToken.toLowerCase();

export const devMailbox = defineEndpoint({
  id: 'dev.mailbox',
  method: 'GET',
  path: '/api/dev/mailbox',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox: latest emails sent to an address (newest first), including codes. Needs X-Sandbox-Token (SANDBOX_TOKEN).',
  query: z.object({ email: Email }),
  response: z.object({
    messages: z.array(
      z.object({
        id: z.number(),
        to: z.string(),
        kind: z.string(),
        subject: z.string(),
        text: z.string(),
        code: z.nullable(z.string()),
        createdAt: Timestamp,
      }),
    ),
  }),
});

export const devResetCodeLimit = defineEndpoint({
  id: 'dev.resetCodeLimit',
  method: 'POST',
  path: '/api/dev/code-limits/reset',
  auth: 'none',
  tag: 'dev',
  summary:
    "Sandbox: resets the per-network (IP) limit of email codes for `ip`, or the caller's address (the codes stay valid; they no longer count). Needs X-Sandbox-Token.",
  body: z.strictObject({ ip: z.optional(z.string().check(z.minLength(1), z.maxLength(64))) }),
  response: z.object({ ip: z.string(), reset: z.int() }),
});

export const devSetVerification = defineEndpoint({
  id: 'dev.setVerification',
  method: 'POST',
  path: '/api/dev/users/verification',
  auth: 'none',
  tag: 'dev',
  summary: "Sandbox: set an account's verification state.",
  body: z.object({ email: Email, status: VerificationStatus }),
  response: UserProfile,
});
