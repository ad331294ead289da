import type { MailMessage } from '../../adapters/mail';
import { AUTH_LIMITS } from '../../config/auth-limits';

const minutes = AUTH_LIMITS.codeTtlSeconds / 60;

export const signupCodeMail = (to: string, code: string): MailMessage => ({
  to,
  kind: 'signup-code',
  code,
  subject: `${code} is your sign-up code`,
  text: `Your sign-up code is ${code}. It is valid for ${minutes} minutes. If you did not try to sign up, ignore this email.`,
});

export const signinCodeMail = (to: string, code: string): MailMessage => ({
  to,
  kind: 'signin-code',
  code,
  subject: `${code} is your sign-in code`,
  text: `Your sign-in code is ${code}. It is valid for ${minutes} minutes. Never share it with anyone.`,
});

export const existingAccountMail = (to: string): MailMessage => ({
  to,
  kind: 'signup-existing-account',
  subject: 'You already have an account',
  text: 'Someone tried to sign up with this email, but an account already exists. Use "Sign in" instead. If it was not you, ignore this email.',
});

export const unknownAccountMail = (to: string): MailMessage => ({
  to,
  kind: 'signin-unknown-account',
  subject: 'No account for this email',
  text: 'Someone tried to sign in with this email, but there is no account for it. Use "Sign up" to create one. If it was not you, ignore this email.',
});

export const emailChangeCodeMail = (to: string, code: string): MailMessage => ({
  to,
  kind: 'email-change-code',
  code,
  subject: `${code} confirms your new email`,
  text: `Your code to make this your account's email is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this email: nothing changes.`,
});

export const emailChangedMail = (to: string, newEmail: string): MailMessage => ({
  to,
  kind: 'email-changed',
  subject: 'Your account email was changed',
  text: `Your account's email is now ${newEmail}; this address no longer signs in. If you did not do this, contact support at once.`,
});

/** The code that confirms a withdrawal (issue #36): says what it confirms, so a phished code is recognised. */
export const withdrawalCodeMail = (to: string, code: string): MailMessage => ({
  to,
  kind: 'withdrawal-code',
  code,
  subject: `${code} confirms your withdrawal`,
  text: `Your code to confirm a withdrawal from your wallet is ${code}. It is valid for ${minutes} minutes. Never share it with anyone: support never asks for it. If you did not start a withdrawal, change your passcode and contact support.`,
});
