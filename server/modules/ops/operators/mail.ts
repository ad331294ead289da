import type { MailMessage } from '../../../adapters/mail';
import { AUTH_LIMITS } from '../../../config/auth-limits';

/** The operator's sign-in code (English: the console's operators read it; no user ever gets it). */
export const opsSignInCodeMail = (to: string, code: string): MailMessage => ({
  to,
  kind: 'ops-signin-code',
  code,
  subject: `${code} is your operator sign-in code`,
  text:
    `Your operator console sign-in code is ${code}. It is valid for ${AUTH_LIMITS.codeTtlSeconds / 60} minutes. ` +
    'Never share it. If you did not try to sign in, tell your admin at once.',
});
