/**
 * Change the account's email (issue #14 "Account"): a 6-digit code is mailed to the NEW address
 * (POST /api/users/me/email/send-code), typed here and confirmed (POST /api/users/me/email/confirm). The current
 * address keeps working until then; the server counts wrong tries (5) and expiry (10 min); an address of another
 * account is answered like a free one (no code reaches it, its confirm fails like a wrong code: no account-existence
 * oracle, docs/auth.md "Account"). Refusals are shown as they come.
 */
import { update } from '@farfetched/core';
import { createEffect, createEvent, createStore, sample } from 'effector';
import { meQuery } from '@/entities/user';
import { createApiMutation, toErrorMessage, type ErrorMessage } from '@/shared/api';
import { accountEmailConfirm, accountEmailSendCode, Email, VerificationCode } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { notify } from '@/shared/ui';
import { changeEmailTexts } from '../i18n/texts';

export type ChangeEmailStep = 'closed' | 'email' | 'code';

const emailSendCodeMutation = createApiMutation(accountEmailSendCode);
const emailConfirmMutation = createApiMutation(accountEmailConfirm);

export const changeEmailOpened = createEvent();
export const changeEmailClosed = createEvent();
export const emailChanged = createEvent<string>();
export const codeChanged = createEvent<string>();
export const emailSubmitted = createEvent();
export const codeSubmitted = createEvent();
/** Back from the code step to the address (to fix it or send again). */
export const resendClicked = createEvent();

export const $step = createStore<ChangeEmailStep>('closed')
  .on(changeEmailOpened, () => 'email')
  .on(emailSendCodeMutation.finished.success, () => 'code')
  .reset(changeEmailClosed, emailConfirmMutation.finished.success);
export const $email = createStore('')
  .on(emailChanged, (_, value) => value)
  .reset(changeEmailOpened);
export const $code = createStore('')
  .on(codeChanged, (_, value) => value.replace(/\D/g, '').slice(0, 6))
  .reset(changeEmailOpened, emailSendCodeMutation.finished.success);
/** The address the code went to (what confirm sends). */
export const $sentTo = createStore('')
  .on(emailSendCodeMutation.finished.success, (_, { params }) => (params as { body: { email: string } }).body.email)
  .reset(changeEmailOpened);
/** A local check's message key (address or code shape), or null. */
export const $inputError = createStore<string | null>(null).reset(changeEmailOpened, emailChanged, codeChanged);
export const $error = createStore<ErrorMessage | null>(null)
  .on(emailSendCodeMutation.finished.failure, (_, { error }) => toErrorMessage(error, `${changeEmailTexts.ns}:failed`))
  .on(emailConfirmMutation.finished.failure, (_, { error }) => toErrorMessage(error, `${changeEmailTexts.ns}:failed`))
  .reset(changeEmailOpened, changeEmailClosed, emailSubmitted, codeSubmitted, emailChanged);
export const $pending = createStore(false)
  .on(emailSendCodeMutation.$pending.updates, (_, pending) => pending)
  .on(emailConfirmMutation.$pending.updates, (_, pending) => pending);

const emailChecked = sample({
  clock: [emailSubmitted, resendClicked],
  source: $email,
  filter: $pending.map((pending) => !pending),
  fn: (raw) => raw.trim(),
});
sample({
  clock: emailChecked,
  filter: (email) => !Email.safeParse(email).success,
  fn: () => `${changeEmailTexts.ns}:invalidEmail`,
  target: $inputError,
});
sample({
  clock: emailChecked,
  filter: (email) => Email.safeParse(email).success,
  fn: (email) => ({ body: { email } }),
  target: emailSendCodeMutation.start,
});

const codeChecked = sample({ clock: codeSubmitted, source: { email: $sentTo, code: $code }, filter: $pending.map((pending) => !pending) });
sample({ clock: codeChecked, filter: ({ code }) => !VerificationCode.safeParse(code).success, fn: () => `${changeEmailTexts.ns}:invalidCode`, target: $inputError });
sample({
  clock: codeChecked,
  filter: ({ code }) => VerificationCode.safeParse(code).success,
  fn: ({ email, code }) => ({ body: { email, code } }),
  target: emailConfirmMutation.start,
});

update(meQuery, {
  on: emailConfirmMutation,
  by: {
    success: ({ mutation }) => ({ result: mutation.result }),
    failure: ({ query, mutation }) => (query && 'result' in query ? { result: query.result } : { error: mutation.error }),
  },
});

const changedToastFx = createEffect((email: string) => {
  void notify.success(i18n.t(`${changeEmailTexts.ns}:changed`, { email }));
});
sample({ clock: emailConfirmMutation.finished.success, fn: ({ result }) => result.email, target: changedToastFx });
