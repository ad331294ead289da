export const SUPPORTED_LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** SPEC §1: the chosen/detected language is cached in localStorage under this key. */
export const LANGUAGE_STORAGE_KEY = 'tgwallet.language';
export const DEFAULT_NAMESPACE = 'common';
/**
 * Namespaces that shared code refers to by key prefix — `errors:` (API error messages, `@/shared/api`
 * toErrorMessage), `error-codes:` (words for every server error code: needed only once a call has failed, so no
 * route lists it and it stays off every first screen's budget) and `platform:` (Telegram bridge messages) — and
 * that are not in the entry chunk: the app
 * preloads them once the first screen is idle. A screen that shows them still lists them in
 * `useTranslation([...])` (or its route `namespaces`) so it never renders before they arrive.
 */
export const SHARED_NAMESPACES: readonly string[] = ['errors', 'error-codes', 'platform'];
