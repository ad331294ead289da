/**
 * The delivery-address form of a physical card order: one store of field texts, the contract's own rule
 * (`addressProblems` of shared/contract: the server runs the same one) and the normalised value to send.
 * `createAddressForm` makes one per form (the card-issue feature holds it).
 */
import { combine, createEvent, createStore } from 'effector';
import {
  addressProblems,
  normalizeAddressText,
  type AddressField,
  type AddressProblem,
  type DeliveryAddressInput,
} from '@/shared/contract';

export type AddressTexts = Record<AddressField, string>;
export const EMPTY_ADDRESS: AddressTexts = { country: '', recipient: '', line1: '', line2: '', city: '', region: '', postcode: '' };

/** Typed texts → what the server receives (normalised; empty optional fields left out). */
export function addressValue(texts: AddressTexts): DeliveryAddressInput {
  const value: DeliveryAddressInput = {
    country: texts.country.trim().toUpperCase(),
    recipient: normalizeAddressText(texts.recipient),
    line1: normalizeAddressText(texts.line1),
    city: normalizeAddressText(texts.city),
  };
  const line2 = normalizeAddressText(texts.line2);
  const region = normalizeAddressText(texts.region);
  const postcode = normalizeAddressText(texts.postcode).toUpperCase();
  if (line2) value.line2 = line2;
  if (region) value.region = region;
  if (postcode) value.postcode = postcode;
  return value;
}

export function createAddressForm() {
  const fieldChanged = createEvent<{ field: AddressField; value: string }>();
  const reset = createEvent();
  /** Errors show after the first submit, then follow the typing. */
  const validationShown = createEvent();
  const $texts = createStore<AddressTexts>(EMPTY_ADDRESS)
    .on(fieldChanged, (texts, { field, value }) => ({
      ...texts,
      [field]: value,
      // A state of the US means nothing elsewhere (and a region typed elsewhere is not a US state).
      ...(field === 'country' && (value === 'US') !== (texts.country === 'US') ? { region: '' } : {}),
    }))
    .reset(reset);
  const $value = $texts.map(addressValue);
  const $problems = $value.map((value): Partial<Record<AddressField, AddressProblem>> => addressProblems(value));
  const $valid = $problems.map((problems) => Object.keys(problems).length === 0);
  const $shown = createStore(false).on(validationShown, () => true).reset(reset);
  const $errors = combine($shown, $problems, (shown, problems) => (shown ? problems : {}));
  return { fieldChanged, reset, validationShown, $texts, $value, $problems, $valid, $errors };
}

export type AddressForm = ReturnType<typeof createAddressForm>;
