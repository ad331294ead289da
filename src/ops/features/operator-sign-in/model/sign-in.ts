/**
 * Operator sign-in (docs/ops.md "Signing in"): email → the emailed 6-digit code → the authenticator's code (or, at the
 * first sign-in, the authenticator set up from a QR code, then its code). Each step is one call; a finished second
 * factor starts the session (entities/operator).
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { createApiMutation, type ErrorMessage } from '@/shared/api';
import { opsAuthSecondFactor, opsAuthSendCode, opsAuthVerifyCode } from '@/shared/contract/ops';
import { sessionStarted } from '@/ops/entities/operator';
import { opsErrorMessage } from '@/ops/shared/i18n';

export type SignInStep = 'email' | 'code' | 'secondFactor';

const sendCodeMutation = createApiMutation(opsAuthSendCode);
const verifyCodeMutation = createApiMutation(opsAuthVerifyCode);
const secondFactorMutation = createApiMutation(opsAuthSecondFactor);

export const emailChanged = createEvent<string>();
export const emailSubmitted = createEvent();
export const codeChanged = createEvent<string>();
export const codeSubmitted = createEvent();
export const secondFactorChanged = createEvent<string>();
export const secondFactorSubmitted = createEvent();
/** Back to the email step (a new code, another address). */
export const restarted = createEvent();

export const $email = createStore('').on(emailChanged, (_, email) => email.trim());
export const $code = createStore('').on(codeChanged, (_, code) => code).reset(restarted, sendCodeMutation.finished.success);
export const $secondFactor = createStore('')
  .on(secondFactorChanged, (_, code) => code)
  .reset(restarted, verifyCodeMutation.finished.success, secondFactorMutation.finished.failure);
export const $challenge = createStore<{ challenge: string; factor: 'totp' | 'enrollTotp'; enrollment: { secret: string; uri: string } | null } | null>(null)
  .on(verifyCodeMutation.finished.success, (_, { result }) => result)
  .reset(restarted);
export const $step = createStore<SignInStep>('email')
  .on(sendCodeMutation.finished.success, () => 'code')
  .on(verifyCodeMutation.finished.success, () => 'secondFactor')
  .reset(restarted);

export const $pending = combine(sendCodeMutation.$pending, verifyCodeMutation.$pending, secondFactorMutation.$pending, (...pending) => pending.some(Boolean));

export const $error = createStore<ErrorMessage | null>(null)
  .on([sendCodeMutation.finished.failure, verifyCodeMutation.finished.failure, secondFactorMutation.finished.failure], (_, { error }) =>
    opsErrorMessage(error, 'ops-auth:errors.signInFailed'),
  )
  .reset(restarted, emailChanged, codeChanged, secondFactorChanged, sendCodeMutation.started, verifyCodeMutation.started, secondFactorMutation.started);

sample({ clock: emailSubmitted, source: $email, filter: (email) => email.length > 3, fn: (email) => ({ body: { email } }), target: sendCodeMutation.start });
sample({
  clock: codeSubmitted,
  source: { email: $email, code: $code },
  filter: ({ code }) => /^\d{6}$/.test(code),
  fn: ({ email, code }) => ({ body: { email, code } }),
  target: verifyCodeMutation.start,
});
sample({
  clock: secondFactorSubmitted,
  source: { challenge: $challenge, code: $secondFactor },
  filter: ({ challenge, code }) => challenge !== null && /^\d{6}$/.test(code),
  fn: ({ challenge, code }) => ({ body: { challenge: challenge!.challenge, code } }),
  target: secondFactorMutation.start,
});
sample({ clock: secondFactorMutation.finished.success, fn: ({ result }) => result, target: sessionStarted });
// A second-factor step that expired or ran out of tries cannot continue: back to the email step, the error kept.
const challengeLost = sample({
  clock: secondFactorMutation.finished.failure,
  filter: ({ error }) => (error as { code?: string }).code === 'CHALLENGE_EXPIRED',
});
$step.on(challengeLost, () => 'email');
$challenge.reset(challengeLost);
sample({ clock: sessionStarted, target: restarted });
