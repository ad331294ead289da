/**
 * Registration form rules (SPEC §3, §5) as pure functions: validation with the SPEC phone messages,
 * normalisation to the contract's RegistrationForm, prefill helpers (Telegram phone, location → country,
 * start parameter → promo code).
 */
import { authMessage, type AuthMessage } from '@/features/verify-email-code';
import {
  Country,
  Email,
  normalizePersonName,
  PERSON_NAME_MAX_LENGTH,
  personNameProblem,
  PromoCode,
  type PersonNameProblem,
  type RegistrationForm,
} from '@/shared/contract';
import { userTexts } from '@/entities/user';

export const FIELDS = ['firstName', 'lastName', 'phoneNumber', 'country', 'email', 'promoCode'] as const;
export type FieldName = (typeof FIELDS)[number];
export type FormValues = Record<FieldName, string>;
export type FieldErrors = Partial<Record<FieldName, AuthMessage>>;

export const EMPTY_FORM: FormValues = { firstName: '', lastName: '', phoneNumber: '', country: '', email: '', promoCode: '' };
export const COUNTRIES = Country.options;
const NAME_MAX_LENGTH = PERSON_NAME_MAX_LENGTH;

/** SPEC §5 phone messages, verbatim in English. */
export const PHONE_MESSAGES = {
  /** Empty or not a phone number at all. */
  invalid: authMessage(`${userTexts.ns}:validation.phoneInvalid`, 'Invalid Phone Number'),
  /** Too few or too many digits. */
  length: authMessage(`${userTexts.ns}:validation.phoneLength`, 'Please enter a valid phone number'),
  /** Not international ("+" and the country code). */
  format: authMessage(`${userTexts.ns}:validation.phoneFormat`, 'Invalid phone number format'),
};

/** Spaces, dashes, dots and brackets people type in phone numbers are dropped. */
const normalizePhone = (raw: string): string => raw.trim().replace(/[\s\-().]/g, '');

/** E.164 as the contract wants it: "+", country code (not 0), 8–15 digits in all. */
export function validatePhone(raw: string): AuthMessage | null {
  const phone = normalizePhone(raw);
  if (!/^\+?\d+$/.test(phone)) return PHONE_MESSAGES.invalid;
  if (!phone.startsWith('+') || phone.startsWith('+0')) return PHONE_MESSAGES.format;
  const digits = phone.length - 1;
  if (digits < 8 || digits > 15) return PHONE_MESSAGES.length;
  return null;
}

/** The contract's name rule (docs/api.md "Names"), its reasons translated. */
const NAME_REASONS: Record<Exclude<PersonNameProblem, 'required'>, AuthMessage> = {
  tooLong: authMessage(`${userTexts.ns}:validation.nameTooLong`, 'Use at most {{max}} characters', { max: NAME_MAX_LENGTH }),
  controlCharacters: authMessage(`${userTexts.ns}:validation.nameControlCharacters`, 'Remove control or invisible characters'),
  markup: authMessage(`${userTexts.ns}:validation.nameMarkup`, 'Angle brackets < > are not allowed in a name'),
  emoji: authMessage(`${userTexts.ns}:validation.nameEmoji`, 'Emoji are not allowed in a name'),
  characters: authMessage(`${userTexts.ns}:validation.nameCharacters`, 'Use letters, spaces, hyphens, apostrophes and dots'),
};

const validateName = (value: string, field: 'firstName' | 'lastName'): AuthMessage | null => {
  const problem = personNameProblem(normalizePersonName(value));
  if (problem === 'required') return field === 'firstName' ? authMessage(`${userTexts.ns}:validation.firstNameRequired`, 'Enter your first name') : authMessage(`${userTexts.ns}:validation.lastNameRequired`, 'Enter your last name');
  return problem ? NAME_REASONS[problem] : null;
};

function validateEmail(value: string): AuthMessage | null {
  const email = value.trim();
  if (!email) return authMessage(`${userTexts.ns}:validation.emailRequired`, 'Enter your email');
  if (!Email.safeParse(email).success) return authMessage(`${userTexts.ns}:validation.emailInvalid`, 'Enter a valid email address, e.g. name@example.com');
  return null;
}

const normalizePromoCode = (value: string): string => value.trim().toUpperCase();

function validatePromoCode(value: string): AuthMessage | null {
  const code = normalizePromoCode(value);
  if (!code) return null; // optional (SPEC §5)
  return PromoCode.safeParse(code).success ? null : authMessage(`${userTexts.ns}:validation.promoCodeFormat`, 'A promo code is 4–16 Latin letters and digits');
}

export type ValidationResult = { ok: true; form: RegistrationForm } | { ok: false; errors: FieldErrors };

export function validateRegistration(values: FormValues): ValidationResult {
  const errors: FieldErrors = {};
  const set = (field: FieldName, error: AuthMessage | null) => {
    if (error) errors[field] = error;
  };
  set('firstName', validateName(values.firstName, 'firstName'));
  set('lastName', validateName(values.lastName, 'lastName'));
  set('phoneNumber', validatePhone(values.phoneNumber));
  set('country', Country.safeParse(values.country).success ? null : authMessage(`${userTexts.ns}:validation.countryRequired`, 'Choose your country'));
  set('email', validateEmail(values.email));
  set('promoCode', validatePromoCode(values.promoCode));
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const promoCode = normalizePromoCode(values.promoCode);
  return {
    ok: true,
    form: {
      firstName: normalizePersonName(values.firstName),
      lastName: normalizePersonName(values.lastName),
      phoneNumber: normalizePhone(values.phoneNumber),
      country: values.country as Country,
      email: values.email.trim(),
      ...(promoCode ? { promoCode } : {}),
    },
  };
}

/** Telegram shares numbers without "+" ("79161234567"): make them international. */
export function phoneFromTelegram(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return digits ? `+${digits}` : '';
}

/**
 * The referral link is t.me/<bot>/<app>?startapp=ref_<CODE> (docs/api.md "Promo"); a bare code is
 * accepted too. Anything else (e.g. "sbp_…" payment returns) is not a promo code.
 */
export function promoCodeFromStartParam(param: string | undefined | null): string | null {
  if (!param) return null;
  const code = param.replace(/^ref[_-]/i, '').toUpperCase();
  if (/^sbp[_-]/i.test(param)) return null;
  return PromoCode.safeParse(code).success ? code : null;
}

interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}
const inBox = (lat: number, lon: number, box: Box) => lat >= box.south && lat <= box.north && lon >= box.west && lon <= box.east;

/**
 * Rough bounding boxes, checked in order (smaller countries first). Good enough to pre-select a
 * country the user can still change; borders are approximate.
 */
const REGIONS: ReadonlyArray<{ country: Country; boxes: Box[]; except?: Box[] }> = [
  { country: 'BLR', boxes: [{ south: 51.25, north: 56.17, west: 23.18, east: 32.78 }] },
  { country: 'ARE', boxes: [{ south: 22.6, north: 26.1, west: 51.5, east: 56.4 }] },
  { country: 'IRN', boxes: [{ south: 25.0, north: 39.8, west: 44.0, east: 63.3 }] },
  {
    country: 'RUS',
    boxes: [
      { south: 54.3, north: 55.3, west: 19.6, east: 22.9 }, // Kaliningrad
      { south: 50.0, north: 82.0, west: 27.3, east: 180 },
      { south: 41.2, north: 50.0, west: 37.0, east: 48.5 }, // the south (Caucasus, lower Volga)
      { south: 42.3, north: 48.3, west: 130.5, east: 141.0 }, // Primorye
      { south: 48.3, north: 50.0, west: 134.5, east: 141.0 }, // Khabarovsk
      { south: 45.9, north: 50.0, west: 141.5, east: 144.8 }, // Sakhalin
      { south: 64.0, north: 72.0, west: -180, east: -168.9 }, // Chukotka east of 180°
    ],
    except: [
      { south: 40.5, north: 51.0, west: 49.0, east: 61.0 }, // Kazakhstan (west)
      { south: 40.5, north: 54.0, west: 61.0, east: 76.0 }, // Kazakhstan (north)
      { south: 40.5, north: 51.5, west: 76.0, east: 87.3 }, // Kazakhstan (east)
      { south: 41.5, north: 50.3, west: 87.3, east: 120.0 }, // Mongolia
      { south: 44.4, north: 52.4, west: 22.0, east: 35.0 }, // Ukraine
      { south: 47.0, north: 50.4, west: 35.0, east: 38.5 }, // Ukraine (east)
      { south: 48.0, north: 49.9, west: 38.5, east: 40.2 }, // Ukraine (east)
      { south: 41.0, north: 43.3, west: 40.0, east: 44.0 }, // Georgia
      { south: 41.0, north: 42.6, west: 44.0, east: 46.7 }, // Georgia
      { south: 59.8, north: 70.1, west: 27.3, east: 30.0 }, // Finland
      { south: 57.5, north: 59.7, west: 27.3, east: 28.2 }, // Estonia
    ],
  },
  {
    // Middle East and North Africa
    country: 'MNA',
    boxes: [
      { south: 12.0, north: 37.5, west: 34.0, east: 60.0 }, // Levant, Iraq, Arabian Peninsula
      { south: 19.0, north: 37.5, west: -17.5, east: 34.0 }, // Maghreb, Libya, Egypt
    ],
  },
];

export function countryFromCoordinates(latitude: number, longitude: number): Country {
  for (const region of REGIONS) {
    if (region.except?.some((box) => inBox(latitude, longitude, box))) continue;
    if (region.boxes.some((box) => inBox(latitude, longitude, box))) return region.country;
  }
  return 'OTH';
}
