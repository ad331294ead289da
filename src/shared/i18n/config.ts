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

/**
 * THE list of shared namespaces: the only files allowed in `locales/<lang>/` (locales.test.ts fails on any other), each
 * with why its words are shared. A slice's own words live beside it (`defineTexts`, slice-texts.ts; docs/frontend.md
 * "i18n"); add a namespace here only for words several layers or the server read.
 */
export const SHARED_NAMESPACE_REASONS: Readonly<Record<string, string>> = {
  common: 'core: the app name, Retry/Loading and other words every screen and the boot recovery use',
  shell: 'core: the app shell (tabs, toasts) around every signed-in screen',
  welcome: 'core: the signed-out first screen renders from the entry chunk without a request (docs/performance.md)',
  platform: 'Telegram bridge messages shown by any screen that calls the bridge (shared/platform)',
  errors: 'API error messages of shared/api toErrorMessage, used by every screen that calls the server',
  'error-codes': 'words for every server error code, the fallback of every failed call',
  wallet: "the Wallet's first paint (loaded by its route: a slice's words may not ride that path) and the wallet transactions' names the statements print",
  cards: 'the card status names: the app and the operator console',
  transactions: "card transactions' and purchases' names and statuses, the details' labels: the app, the statements and the receipts",
  invitation: "the invitation the app shares and the bot's prepared message say",
  notifications: "the events' sentences: the activity centre and the bot",
};
