import * as z from 'zod/mini';

/**
 * The name rule of the registration form (first and last name), ONE rule for the form and the server
 * (docs/api.md "Names"). A name is, after NFC normalisation, trimming and collapsing runs of white space
 * to one space: 1–64 characters (code points) of letters of any script (with their combining marks),
 * spaces, hyphens, apostrophes (' ’ ʼ) and dots, with at least one letter. Refused, each with its own
 * reason: control and invisible format characters (zero-width, bidi overrides), angle brackets (markup),
 * emoji, and anything else (digits, symbols).
 */
export const PERSON_NAME_MAX_LENGTH = 64;

export type PersonNameProblem = 'required' | 'tooLong' | 'controlCharacters' | 'markup' | 'emoji' | 'characters';

/**
 * The reasons in the VALIDATION_ERROR field messages. The contract carries only the problem codes (it is on the
 * client's first data screens); the server loads English sentences at start (server/http/validation.ts), as it
 * loads zod's English locale. The form shows translated sentences (auth:validation.name*).
 */
let messages: Partial<Record<PersonNameProblem, string>> = {};
export const setPersonNameMessages = (sentences: Record<PersonNameProblem, string>): void => {
  messages = sentences;
};

/** NFC, trimmed, inner white space collapsed to one space. Control characters are kept (and refused). */
export const normalizePersonName = (raw: string): string =>
  raw
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .trim();

const CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}]/u;
const MARKUP = /[<>\uFF1C\uFF1E]/u;
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u20E3\uFE0F]/u;
const ALLOWED = /^[\p{L}\p{M} \-'.\u2019]+$/u; // ʼ (U+02BC) is a letter (Lm)
const LETTER = /\p{L}/u;

/** The first problem of an already normalised name, or null when it is acceptable. */
export function personNameProblem(name: string): PersonNameProblem | null {
  if (name.length === 0) return 'required';
  if (EMOJI.test(name)) return 'emoji'; // before control characters: emoji sequences hold joiners (U+200D)
  if (CONTROL.test(name)) return 'controlCharacters';
  if (MARKUP.test(name)) return 'markup';
  if (!ALLOWED.test(name) || !LETTER.test(name)) return 'characters';
  if (Array.from(name).length > PERSON_NAME_MAX_LENGTH) return 'tooLong';
  return null;
}

export const PersonName = z.string().check(
  z.overwrite(normalizePersonName),
  z.superRefine((name, ctx) => {
    const problem = personNameProblem(name);
    if (problem) ctx.issues.push({ code: 'custom', message: messages[problem] ?? problem, input: name });
  }),
);
