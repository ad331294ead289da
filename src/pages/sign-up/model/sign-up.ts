/**
 * Sign-up flow (SPEC §1, §3, §5; docs/auth.md "Flows"):
 *   form → validate → send-code {purpose:'signup'} → code step → POST /api/auth/register (form + code)
 *   → signedIn(tokens) → $completed (the page goes to returnTo or /wallet).
 *
 * Register failures: a rejected code stays on the code step (boxes cleared); an unknown promo code
 * (PROMO_CODE_UNKNOWN, the code is NOT used up) or a taken email goes back to the form with the message on
 * that field; after fixing the promo code, "Continue" registers again with the same email code.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { signedIn } from '@/entities/session';
import {
  $codeEmail,
  authErrorMessage,
  changeEmailClicked,
  codeRejected,
  codeRequested,
  codeSent,
  codeStepReset,
  codeSubmitted,
  isCodeError,
  sendCodeMutation,
  serverErrorCode,
  type AuthMessage,
} from '@/features/verify-email-code';
import { createApiMutation, isApiError } from '@/shared/api';
import { authRegister, type RegistrationForm } from '@/shared/contract';
import { createPageLifecycle, navigateFx } from '@/shared/lib';
import { getPlatformInfo, getStartParam, haptic, requestLocation, requestPhoneContact } from '@/shared/platform';
import {
  countryFromCoordinates,
  EMPTY_FORM,
  FIELDS,
  phoneFromTelegram,
  promoCodeFromStartParam,
  validateRegistration,
  type FieldErrors,
  type FieldName,
  type FormValues,
} from '../lib/registration';
import { signUpTexts } from '../i18n/texts';

export type SignUpStep = 'form' | 'code';

const registerMutation = createApiMutation(authRegister);

/** Opening resets the flow, reads the platform features and the start parameter; `returnTo`: where to go once signed up. */
export const signUpPage = createPageLifecycle<{ returnTo: string }>('signUpPage');
export const fieldChanged = createEvent<{ field: FieldName; value: string }>();
export const formSubmitted = createEvent();
/** "Remove promo code" after PROMO_CODE_UNKNOWN. */
export const promoCodeCleared = createEvent();
export const telegramPhoneClicked = createEvent();
export const detectCountryClicked = createEvent();

export const $values = createStore<FormValues>(EMPTY_FORM);
/** Errors shown: validation (after the first submit) and server errors per field (until the field changes). */
export const $fieldErrors = createStore<FieldErrors>({});
const $submitAttempted = createStore(false);
const $serverFieldErrors = createStore<FieldErrors>({});
export const $step = createStore<SignUpStep>('form');
/** A form-level error ("Sign Up Error" box): sending the code or registering failed on the form step. */
export const $formError = createStore<AuthMessage | null>(null);
/** Registration finished: the session holds the new tokens. */
export const $completed = createStore(false);
export const $registering = registerMutation.$pending;
export const $sendingCode = sendCodeMutation.$pending;
/** Prefill helpers, shown only where Telegram supports them (contact 6.9+, location 8.0+). */
export const $canUseTelegramPhone = createStore(false);
export const $canDetectCountry = createStore(false);
export const $prefillNotice = createStore<AuthMessage | null>(null);
export const $detectingCountry = createStore(false);

/** The field to focus (and scroll to) after a refused submit or a server error on a field; `n` changes each time. */
export const $focusRequest = createStore<{ field: FieldName; n: number } | null>(null);

/** The form as last sent, and the email code it was confirmed with (kept after PROMO_CODE_UNKNOWN). */
const $pendingForm = createStore<RegistrationForm | null>(null);
const $heldCode = createStore<string | null>(null);

const pageReset = createEvent();
// Fresh on every visit (also when leaving: a finished flow must not redirect the next visit).
sample({ clock: [signUpPage.opened, signUpPage.closed], target: [pageReset, codeStepReset] });
// Done: the screen the user came for (replacing this one).
sample({
  clock: $completed,
  source: signUpPage.$params,
  filter: (params, completed) => completed && params !== null,
  fn: (params) => ({ to: params!.returnTo, replace: true }),
  target: navigateFx,
});
$values.reset(pageReset);
$submitAttempted.reset(pageReset);
$serverFieldErrors.reset(pageReset);
$step.reset(pageReset);
$formError.reset(pageReset);
$completed.reset(pageReset);
$prefillNotice.reset(pageReset);
$pendingForm.reset(pageReset);
$heldCode.reset(pageReset);
$focusRequest.reset(pageReset);

// Opening: platform features and the referral start parameter (t.me/<bot>/<app>?startapp=ref_CODE).
const readPlatformFx = createEffect(() => {
  const { features } = getPlatformInfo();
  return { contact: features.contact, location: features.location, promoCode: promoCodeFromStartParam(getStartParam()) };
});
sample({ clock: signUpPage.opened, target: readPlatformFx });
$canUseTelegramPhone.on(readPlatformFx.doneData, (_, { contact }) => contact);
$canDetectCountry.on(readPlatformFx.doneData, (_, { location }) => location);
sample({
  clock: readPlatformFx.doneData,
  source: $values,
  filter: (values, { promoCode }) => promoCode !== null && values.promoCode === '',
  fn: (values, { promoCode }) => ({ ...values, promoCode: promoCode ?? '' }),
  target: $values,
});

// Editing.
$values.on(fieldChanged, (values, { field, value }) => ({ ...values, [field]: value }));
$values.on(promoCodeCleared, (values) => ({ ...values, promoCode: '' }));
$serverFieldErrors.on(fieldChanged, (errors, { field }) => omit(errors, field));
$serverFieldErrors.on(promoCodeCleared, (errors) => omit(errors, 'promoCode'));
$formError.reset(fieldChanged, promoCodeCleared, formSubmitted);
$prefillNotice.reset(fieldChanged, telegramPhoneClicked, detectCountryClicked);
// A changed email needs a new code.
sample({
  clock: fieldChanged,
  filter: ({ field }) => field === 'email',
  fn: () => null,
  target: $heldCode,
});

sample({
  source: { values: $values, attempted: $submitAttempted, server: $serverFieldErrors },
  fn: ({ values, attempted, server }): FieldErrors => {
    const local = attempted ? validateOrEmpty(values) : {};
    const merged: FieldErrors = {};
    for (const field of FIELDS) {
      const error = local[field] ?? server[field];
      if (error) merged[field] = error;
    }
    return merged;
  },
  target: $fieldErrors,
});

// Submitting the form.
$submitAttempted.on(formSubmitted, () => true);
const validated = sample({ clock: formSubmitted, source: $values, fn: validateRegistration });
const formAccepted = validated.filterMap((result) => (result.ok ? result.form : undefined));
const formRejected = sample({ clock: validated, filter: (result) => !result.ok });
type FocusRequest = { field: FieldName; n: number } | null;
const requestFocus = (field: FieldName | undefined, previous: FocusRequest): FocusRequest =>
  field ? { field, n: (previous?.n ?? 0) + 1 } : previous;
sample({
  clock: formRejected,
  source: $focusRequest,
  fn: (previous, result) => requestFocus(result.ok ? undefined : FIELDS.find((field) => field in result.errors), previous),
  target: $focusRequest,
});
$pendingForm.on(formAccepted, (_, form) => form);

// Same email and a code already confirmed (the promo code was the problem): register again at once.
const registerWithHeldCode = sample({
  clock: formAccepted,
  source: { code: $heldCode, email: $codeEmail },
  filter: ({ code, email }, form) => code !== null && email === form.email,
  fn: ({ code }, form) => ({ form, code: code ?? '' }),
});
sample({
  clock: formAccepted,
  source: { code: $heldCode, email: $codeEmail, sending: $sendingCode },
  filter: ({ code, email, sending }, form) => !sending && (code === null || email !== form.email),
  fn: (_, form) => ({ email: form.email, purpose: 'signup' as const }),
  target: codeRequested,
});

$step.on(codeSent, () => 'code').on(changeEmailClicked, () => 'form');
sample({ clock: changeEmailClicked, fn: () => null, target: $heldCode });

// Code entered → register.
const codeConfirmed = sample({
  clock: codeSubmitted,
  source: { form: $pendingForm, step: $step, registering: $registering },
  filter: ({ form, step, registering }) => form !== null && step === 'code' && !registering,
  fn: ({ form }, { code }) => ({ form: form as RegistrationForm, code }),
});
$heldCode.on(codeConfirmed, (_, { code }) => code);
sample({
  clock: [codeConfirmed, registerWithHeldCode],
  fn: ({ form, code }) => ({ body: { ...form, code } }),
  target: registerMutation.start,
});

// Success.
sample({ clock: registerMutation.finished.success, fn: ({ result }) => result, target: signedIn });
$completed.on(registerMutation.finished.success, () => true);

// Failures.
const registerFailed = registerMutation.finished.failure.map(({ error }) => error);
const fieldOfError = (error: unknown): FieldName | null => {
  const code = serverErrorCode(error);
  if (code === 'PROMO_CODE_UNKNOWN') return 'promoCode';
  if (code === 'EMAIL_TAKEN') return 'email';
  if (code === 'VALIDATION_ERROR' && isApiError(error) && error.fields) {
    return FIELDS.find((field) => field in (error.fields ?? {})) ?? null;
  }
  return null;
};
const formFieldFailure = sample({
  clock: registerFailed,
  filter: (error) => !isCodeError(error) && fieldOfError(error) !== null,
});
sample({
  clock: formFieldFailure,
  source: $serverFieldErrors,
  fn: (errors, error) => ({ ...errors, [fieldOfError(error) as FieldName]: authErrorMessage(error, 'errors:auth.registrationFailed') }),
  target: $serverFieldErrors,
});
$step.on(formFieldFailure, () => 'form');
sample({
  clock: formFieldFailure,
  source: $focusRequest,
  fn: (previous, error) => requestFocus(fieldOfError(error) ?? undefined, previous),
  target: $focusRequest,
});
// Only an unknown promo code keeps the confirmed email code.
sample({ clock: formFieldFailure, filter: (error) => serverErrorCode(error) !== 'PROMO_CODE_UNKNOWN', fn: () => null, target: $heldCode });

const otherFailure = sample({ clock: registerFailed, filter: (error) => isCodeError(error) || fieldOfError(error) === null });
sample({ clock: otherFailure, filter: isCodeError, fn: () => null, target: $heldCode });
// On the code step the step shows it; on the form (registering with a held code) the form does.
sample({ clock: otherFailure, source: $step, filter: (step) => step === 'code', fn: (_, error) => error, target: codeRejected });
const failedOnForm = sample({ clock: otherFailure, source: $step, filter: (step) => step === 'form', fn: (_, error) => error });
sample({ clock: failedOnForm, fn: (error) => authErrorMessage(error, 'errors:auth.registrationFailed'), target: $formError });
sample({ clock: failedOnForm, filter: isCodeError, fn: () => 'code' as const, target: $step });

// Sending the code failed while on the form.
sample({
  clock: sendCodeMutation.finished.failure,
  source: $step,
  filter: (step) => step === 'form',
  fn: (_, { error }) => authErrorMessage(error, 'errors:auth.registrationFailed'),
  target: $formError,
});

// Prefill: the Telegram account's phone number (6.9+) and the country from the location (8.0+).
const requestPhoneFx = createEffect(() => requestPhoneContact());
const requestLocationFx = createEffect(() => requestLocation());
sample({ clock: telegramPhoneClicked, filter: requestPhoneFx.pending.map((p) => !p), target: requestPhoneFx });
sample({ clock: detectCountryClicked, filter: requestLocationFx.pending.map((p) => !p), target: requestLocationFx });
$detectingCountry.on(requestLocationFx.pending.updates, (_, pending) => pending).reset(pageReset);
sample({
  clock: requestPhoneFx.doneData,
  source: $values,
  filter: (_, result) => result.ok,
  fn: (values, result) => {
    if (!result.ok) return values;
    const { phoneNumber, firstName, lastName } = result.value;
    return {
      ...values,
      phoneNumber: phoneFromTelegram(phoneNumber),
      firstName: values.firstName || firstName || '',
      lastName: values.lastName || lastName || '',
    };
  },
  target: $values,
});
sample({
  clock: requestLocationFx.doneData,
  source: $values,
  filter: (_, result) => result.ok,
  fn: (values, result) => (result.ok ? { ...values, country: countryFromCoordinates(result.value.latitude, result.value.longitude) } : values),
  target: $values,
});
sample({
  clock: [requestPhoneFx.doneData, requestLocationFx.doneData],
  filter: (result) => !result.ok && result.error.kind !== 'cancelled',
  fn: (result) => ({
    keys: [`${signUpTexts.ns}:signUp.prefillFailed`, ...(result.ok ? [] : [result.error.messageKey])],
    defaultValue: 'Telegram could not provide this. Please fill it in yourself.',
  }),
  target: $prefillNotice,
});

// Haptics: success when signed up, error when something is refused.
const hapticFx = createEffect((type: 'success' | 'error') => haptic.notification(type));
sample({ clock: registerMutation.finished.success, fn: () => 'success' as const, target: hapticFx });
sample({ clock: [formRejected, formFieldFailure, failedOnForm], fn: () => 'error' as const, target: hapticFx });

function validateOrEmpty(values: FormValues): FieldErrors {
  const result = validateRegistration(values);
  return result.ok ? {} : result.errors;
}

function omit(errors: FieldErrors, field: FieldName): FieldErrors {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}
