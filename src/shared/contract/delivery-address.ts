import * as z from 'zod/mini';

/**
 * The delivery address of a physical card (docs/api.md "Card controls"): ONE rule for the order form and the
 * server. Countries we ship to are a fixed list (SHIPPING_COUNTRIES); Russia and the United States have their
 * own rules (RU: 6-digit postcode; US: state code and ZIP or ZIP+4), every other country the generic one
 * (postcode optional, 2–10 letters/digits with inner spaces or hyphens). Texts are NFC, trimmed, inner white space
 * collapsed; letters of any script, digits, spaces and . , ' ’ " # № / ( ) -; refused: controls and invisible
 * format characters, markup brackets, emoji, other symbols.
 */
export const SHIPPING_COUNTRIES = [
  'RU', 'US', 'AE', 'AM', 'AT', 'AZ', 'BY', 'CA', 'CY', 'CZ', 'DE', 'ES', 'FI', 'FR', 'GB', 'GE', 'IL', 'IT',
  'KG', 'KZ', 'MD', 'ME', 'NL', 'PL', 'PT', 'RS', 'TH', 'TR', 'UZ',
] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];

/** USPS codes of the states, DC and the territories. */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA',
  'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR',
  'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'AS', 'GU', 'MP', 'PR', 'VI',
] as const;

export const ADDRESS_FIELDS = ['country', 'recipient', 'line1', 'line2', 'city', 'region', 'postcode'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
/** Longest value of each text field (code points). */
export const ADDRESS_MAX_LENGTH: Record<Exclude<AddressField, 'country'>, number> = {
  recipient: 64,
  line1: 100,
  line2: 100,
  city: 64,
  region: 64,
  postcode: 10,
};

export type AddressProblem = 'required' | 'tooLong' | 'characters' | 'controlCharacters' | 'markup' | 'emoji' | 'postcode' | 'region' | 'country';

export interface DeliveryAddressInput {
  country: string;
  recipient: string;
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postcode?: string | null;
}

export const normalizeAddressText = (raw: string): string => raw.normalize('NFC').replace(/\s+/gu, ' ').trim();

const CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}]/u;
const MARKUP = /[<>{}\uFF1C\uFF1E]/u;
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u20E3\uFE0F]/u;
const ALLOWED = /^[\p{L}\p{M}\p{N} .,'\u2019"#\u2116/()\-]+$/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

const textProblem = (value: string, max: number): AddressProblem | null => {
  if (value.length === 0) return 'required';
  if (EMOJI.test(value)) return 'emoji';
  if (CONTROL.test(value)) return 'controlCharacters';
  if (MARKUP.test(value)) return 'markup';
  if (!ALLOWED.test(value) || !LETTER_OR_DIGIT.test(value)) return 'characters';
  if (Array.from(value).length > max) return 'tooLong';
  return null;
};

const POSTCODE: Record<'RU' | 'US' | 'generic', RegExp> = {
  RU: /^\d{6}$/,
  US: /^\d{5}(-\d{4})?$/,
  generic: /^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,8}[A-Za-z0-9])$/,
};

/** Every problem of an address whose texts are already normalised, by field (empty: acceptable). */
export function addressProblems(address: DeliveryAddressInput): Partial<Record<AddressField, AddressProblem>> {
  const problems: Partial<Record<AddressField, AddressProblem>> = {};
  const country = address.country;
  if (!(SHIPPING_COUNTRIES as readonly string[]).includes(country)) problems.country = country ? 'country' : 'required';
  for (const field of ['recipient', 'line1', 'city'] as const) {
    const problem = textProblem(address[field], ADDRESS_MAX_LENGTH[field]);
    if (problem) problems[field] = problem;
  }
  const line2 = address.line2 ?? '';
  if (line2 !== '') {
    const problem = textProblem(line2, ADDRESS_MAX_LENGTH.line2);
    if (problem) problems.line2 = problem;
  }
  const region = address.region ?? '';
  if (country === 'US') {
    if (region === '') problems.region = 'required';
    else if (!(US_STATES as readonly string[]).includes(region)) problems.region = 'region';
  } else if (region !== '') {
    const problem = textProblem(region, ADDRESS_MAX_LENGTH.region);
    if (problem) problems.region = problem;
  }
  const postcode = address.postcode ?? '';
  const rule = country === 'RU' || country === 'US' ? country : 'generic';
  if (postcode === '') {
    if (rule !== 'generic') problems.postcode = 'required';
  } else if (Array.from(postcode).length > ADDRESS_MAX_LENGTH.postcode) problems.postcode = 'tooLong';
  else if (!POSTCODE[rule].test(postcode)) problems.postcode = 'postcode';
  return problems;
}

/** English reasons in the VALIDATION_ERROR field messages (the form shows its own translated words). */
export const ADDRESS_PROBLEM_TEXT: Record<AddressProblem, string> = {
  required: 'This field is required.',
  tooLong: 'This field is too long.',
  characters: 'Use letters, digits, spaces and . , \' " # № / ( ) - only.',
  controlCharacters: 'Control and invisible characters are not allowed.',
  markup: 'Angle and curly brackets are not allowed.',
  emoji: 'Emoji are not allowed.',
  postcode: 'The postcode does not match the format of this country.',
  region: 'Choose a US state.',
  country: 'We do not ship cards to this country.',
};

const text = (max: number) => z.string().check(z.maxLength(max * 4), z.overwrite(normalizeAddressText));
const optionalText = (max: number) => z.optional(z.nullable(text(max)));

/** What the order sends and the card keeps (optional fields come back as null). */
export const DeliveryAddress = z
  .strictObject({
    /** ISO 3166-1 alpha-2, one of SHIPPING_COUNTRIES. */
    country: z.string().check(z.maxLength(8), z.overwrite((value) => value.trim().toUpperCase())),
    recipient: text(ADDRESS_MAX_LENGTH.recipient),
    line1: text(ADDRESS_MAX_LENGTH.line1),
    line2: optionalText(ADDRESS_MAX_LENGTH.line2),
    city: text(ADDRESS_MAX_LENGTH.city),
    /** State (US: USPS code, required), region, province. */
    region: optionalText(ADDRESS_MAX_LENGTH.region),
    /** RU: 6 digits; US: ZIP or ZIP+4; elsewhere optional. */
    postcode: optionalText(ADDRESS_MAX_LENGTH.postcode),
  })
  .check(
    z.superRefine((address, ctx) => {
      for (const [field, problem] of Object.entries(addressProblems(address))) {
        ctx.issues.push({ code: 'custom', message: ADDRESS_PROBLEM_TEXT[problem], path: [field], input: address });
      }
    }),
  );
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

/** The address as stored and answered (every field present). */
export const StoredDeliveryAddress = z.object({
  country: z.string(),
  recipient: z.string(),
  line1: z.string(),
  line2: z.nullable(z.string()),
  city: z.string(),
  region: z.nullable(z.string()),
  postcode: z.nullable(z.string()),
});
export type StoredDeliveryAddress = z.infer<typeof StoredDeliveryAddress>;
