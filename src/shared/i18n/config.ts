export const SUPPORTED_LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** SPEC §1: the chosen/detected language is cached in localStorage under this key. */
export const LANGUAGE_STORAGE_KEY = 'tgwallet.language';
export const DEFAULT_NAMESPACE = 'common';
