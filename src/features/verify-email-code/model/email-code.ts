/**
 * The 6-digit email-code step shared by sign-up and sign-in (SPEC §1, §4, §5):
 *   codeRequested({ email, purpose }) → POST /api/auth/send-code → codeSent (the page shows the step)
 *   typing 6 digits (or "Confirm") → codeSubmitted({ email, code }) → the page verifies it
 *   the page reports a rejected code with codeRejected(error) → message, boxes cleared
 *   resend after the countdown from `resendInSeconds` (patronum interval, 1 s ticks).
 * One instance: only one auth screen is on screen at a time, and each page resets it when opened.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { interval } from 'patronum';
import { createApiMutation } from '@/shared/api';
import { authSendCode, type EndpointInput } from '@/shared/contract';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { i18n } from '@/shared/i18n';
import { authErrorMessage, isCodeError, resendWaitSeconds, type AuthMessage } from '../lib/auth-message';
import { verifyEmailCodeTexts } from '../i18n/texts';

export type CodePurpose = EndpointInput<typeof authSendCode>['body']['purpose'];
/** SPEC §5/§9. */
export const CODE_LENGTH = 6;

/** SPEC §8 fallback message of each flow. */
const FLOW_FAILED_KEY: Record<CodePurpose, string> = {
  signup: 'errors:auth.registrationFailed',
  signin: 'errors:auth.loginFailed',
};

export const sendCodeMutation = createApiMutation(authSendCode);

/** Send a code to `email` (form submitted). Resets the step. */
export const codeRequested = createEvent<{ email: string; purpose: CodePurpose }>();
/** "Resend code" pressed (ignored while the countdown runs or a send is pending). */
export const resendClicked = createEvent();
export const codeChanged = createEvent<string>();
/** "Confirm" pressed. */
export const submitClicked = createEvent();
/** The page's verify/register call rejected the code (or failed otherwise while on the step). */
export const codeRejected = createEvent<unknown>();
/** "Change email" pressed: the page goes back to its form. */
export const changeEmailClicked = createEvent();
/** Forget everything (page opened). */
export const reset = createEvent();

export const $email = createStore('').reset(reset);
const $purpose = createStore<CodePurpose>('signin').reset(reset);
export const $code = createStore('').reset(reset);
export const $codeError = createStore<AuthMessage | null>(null).reset(reset);
export const $sendError = createStore<AuthMessage | null>(null).reset(reset);
export const $sending = sendCodeMutation.$pending;
/** Seconds until "Resend code" is enabled; 0 = now. */
export const $resendIn = createStore(0).reset(reset);
export const $canResend = sample({
  source: { resendIn: $resendIn, sending: $sending },
  fn: ({ resendIn, sending }) => resendIn === 0 && !sending,
});

/** A code went out (first send or resend). */
export const codeSent = sendCodeMutation.finished.success.map(({ result }) => result);
/** A full code to verify: the page starts its call (unless one is pending). */
export const codeSubmitted = createEvent<{ email: string; code: string }>();

const $isResend = createStore(false).reset(reset);
$isResend.on(codeRequested, () => false).on(resendClicked, () => true);

$email.on(codeRequested, (_, { email }) => email);
$purpose.on(codeRequested, (_, { purpose }) => purpose);

sample({
  clock: codeRequested,
  fn: ({ email, purpose }) => ({ body: { email, purpose } }),
  target: sendCodeMutation.start,
});
sample({
  clock: resendClicked,
  source: { email: $email, purpose: $purpose, canResend: $canResend },
  filter: ({ email, canResend }) => canResend && email !== '',
  fn: ({ email, purpose }) => ({ body: { email, purpose } }),
  target: sendCodeMutation.start,
});

// Code entry: digits only; a full code is submitted at once (auto-submit), or by "Confirm".
$code.on(codeChanged, (_, value) => value.replace(/\D/g, '').slice(0, CODE_LENGTH));
$codeError.reset(codeChanged, codeRequested, codeSent);
sample({
  clock: [codeChanged, submitClicked],
  source: { email: $email, code: $code },
  filter: ({ code }) => code.length === CODE_LENGTH,
  target: codeSubmitted,
});

// A rejected code: message; a wrong/expired code is cleared so the next one can be typed.
sample({
  clock: codeRejected,
  source: $purpose,
  fn: (purpose, error) => authErrorMessage(error, FLOW_FAILED_KEY[purpose]),
  target: $codeError,
});
sample({ clock: codeRejected, filter: (error) => isCodeError(error), fn: () => '', target: $code });

// Sending: errors; a new code clears the old one.
$sendError.reset(codeRequested, resendClicked, codeSent);
sample({
  clock: sendCodeMutation.finished.failure,
  source: $purpose,
  fn: (purpose, { error }) => authErrorMessage(error, FLOW_FAILED_KEY[purpose]),
  target: $sendError,
});
$code.reset(codeSent);

// Countdown: from resendInSeconds, or from the server's "wait N s" (RESEND_TOO_SOON).
const countdownStarted = createEvent<number>();
const countdownStopped = createEvent();
const $resendAvailableAt = createStore(0).reset(reset);
const secondsUntil = (at: number) => Math.max(0, Math.ceil((at - Date.now()) / 1000));

sample({ clock: codeSent, fn: ({ resendInSeconds }) => resendInSeconds, filter: ({ resendInSeconds }) => resendInSeconds > 0, target: countdownStarted });
sample({
  clock: sendCodeMutation.finished.failure,
  fn: ({ error }) => resendWaitSeconds(error) ?? 0,
  filter: ({ error }) => (resendWaitSeconds(error) ?? 0) > 0,
  target: countdownStarted,
});
$resendAvailableAt.on(countdownStarted, (_, seconds) => Date.now() + seconds * 1000);
$resendIn.on(countdownStarted, (_, seconds) => Math.ceil(seconds));

const { tick } = interval({ timeout: 1000, start: countdownStarted, stop: countdownStopped });
const ticked = sample({ clock: tick, source: $resendAvailableAt, fn: secondsUntil });
$resendIn.on(ticked, (_, seconds) => seconds);
sample({ clock: ticked, filter: (seconds) => seconds === 0, target: countdownStopped });
sample({ clock: reset, target: countdownStopped });

// Feedback: a resent code is confirmed by a toast; failures buzz.
const resentToastFx = createEffect(() => {
  void notify.success(i18n.t(`${verifyEmailCodeTexts.ns}:code.resent`));
});
const errorHapticFx = createEffect(() => haptic.notification('error'));
sample({ clock: codeSent, source: $isResend, filter: Boolean, target: resentToastFx });
sample({ clock: [codeRejected, sendCodeMutation.finished.failure], target: errorHapticFx });
