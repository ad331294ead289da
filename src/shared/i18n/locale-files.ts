/**
 * Loaders of the translation files that are NOT needed before the first render (every namespace except the
 * core ones, in every language), each file its own lazy chunk. The map itself is in the entry chunk
 * (resources.ts): ~0.1 KB per file, so that a screen's translations are requested with its code (issue #13).
 */
export const LOCALE_FILES = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  '!./locales/*/{common,shell,welcome}.json',
]);
