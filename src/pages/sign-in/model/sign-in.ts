/**
 * Sign-in (SPEC §1; docs/auth.md "Flows"): email → send-code {purpose:'signin'} → code step →
 * POST /api/auth/verify-code → signedIn(tokens) → $completed (the page goes to returnTo or /wallet).
 * Inside Telegram (real launch data, not the dev mock) "Continue with Telegram" tries the one-tap
 * POST /api/auth/login {provider:'telegram'} for a Telegram account linked on an earlier sign-in.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { signedIn } from '@/entities/session';
import {
  authErrorMessage,
  changeEmailClicked,
  codeRejected,
  codeRequested,
  codeSent,
  codeStepReset,
  codeSubmitted,
  sendCodeMutation,
  serverErrorCode,
  authMessage,
  type AuthMessage,
} from '@/features/verify-email-code';
import { createApiMutation } from '@/shared/api';
import { authLogin, authVerifyCode, Email } from '@/shared/contract';
import { createPageLifecycle, navigateFx } from '@/shared/lib';
import { getRawInitData, haptic, isMockEnvironment } from '@/shared/platform';
import { userTexts } from '@/entities/user';

export type SignInStep = 'email' | 'code';

const verifyCodeMutation = createApiMutation(authVerifyCode);
const telegramLoginMutation = createApiMutation(authLogin);

/** Opened with where to go once signed in (the sanitised `returnTo`, else the wallet). */
export const signInPage = createPageLifecycle<{ returnTo: string }>('signInPage');
export const emailChanged = createEvent<string>();
export const emailSubmitted = createEvent();
export const telegramLoginClicked = createEvent();

export const $email = createStore('');
const $attempted = createStore(false);
export const $step = createStore<SignInStep>('email');
export const $formError = createStore<AuthMessage | null>(null);
export const $completed = createStore(false);
export const $verifying = verifyCodeMutation.$pending;
export const $sendingCode = sendCodeMutation.$pending;
/** One-tap Telegram sign-in is offered inside Telegram only (the server verifies the launch data). */
export const $telegramLoginAvailable = createStore(false);
export const $telegramLoginPending = telegramLoginMutation.$pending;

function validateSignInEmail(value: string): AuthMessage | null {
  const email = value.trim();
  if (!email) return authMessage(`${userTexts.ns}:validation.emailRequired`, 'Enter your email');
  if (!Email.safeParse(email).success) return authMessage(`${userTexts.ns}:validation.emailInvalid`, 'Enter a valid email address, e.g. name@example.com');
  return null;
}
export const $emailError = sample({
  source: { email: $email, attempted: $attempted },
  fn: ({ email, attempted }) => (attempted ? validateSignInEmail(email) : null),
});

const pageReset = createEvent();
// Fresh on every visit (also when leaving: a finished flow must not redirect the next visit).
sample({ clock: [signInPage.opened, signInPage.closed], target: [pageReset, codeStepReset] });
// Done: the screen the user came for (replacing this one).
sample({
  clock: $completed,
  source: signInPage.$params,
  filter: (params, completed) => completed && params !== null,
  fn: (params) => ({ to: params!.returnTo, replace: true }),
  target: navigateFx,
});
for (const store of [$email, $attempted, $step, $formError, $completed] as const) store.reset(pageReset);

const readPlatformFx = createEffect(() => !isMockEnvironment() && Boolean(getRawInitData()));
sample({ clock: signInPage.opened, target: readPlatformFx });
$telegramLoginAvailable.on(readPlatformFx.doneData, (_, available) => available);

// Email step.
$email.on(emailChanged, (_, value) => value);
$formError.reset(emailChanged, emailSubmitted, telegramLoginClicked);
$attempted.on(emailSubmitted, () => true);
const emailAccepted = sample({
  clock: emailSubmitted,
  source: { email: $email, sending: $sendingCode },
  filter: ({ email, sending }) => !sending && validateSignInEmail(email) === null,
  fn: ({ email }) => email.trim(),
});
const emailRejected = sample({ clock: emailSubmitted, source: $email, filter: (email) => validateSignInEmail(email) !== null });
sample({ clock: emailAccepted, fn: (email) => ({ email, purpose: 'signin' as const }), target: codeRequested });
sample({
  clock: sendCodeMutation.finished.failure,
  source: $step,
  filter: (step) => step === 'email',
  fn: (_, { error }) => authErrorMessage(error, 'errors:auth.loginFailed'),
  target: $formError,
});
$step.on(codeSent, () => 'code').on(changeEmailClicked, () => 'email');

// Code step.
sample({
  clock: codeSubmitted,
  source: { step: $step, verifying: $verifying },
  filter: ({ step, verifying }) => step === 'code' && !verifying,
  fn: (_, { email, code }) => ({ body: { email, code } }),
  target: verifyCodeMutation.start,
});
sample({ clock: verifyCodeMutation.finished.failure, fn: ({ error }) => error, target: codeRejected });

// Telegram one-tap.
sample({
  clock: telegramLoginClicked,
  filter: $telegramLoginPending.map((pending) => !pending),
  fn: () => ({ body: { provider: 'telegram' as const } }),
  target: telegramLoginMutation.start,
});
sample({
  clock: telegramLoginMutation.finished.failure,
  fn: ({ error }) => authErrorMessage(error, 'errors:auth.loginFailed'),
  target: $formError,
});
// The server cannot verify Telegram sign-in at all: stop offering it.
sample({
  clock: telegramLoginMutation.finished.failure,
  filter: ({ error }) => serverErrorCode(error) === 'TELEGRAM_LOGIN_UNAVAILABLE',
  fn: () => false,
  target: $telegramLoginAvailable,
});

// Success (either way).
const succeeded = sample({
  clock: [verifyCodeMutation.finished.success, telegramLoginMutation.finished.success],
  fn: ({ result }) => result,
});
sample({ clock: succeeded, target: signedIn });
$completed.on(succeeded, () => true);

const hapticFx = createEffect((type: 'success' | 'error') => haptic.notification(type));
sample({ clock: succeeded, fn: () => 'success' as const, target: hapticFx });
sample({ clock: [emailRejected, telegramLoginMutation.finished.failure], fn: () => 'error' as const, target: hapticFx });
