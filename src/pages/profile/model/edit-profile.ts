/**
 * Edit the profile fields that may change (issue #14 "Account"): first and last name, phone number — checked by the
 * registration form's own rules (the contract's PersonName and PhoneNumber, with the sign-up screen's messages),
 * sent as PATCH /api/users/me with only what changed; the cached profile takes the answer.
 */
import { update } from '@farfetched/core';
import { createEffect, createEvent, createStore, sample } from 'effector';
import { meQuery, userTexts } from '@/entities/user';
import { createApiMutation, toErrorMessage, type ErrorMessage } from '@/shared/api';
import { accountUpdateProfile, normalizePersonName, personNameProblem, PhoneNumber, type ProfileUpdate, type UserProfile } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { notify } from '@/shared/ui';
import { profileTexts } from '../i18n/texts';

const PROFILE_FIELDS = ['firstName', 'lastName', 'phoneNumber'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;
/** An i18n key with its English fallback (the sign-up screen's validation texts, `${userTexts.ns}:validation.*`). */
interface FieldMessage {
  key: string;
  defaultValue: string;
  values?: Record<string, unknown>;
}
export type ProfileErrors = Partial<Record<ProfileField, FieldMessage>>;

const message = (key: string, defaultValue: string, values?: Record<string, unknown>): FieldMessage => ({ key, defaultValue, ...(values ? { values } : {}) });

const NAME_PROBLEMS: Record<string, FieldMessage> = {
  tooLong: message(`${userTexts.ns}:validation.nameTooLong`, 'Use at most {{max}} characters', { max: 64 }),
  controlCharacters: message(`${userTexts.ns}:validation.nameControlCharacters`, 'Remove control or invisible characters'),
  markup: message(`${userTexts.ns}:validation.nameMarkup`, 'Angle brackets < > are not allowed in a name'),
  emoji: message(`${userTexts.ns}:validation.nameEmoji`, 'Emoji are not allowed in a name'),
  characters: message(`${userTexts.ns}:validation.nameCharacters`, 'Use letters, spaces, hyphens, apostrophes and dots'),
};

/** Spaces, dashes, dots and brackets people type in phone numbers are dropped (as at sign-up). */
const normalizePhone = (raw: string): string => raw.trim().replace(/[\s\-().]/g, '');

const nameError = (value: string, field: 'firstName' | 'lastName'): FieldMessage | null => {
  const problem = personNameProblem(normalizePersonName(value));
  if (problem === 'required')
    return field === 'firstName' ? message(`${userTexts.ns}:validation.firstNameRequired`, 'Enter your first name') : message(`${userTexts.ns}:validation.lastNameRequired`, 'Enter your last name');
  return problem ? (NAME_PROBLEMS[problem] ?? NAME_PROBLEMS.characters!) : null;
};

/** SPEC §5 phone messages, as at sign-up. */
const phoneError = (raw: string): FieldMessage | null => {
  const phone = normalizePhone(raw);
  if (!/^\+?\d+$/.test(phone)) return message(`${userTexts.ns}:validation.phoneInvalid`, 'Invalid Phone Number');
  if (!phone.startsWith('+') || phone.startsWith('+0')) return message(`${userTexts.ns}:validation.phoneFormat`, 'Invalid phone number format');
  if (!PhoneNumber.safeParse(phone).success) return message(`${userTexts.ns}:validation.phoneLength`, 'Please enter a valid phone number');
  return null;
};

/** Checks the form; the change holds only the fields that differ from `original` (null: nothing changed). */
export function validateProfile(values: ProfileValues, original: ProfileValues): { ok: true; change: ProfileUpdate | null } | { ok: false; errors: ProfileErrors } {
  const errors: ProfileErrors = {};
  const first = nameError(values.firstName, 'firstName');
  const last = nameError(values.lastName, 'lastName');
  const phone = phoneError(values.phoneNumber);
  if (first) errors.firstName = first;
  if (last) errors.lastName = last;
  if (phone) errors.phoneNumber = phone;
  if (Object.keys(errors).length) return { ok: false, errors };
  const next: ProfileValues = {
    firstName: normalizePersonName(values.firstName),
    lastName: normalizePersonName(values.lastName),
    phoneNumber: normalizePhone(values.phoneNumber),
  };
  const change: ProfileUpdate = {};
  for (const field of PROFILE_FIELDS) if (next[field] !== original[field]) change[field] = next[field];
  return { ok: true, change: Object.keys(change).length ? change : null };
}

const updateProfileMutation = createApiMutation(accountUpdateProfile);

export const editOpened = createEvent<UserProfile>();
export const editClosed = createEvent();
export const fieldChanged = createEvent<{ field: ProfileField; value: string }>();
export const formSubmitted = createEvent();

const EMPTY: ProfileValues = { firstName: '', lastName: '', phoneNumber: '' };
const valuesOf = (user: UserProfile): ProfileValues => ({ firstName: user.firstName, lastName: user.lastName, phoneNumber: user.phoneNumber });

export const $editing = createStore(false)
  .on(editOpened, () => true)
  .reset(editClosed, updateProfileMutation.finished.success);
export const $values = createStore<ProfileValues>(EMPTY)
  .on(editOpened, (_, user) => valuesOf(user))
  .on(fieldChanged, (values, { field, value }) => ({ ...values, [field]: value }));
const $original = createStore<ProfileValues>(EMPTY).on(editOpened, (_, user) => valuesOf(user));
export const $fieldErrors = createStore<ProfileErrors>({}).reset(editOpened, editClosed);
export const $saveError = createStore<ErrorMessage | null>(null)
  .on(updateProfileMutation.finished.failure, (_, { error }) => toErrorMessage(error, `${profileTexts.ns}:edit.saveFailed`))
  .reset(editOpened, editClosed, formSubmitted);
export const $saving = updateProfileMutation.$pending;

const checked = sample({
  clock: formSubmitted,
  source: { values: $values, original: $original },
  filter: $saving.map((saving) => !saving),
  fn: ({ values, original }) => validateProfile(values, original),
});
$fieldErrors.on(checked, (_, result) => (result.ok ? {} : result.errors));
// Errors follow the edits once shown.
$fieldErrors.on(fieldChanged, (errors, { field }) => {
  if (!errors[field]) return errors;
  const { [field]: _gone, ...rest } = errors;
  return rest;
});
sample({
  clock: checked,
  filter: (result): result is { ok: true; change: ProfileUpdate } => 'change' in result && result.change !== null,
  fn: (result) => ({ body: (result as { change: ProfileUpdate }).change }),
  target: updateProfileMutation.start,
});
// Nothing changed: nothing to send.
sample({ clock: checked, filter: (result) => 'change' in result && result.change === null, target: editClosed });

update(meQuery, {
  on: updateProfileMutation,
  by: {
    success: ({ mutation }) => ({ result: mutation.result }),
    failure: ({ query, mutation }) => (query && 'result' in query ? { result: query.result } : { error: mutation.error }),
  },
});

const savedToastFx = createEffect(() => {
  void notify.success(i18n.t(`${profileTexts.ns}:edit.saved`));
});
sample({ clock: updateProfileMutation.finished.success, target: savedToastFx });
