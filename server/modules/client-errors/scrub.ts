/**
 * What an error report may carry by accident, removed before it is logged: a URL's query or fragment (tokens, start
 * parameters), emails, card-number-like runs of digits, bearer tokens and JWTs, and long opaque strings (keys, init
 * data). The app sends no such thing on purpose; this is the server's guarantee, since a report is outside input.
 */
const RULES: Array<[RegExp, string]> = [
  [/(https?:\/\/[^\s?#'")]+)\?[^\s#'")]*/g, '$1'],
  [/(https?:\/\/[^\s?#'")]+)#[^\s'")]*?((?::\d+){0,2})(?=[\s'")]|$)/g, '$1$2'],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, '[jwt]'],
  [/\b\d(?:[ -]?\d){11,18}\b/g, '[number]'],
  [/\b[A-Za-z0-9_+/=-]{32,}\b/g, '[token]'],
];

export const scrubPersonalData = (text: string): string => RULES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
