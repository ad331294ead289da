/**
 * Loaders of the translation files that are NOT needed before the first render (every namespace except the
 * core ones, in every language), each file its own lazy chunk. This map is itself a lazy chunk
 * (resources.ts imports it on first use), so the entry chunk does not grow with every namespace a screen adds.
 */
export const LOCALE_FILES = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  '!./locales/*/{common,shell,welcome}.json',
]);
